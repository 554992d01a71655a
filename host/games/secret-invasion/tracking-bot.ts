// The strong bot: it tracks what each opponent may hold from its view alone (the cards not yet
// seen, what the rules showed it, a Boba Fett guess that just missed) and plays the move with
// the best expected score over those odds, one move ahead:
//   putting an opponent out scores 1 times its chance; being put out costs as much;
//   the card kept scores by its value, more as the deck runs down (the showdown nears);
//   Chewbacca's protection and Han Solo's look score a little; discarding Leia is never chosen.
// Ties between equally good moves are broken with the generator the runner hands it.
// `trackingBot` plays whole moves (the older shape, game.ts); `trackingStepBot` plays the table
// game's steps, each scored as the best whole move it leads to (it never undoes a step).

import type { Bot } from '../../engine/table-play.ts';
import { chanceOfValue, compareOdds, expectedValue, handOdds, unseenCounts, type Odds } from './card-odds.ts';
import { namesValue, seatsSeen, targetOptions } from './choosing.ts';
import { STANDARD_DECK, type Deck } from './deck.ts';
import type { CardView, PlayerId, SecretInvasionMove, SecretInvasionStep, SecretInvasionView } from './model.ts';

const OUT = 1;
const NEVER = -100;
const PROTECTION = 0.15;
const LOOK = 0.2;

type Move = SecretInvasionMove;
type Discard = Extract<Move, { type: 'discard' }>;

interface Context {
  readonly deck: Deck;
  readonly view: SecretInvasionView;
  readonly unseen: Map<string, number>;
  /** Worth of one point of value in the card kept. */
  readonly valueWeight: number;
  odds(player: PlayerId): Odds;
}

function contextOf(deck: Deck, view: SecretInvasionView): Context {
  const unseen = unseenCounts(deck, view);
  const cache = new Map<PlayerId, Odds>();
  // The deck after the deal holds at most 16 - players cards; as it runs down, the card kept matters more.
  const fullDeck = deck.rules.deckSize - deck.rules.setAside - view.faceUp.length - view.players.length;
  const progress = fullDeck <= 0 ? 1 : 1 - Math.min(1, view.deckCount / fullDeck);
  return {
    deck,
    view,
    unseen,
    valueWeight: 0.03 + 0.12 * progress,
    odds(player) {
      let odds = cache.get(player);
      if (!odds) cache.set(player, (odds = handOdds(deck, view, player, unseen)));
      return odds;
    },
  };
}

function keepScore(ctx: Context, card: CardView): number {
  return ctx.deck.character(card.character).effect === 'out-when-discarded' ? 8 * ctx.valueWeight + 0.1 : card.value * ctx.valueWeight;
}

function guessScore(ctx: Context, target: PlayerId, guess: number): number {
  return chanceOfValue(ctx.deck, ctx.odds(target), guess) * OUT;
}

function discardScore(ctx: Context, move: Discard): number {
  const { deck, view } = ctx;
  const played = view.hand.find((c) => c.character === move.character);
  const kept = view.hand.find((c) => c !== played);
  if (!played || !kept) return 0;
  const effect = deck.character(played.character).effect;
  const keep = keepScore(ctx, kept);
  const target = move.target;
  switch (effect) {
    case 'out-when-discarded':
      return NEVER;
    case 'none':
      return keep;
    case 'protect':
      return keep + PROTECTION;
    case 'look': {
      if (target === null) return keep;
      const known = view.known.some((k) => k.player === target);
      return keep + (known ? 0.01 : LOOK);
    }
    case 'guess':
      return keep + (target === null || move.guess === null ? 0 : guessScore(ctx, target, move.guess));
    case 'guess-twice': {
      if (target === null || move.guess === null) return keep;
      const hit = guessScore(ctx, target, move.guess);
      // After a miss the target is known not to hold that value; a second try is taken only if worth it.
      const odds = new Map(ctx.odds(target));
      for (const [id] of odds) if (deck.character(id).value === move.guess) odds.delete(id);
      const total = [...odds.values()].reduce((a, b) => a + b, 0);
      const best = total === 0 ? 0 : Math.max(...[...odds.values()].map((p) => p / total));
      return keep + hit + (1 - hit) * Math.max(0, best * OUT - (1 - best) * OUT);
    }
    case 'compare-lower-out':
    case 'compare-higher-out': {
      if (target === null) return keep;
      const { below, above } = compareOdds(deck, ctx.odds(target), kept.value);
      const win = effect === 'compare-lower-out' ? below : above;
      const lose = effect === 'compare-lower-out' ? above : below;
      return keep + win * OUT - lose * OUT;
    }
    case 'swap': {
      if (target === null) return keep;
      const odds = ctx.odds(target);
      return expectedValue(deck, odds) * ctx.valueWeight + 0.05 - (kept.value === 8 ? 0.3 : 0);
    }
    case 'redraw': {
      if (target === null) return keep;
      if (target === view.viewer) {
        if (deck.character(kept.character).effect === 'out-when-discarded') return NEVER;
        const fresh = new Map(ctx.unseen);
        const total = [...fresh.values()].reduce((a, b) => a + b, 0);
        let expected = 0;
        for (const [id, n] of fresh) expected += (n / Math.max(1, total)) * deck.character(id).value;
        return expected * ctx.valueWeight;
      }
      const odds = ctx.odds(target);
      const leia = deck.characters.find((c) => c.effect === 'out-when-discarded');
      const leiaChance = leia ? (odds.get(leia.id) ?? 0) : 0;
      return keep + leiaChance * OUT + 0.02 * (expectedValue(deck, odds) - 4);
    }
  }
}

function scoreOf(ctx: Context, move: Move): number {
  switch (move.type) {
    case 'discard':
      return discardScore(ctx, move);
    case 'stop-guessing':
      return 0;
    case 'guess-again': {
      const hit = guessScore(ctx, move.target, move.guess);
      return hit * OUT - (1 - hit) * OUT;
    }
  }
}

export function trackingBot(deck: Deck = STANDARD_DECK): Bot<SecretInvasionView, SecretInvasionMove> {
  return (view, legalMoves, rng) => {
    const ctx = contextOf(deck, view);
    let best: Move[] = [];
    let bestScore = -Infinity;
    for (const move of legalMoves) {
      const score = scoreOf(ctx, move);
      if (score > bestScore + 1e-9) {
        best = [move];
        bestScore = score;
      } else if (score > bestScore - 1e-9) {
        best.push(move);
      }
    }
    return rng.pick(best);
  };
}

/** The targets a card's effect may take, from the view (as choosing.ts offers them): null when it takes none. */
function targetsFrom(deck: Deck, view: SecretInvasionView, character: string): (PlayerId | null)[] | null {
  return targetOptions(seatsSeen(view.players), view.viewer, deck.character(character));
}

/** The best score of the whole discards of `character` with the targets (and values) still open. */
function bestDiscard(ctx: Context, character: string, targets: readonly (PlayerId | null)[] | null): number {
  const actor = ctx.view.viewer;
  if (targets === null) return discardScore(ctx, { actor, type: 'discard', character, target: null, guess: null });
  const values = guessValues(ctx.deck);
  let best = -Infinity;
  for (const target of targets) {
    if (target !== null && namesValue(ctx.deck.character(character).effect)) {
      for (const guess of values) best = Math.max(best, discardScore(ctx, { actor, type: 'discard', character, target, guess }));
    } else {
      best = Math.max(best, discardScore(ctx, { actor, type: 'discard', character, target, guess: null }));
    }
  }
  return best;
}

function guessValues(deck: Deck): number[] {
  const values: number[] = [];
  for (let v = deck.rules.guess.min; v <= deck.rules.guess.max; v++) values.push(v);
  return values;
}

function bestSecondGuess(ctx: Context, targets: readonly PlayerId[]): number {
  let best = -Infinity;
  for (const target of targets)
    for (const guess of guessValues(ctx.deck)) best = Math.max(best, scoreOf(ctx, { actor: ctx.view.viewer, type: 'guess-again', target, guess }));
  return best;
}

function stepScore(ctx: Context, step: SecretInvasionStep): number {
  const { view, deck } = ctx;
  const choosing = view.choosing;
  const secondTry = view.stage === 'second-try';
  switch (step.type) {
    case 'undo':
    case 'chance':
      return 2 * NEVER;
    case 'stop-guessing':
      return 0;
    case 'guess-again':
      return bestSecondGuess(
        ctx,
        view.players.filter((p) => p.id !== view.viewer && p.inRound && !p.protected).map((p) => p.id),
      );
    case 'discard':
      return bestDiscard(ctx, step.character, targetsFrom(deck, view, step.character));
    case 'target':
      if (choosing === null) return 2 * NEVER;
      if (secondTry) return step.target === null ? 2 * NEVER : bestSecondGuess(ctx, [step.target]);
      return bestDiscard(ctx, choosing.character, [step.target]);
    case 'name': {
      if (choosing?.target == null) return 2 * NEVER;
      if (secondTry) return scoreOf(ctx, { actor: view.viewer, type: 'guess-again', target: choosing.target, guess: step.value });
      return discardScore(ctx, { actor: view.viewer, type: 'discard', character: choosing.character, target: choosing.target, guess: step.value });
    }
  }
}

/** The tracking bot on the table game's steps: each step scored as the best whole move it leads to. */
export function trackingStepBot(deck: Deck = STANDARD_DECK): Bot<SecretInvasionView, SecretInvasionStep> {
  return (view, legalMoves, rng) => {
    const ctx = contextOf(deck, view);
    let best: SecretInvasionStep[] = [];
    let bestScore = -Infinity;
    for (const step of legalMoves) {
      const score = stepScore(ctx, step);
      if (score > bestScore + 1e-9) {
        best = [step];
        bestScore = score;
      } else if (score > bestScore - 1e-9) {
        best.push(step);
      }
    }
    return rng.pick(best);
  };
}
