// Stolen Plans bots. The heuristic "hunter" plays on its view alone: it weighs where R2-D2 can
// be (the view's `r2d2Could`, narrowed by the engine from public facts and the bot's own view:
// what it drew, stole, saw or was told by a declaration), each place in proportion to the cards
// it holds, and steals from (or attacks) the likeliest holder; holding R2-D2 it hurries the end
// and defends hard. The random bot and the engine's search bot are seated with the engine's own
// `randomTableBot` and `searchBot` (see `spBots`); the search bot plays the hunter in its playouts
// and scores them at the end of the round (evaluation.ts).

import type { Bot } from '../../engine/table-play.ts';
import type { ActorId } from '../../engine/table-game.ts';
import type { Random } from '../../engine/rng.ts';
import { playoutPolicyOf, searchBot, type SearchOptions } from '../../engine/search-bot.ts';
import { randomTableBot, viewBot, type TableBot } from '../../engine/table-play.ts';
import { CARDS } from './cards.ts';
import { roundHorizon } from './evaluation.ts';
import { stolenPlans } from './table-game.ts';
import { actionPlay, oneTargetSteal } from './rules-facts.ts';
import { R2D2, type SpMove, type SpState, type SpView } from './state.ts';

/** The chance, as the view tells it, that R2-D2 lies with each player (the rest: the draw pile). */
export function r2d2Odds(view: SpView): Record<ActorId, number> {
  const odds: Record<ActorId, number> = {};
  for (const p of view.players) odds[p.id] = 0;
  if (view.hand.includes(R2D2)) {
    odds[view.viewer] = 1;
    return odds;
  }
  const known = view.players.find((p) => p.known.includes(R2D2));
  if (known !== undefined) {
    odds[known.id] = 1;
    return odds;
  }
  const weight = (place: string): number => (place === 'pile' ? view.drawPile : (view.players.find((p) => p.id === place)?.cards ?? 0));
  const total = view.r2d2Could.reduce((sum, place) => sum + weight(place), 0);
  if (total === 0) return odds;
  for (const place of view.r2d2Could) if (place !== 'pile') odds[place] = weight(place) / total;
  return odds;
}

const cardsOf = (view: SpView, p: ActorId): number => view.players.find((x) => x.id === p)?.cards ?? 0;

/** What a card is worth keeping, for choosing losses (higher: keep it longer). */
function keepValue(card: string, holder: boolean): number {
  if (card === R2D2) return 100;
  const defend = CARDS.defendValue(card);
  const steal = CARDS.play(card, 'own-turn', 'steal') !== null || CARDS.has(card, 'rebel-hero');
  if (holder) return (defend ?? 0) * 2 + (steal ? 1 : 0);
  return (steal ? 8 : 0) + (defend ?? 0) + (CARDS.attackValue(card) ?? 0) / 2;
}

function chooseTurn(view: SpView, moves: readonly SpMove[], random: Random): SpMove {
  const holder = view.hand.includes(R2D2);
  const odds = r2d2Odds(view);
  const of = <T extends SpMove['type']>(type: T): Extract<SpMove, { type: T }>[] => moves.filter((m): m is Extract<SpMove, { type: T }> => m.type === type);
  const win = of('action').find((m) => (m.with ?? []).length > 0);
  if (win !== undefined) return win;
  // Lose the Game goes to the player likeliest to hold R2-D2 (or anyone): it loses its holder the game.
  const gifts = of('give').filter((m) => CARDS.type(m.gift).id === 'lose-the-game');
  if (gifts.length > 0) return gifts.reduce((a, b) => ((odds[b.target] ?? 0) > (odds[a.target] ?? 0) ? b : a));
  const draw = of('draw')[0];
  const place = of('place-jedi')[0];
  if (place !== undefined && view.hand.some((c) => CARDS.has(c, 'jedi-only'))) return place;
  if (holder) {
    if (draw !== undefined) return draw;
    const attacks = of('attack');
    if (attacks.length > 0) return attacks.reduce((a, b) => (cardsOf(view, b.target) > cardsOf(view, a.target) ? b : a));
    return of('pass')[0] ?? random.pick(moves);
  }
  // Scavenger's steal-each: an `action` taking a card at random from each other player holding one (B15).
  const scavenges = (m: SpMove): boolean => m.type === 'action' && actionPlay(m.card, m.way)?.effect.kind === 'steal';
  // The chance a steal lands R2-D2: per victim, its odds times the share of its hand taken.
  const stealValue = (m: SpMove): number => {
    if (m.type === 'steal') {
      const k = oneTargetSteal(m.card)?.count ?? 1;
      return (odds[m.target] ?? 0) * Math.min(1, k / Math.max(1, cardsOf(view, m.target)));
    }
    if (m.type === 'hero-steal') {
      const [x, y] = m.victims;
      if (x === y) return (odds[x] ?? 0) * Math.min(1, 2 / Math.max(1, cardsOf(view, x)));
      return (odds[x] ?? 0) / Math.max(1, cardsOf(view, x)) + (odds[y] ?? 0) / Math.max(1, cardsOf(view, y));
    }
    if (scavenges(m)) return view.players.reduce((sum, p) => (p.id === view.viewer ? sum : sum + (odds[p.id] ?? 0) / Math.max(1, p.cards)), 0);
    if (m.type === 'mind-trick') return odds[m.target] ?? 0;
    // The Data Pad takes one card at random, as a Boba Fett Steal.
    if (m.type === 'resource' && CARDS.type(m.card).id === 'data-pad') return (odds[m.target] ?? 0) / Math.max(1, cardsOf(view, m.target));
    return 0;
  };
  const steals = moves.filter((m) => m.type === 'steal' || m.type === 'hero-steal' || m.type === 'mind-trick' || m.type === 'resource' || scavenges(m));
  const best = steals.length > 0 ? steals.reduce((a, b) => (stealValue(b) > stealValue(a) ? b : a)) : undefined;
  const late = view.drawPile <= view.players.length * 2;
  if (best !== undefined && (stealValue(best) >= 0.25 || (late && stealValue(best) > 0))) return best;
  // Attack the likeliest holder with many cards: a smaller hand is easier to steal from.
  const attacks = of('attack');
  if (attacks.length > 0) {
    const score = (m: Extract<SpMove, { type: 'attack' }>): number => (odds[m.target] ?? 0) * 10 + (CARDS.attackValue(m.card) ?? 0) / 10;
    const a = attacks.reduce((x, y) => (score(y) > score(x) ? y : x));
    if ((odds[a.target] ?? 0) > 0.2 && cardsOf(view, a.target) > 1) return a;
  }
  if (best !== undefined && stealValue(best) > 0 && draw === undefined) return best;
  // Binocs on the likeliest holder when R2-D2's place is still uncertain.
  const binocs = of('resource').filter((m) => CARDS.type(m.card).id === 'binocs');
  const unsure = Math.max(0, ...Object.values(odds)) < 0.6;
  if (binocs.length > 0 && unsure) return binocs.reduce((a, b) => ((odds[b.target] ?? 0) > (odds[a.target] ?? 0) ? b : a));
  // Rogue One: Locate Plans as Binocs; Reprogram (as Jedi Wisdom) for a steal card; squad cards placed (they work from then on).
  const locate = of('use-squad').filter((m) => m.target !== undefined);
  if (locate.length > 0 && unsure) return locate.reduce((a, b) => ((odds[b.target ?? ''] ?? 0) > (odds[a.target ?? ''] ?? 0) ? b : a));
  const wisdom = [...of('jedi-wisdom'), ...of('use-squad')].find((m) => m.take !== undefined && CARDS.play(m.take, 'own-turn', 'steal') !== null);
  if (wisdom !== undefined) return wisdom;
  const squad = of('action').find((m) => CARDS.has(m.card, 'squad'));
  if (squad !== undefined) return squad;
  if (draw !== undefined) return draw;
  return best ?? attacks[0] ?? of('pass')[0] ?? random.pick(moves);
}

/** The hunter: tracks where R2-D2 can be and steals and attacks accordingly. */
export const hunterBot: Bot<SpView, SpMove> = (view, all, random) => {
  if (all.length === 1) return all[0] as SpMove;
  const top = view.decisions.at(-1)?.data;
  if (top === undefined) return random.pick(all);
  const holder = view.hand.includes(R2D2);
  // The Cargo Ship (RO6): unload it when attacked (its cargo may defend) or with nothing else in hand; else keep it loading.
  const unload = all.find((m) => m.type === 'unload');
  if (unload !== undefined && (view.hand.length === 0 || (top.at === 'target-response' && top.effect === 'attack'))) return unload;
  const moves = all.filter((m) => m.type !== 'unload');
  if (moves.length === 1) return moves[0] as SpMove;
  switch (top.at) {
    case 'discarding': {
      // Load the card most worth having; every card loaded comes to the hand in the end.
      const loads = moves.filter((m): m is Extract<SpMove, { type: 'react' }> => m.type === 'react' && m.on !== undefined);
      const best = loads.reduce<Extract<SpMove, { type: 'react' }> | undefined>(
        (a, b) => (a === undefined || keepValue(b.on ?? '', holder) > keepValue(a.on ?? '', holder) ? b : a),
        undefined,
      );
      return best ?? moves.find((m) => m.type === 'pass') ?? random.pick(moves);
    }
    case 'turn':
    case 'extra-play':
      return chooseTurn(view, moves, random);
    case 'friendly-gesture': {
      // Give away what is worth least to keep (Lose the Game first).
      const overs = moves.filter((m): m is Extract<SpMove, { type: 'hand-over' }> => m.type === 'hand-over');
      const worth = (c: string): number => (CARDS.type(c).id === 'lose-the-game' ? -1 : keepValue(c, holder));
      return overs.reduce((a, b) => (worth(b.card) < worth(a.card) ? b : a));
    }
    case 'target-response': {
      const defends = moves.filter((m): m is Extract<SpMove, { type: 'defend' }> => m.type === 'defend');
      const total = (m: Extract<SpMove, { type: 'defend' }>): number => m.cards.reduce((s, c) => s + (CARDS.defendValue(c) ?? 0), 0);
      const enough = defends.filter((m) => total(m) >= top.value);
      if (enough.length > 0) return enough.reduce((a, b) => (total(b) < total(a) ? b : a));
      // Short of Defend cards: answer with a card that stops the play (Evade, Cancel, Block Steal, the opposite Strike or Assault).
      const answer = moves.find((m) => m.type === 'react');
      if (answer !== undefined && (top.effect !== 'attack' || holder || top.value >= 5)) return answer;
      // Short of the Attack: spend cards only if that saves more than it costs.
      const most = defends.length > 0 ? defends.reduce((a, b) => (total(b) > total(a) ? b : a)) : undefined;
      if (most !== undefined && (holder || total(most) >= most.cards.length * 2)) return most;
      return moves.find((m) => m.type === 'pass') ?? random.pick(moves);
    }
    case 'choose-discards': {
      const discards = moves.filter((m): m is Extract<SpMove, { type: 'discard' }> => m.type === 'discard');
      return discards.reduce((a, b) => (keepValue(b.card, holder) < keepValue(a.card, holder) ? b : a));
    }
    case 'mind-trick': {
      const takes = moves.filter((m): m is Extract<SpMove, { type: 'take' }> => m.type === 'take');
      return takes.find((m) => m.card === R2D2) ?? takes.reduce((a, b) => (keepValue(b.card, false) > keepValue(a.card, false) ? b : a));
    }
    default:
      return moves[0] as SpMove;
  }
};

export type SpTableBot = TableBot<SpState, SpMove, SpView>;

/**
 * Visits credited to the hunter's own choice at the root (the engine's `policyPrior`): with fewer,
 * the search overrode the hunter more often and won less (against two hunters, 3 players, seeds
 * 1-90 at 100 iterations: 4 visits 32 wins, 10 visits 37, the hunter in its seat 40).
 */
export const SEARCH_POLICY_PRIOR = 10;

/** The hunter as the search bot's playout policy (it plays on the view of the state played out). */
const hunterPlayout = playoutPolicyOf(stolenPlans, hunterBot);

/**
 * The bots a table may seat: random, the hunter, and the engine's search bot: its playouts played
 * by the hunter and cut at the end of the round (`roundHorizon`, scored by evaluation.ts), the
 * other players moving as the hunter in its tree too (`policyOpponents`), the hunter's own choice
 * credited with `SEARCH_POLICY_PRIOR` visits.
 */
export const spBots = {
  random: (): SpTableBot => randomTableBot<SpState, SpMove, SpView>(),
  hunter: (): SpTableBot => viewBot<SpState, SpMove, SpView>('hunter', hunterBot),
  search: (options: SearchOptions<SpState> = {}): SpTableBot =>
    searchBot(stolenPlans, { playout: hunterPlayout, horizon: roundHorizon, policyOpponents: true, policyPrior: SEARCH_POLICY_PRIOR, ...options }),
};
