// The rules of Stolen Plans on the engine's decision stack (README.md, "The rules as the engine
// implements them"): the legal moves built directly, the judge with a reason naming the rule,
// and the play of a move written once against a Writer (applied copy-on-write or in place).
// Implemented: the base game (S1, T, E, L, A, ST, H, J), the two optional rules and New Ruling.

import { chanceMoveProblem, chanceStream } from '../../engine/chance.ts';
import type { Writer } from '../../engine/cow.ts';
import { answerProblem, answerTop, chanceDecision, CHANCE, decision, isWaitingOn, topDecision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/game.ts';
import type { WrittenRules } from '../../engine/table-game.ts';
import { CARDS, typeOf } from './cards.ts';
import {
  handOf,
  jediOf,
  leftOf,
  othersFrom,
  R2D2,
  seatOf,
  turnPlayer,
  type Place,
  type SpData,
  type SpDecision,
  type SpEvent,
  type SpMove,
  type SpState,
} from './state.ts';

const top = (s: SpState): SpDecision | null => topDecision(s.stack);

// ---- public facts ----

/** Whether a card of `type` may be in a hand or the draw pile: it is in the game and not every copy lies face up (W5). */
export function mayBeHeld(s: SpState, type: string): boolean {
  const copies = s.allCards.filter((c) => typeOf(c) === type);
  const faceUp = (c: string): boolean =>
    s.discard.includes(c) || s.onTable.includes(c) || s.removed.includes(c) || s.beside.includes(c) || s.inPlay.some((p) => p.card === c);
  return copies.some((c) => !faceUp(c));
}

/** Whether a play's `against` list answers the cards played (`effect`: what the play does). */
function answers(against: readonly string[] | undefined, cards: readonly string[], effect: string): boolean {
  if (against === undefined) return true;
  return against.some((sel) => {
    if (sel === 'against-you') return true;
    const [kind, id] = sel.split(':') as [string, string];
    if (kind === 'effect') return id === effect;
    if (kind === 'card') return cards.some((c) => typeOf(c) === id);
    return cards.some((c) => CARDS.has(c, id as never));
  });
}

/** The effect kinds of the answers the rules play in each window (Saw Gerrera's and the Assaults' answers come with their sets). */
const REACTIONS: Readonly<Record<string, readonly string[]>> = {
  'target-response': ['defend', 'evade', 'cancel'],
  'turn-start': ['skip-turn'],
  'defend-played': ['cancel-defend-card', 'capture-hero'],
  'attack-failed': ['avoid-loss'],
  'heroes-played': ['capture-hero'],
};

/** The plays of the game's cards that may answer in `window` against these cards: answers from a hand, without companions. */
function answerPlays(window: string, cards: readonly string[], effect: string, noDefend: boolean) {
  return CARDS.catalog
    .answersIn(window)
    .filter(
      ({ play }) =>
        (REACTIONS[window] ?? []).includes(play.effect.kind) &&
        (play.with ?? []).length === 0 &&
        !(noDefend && play.effect.kind === 'defend') &&
        answers(play.against, cards, effect),
    );
}

/** Whether some card that may still be held answers in the window (W1, W5: a window nobody could answer does not open). */
function answerable(s: SpState, window: string, cards: readonly string[], effect: string, noDefend = false): boolean {
  return answerPlays(window, cards, effect, noDefend).some(({ card }) => mayBeHeld(s, card.id));
}

/** The cards of `actor`'s hand they may react with in the window (a Defend is a move of its own). */
function reactCards(s: SpState, actor: ActorId, window: string, cards: readonly string[], effect: string): string[] {
  const types = new Set(
    answerPlays(window, cards, effect, true)
      .filter(({ play }) => play.effect.kind !== 'defend')
      .map(({ card }) => card.id),
  );
  return handOf(s, actor).filter((c) => types.has(typeOf(c)));
}

/** The effect of `card`'s answer in `window`. */
function reactEffect(card: string, window: string): string | null {
  return CARDS.type(card).plays.find((p) => p.when === `window:${window}` && (REACTIONS[window] ?? []).includes(p.effect.kind))?.effect.kind ?? null;
}

/** Players with a card in hand, from the left of `from` (windows ask card holders: W1). */
const holders = (s: SpState, players: readonly ActorId[]): ActorId[] => players.filter((p) => handOf(s, p).length > 0);

const isJedi = (s: SpState, p: ActorId): boolean => !s.jediRemoved && jediOf(s, p) !== null;
const jediOnly = (card: string): boolean => CARDS.has(card, 'jedi-only');
const isHero = (card: string): boolean => CARDS.has(card, 'rebel-hero');

/** The cards of a hand that may go in a Defend (A3): any with a Defend value; the Lightsaber only for a Jedi. */
function defendCards(s: SpState, p: ActorId): string[] {
  return handOf(s, p).filter((c) => CARDS.defendValue(c) !== null && (!jediOnly(c) || isJedi(s, p)));
}

/** Subsets of 1..max of `cards`, each in the order of `cards` (a hand's order). */
function combos(cards: readonly string[], max: number): string[][] {
  const out: string[][] = [];
  cards.forEach((a, i) => {
    out.push([a]);
    if (max >= 2) for (const b of cards.slice(i + 1)) out.push([a, b]);
  });
  return out;
}

/** A canonical order for a set of cards named in a move: by id. */
const sortedIds = (cards: readonly string[]): string[] => [...cards].sort();
const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

function permutations(cards: readonly string[]): string[][] {
  if (cards.length <= 1) return [cards.slice()];
  return cards.flatMap((c, i) => permutations([...cards.slice(0, i), ...cards.slice(i + 1)]).map((rest) => [c, ...rest]));
}

/** The Attack plays of a card on one's own turn: alone, or with a named companion card (Captain Phasma and the Stormtrooper). */
function attackPlays(card: string): { value: number; companion: string | null }[] {
  return CARDS.type(card).plays.flatMap((p): { value: number; companion: string | null }[] => {
    if (p.when !== 'own-turn' || p.effect.kind !== 'attack') return [];
    const w = p.with ?? [];
    if (w.length === 0) return [{ value: p.effect.value, companion: null }];
    if (w.length === 1 && w[0]?.card !== undefined) return [{ value: p.effect.value, companion: w[0].card }];
    return [];
  });
}

const isCrush = (card: string): boolean => CARDS.type(card).plays.some((p) => p.when === 'own-turn' && p.effect.kind === 'block-defend');

/** The ways to attack with `card` from this hand: each its companions (sorted) and value. */
function attackWays(hand: readonly string[], card: string): { with: string[]; value: number }[] {
  const ways: { with: string[]; value: number }[] = [];
  for (const play of attackPlays(card)) {
    const companions = play.companion === null ? [null] : hand.filter((c) => c !== card && typeOf(c) === play.companion);
    for (const companion of companions) {
      const base = companion === null ? [] : [companion];
      ways.push({ with: base, value: play.value });
      if (CARDS.has(card, 'attack-card')) for (const crush of hand.filter(isCrush)) ways.push({ with: sortedIds([...base, crush]), value: play.value });
    }
  }
  return ways;
}

/** The Steal Bonus cards of a hand that may go with this steal card (B7: with a Boba Fett Steal). */
function stealBonuses(hand: readonly string[], card: string): string[] {
  return hand.filter((c) =>
    CARDS.type(c).plays.some(
      (p) =>
        p.when === 'own-turn' &&
        p.effect.kind === 'steal' &&
        p.effect.count === 'all' &&
        (p.with ?? []).some((x) => x.card !== undefined && x.card === typeOf(card)),
    ),
  );
}

const strikeCount = (card: string): number | null => {
  const p = CARDS.type(card).plays.find(
    (x) => x.when === 'own-turn' && x.effect.kind === 'discard' && x.effect.who === 'one-other' && (x.with ?? []).length === 0,
  );
  return p !== undefined && p.effect.kind === 'discard' && typeof p.effect.count === 'number' ? p.effect.count : null;
};

/** The bonus actions of one's own turn the rules play (`action` moves), by effect kind. */
const ACTIONS = ['draw', 'win', 'place', 'counter-advantage', 'remove-jedi', 'take-from-discard', 'discard', 'peek-and-take', 'pass-hands'] as const;

function actionPlay(card: string) {
  return (
    CARDS.type(card).plays.find(
      (p) =>
        p.when === 'own-turn' &&
        (ACTIONS as readonly string[]).includes(p.effect.kind) &&
        // Of the discards, Discard All's (every card of one player, some passing to you); the Strikes are `strike` moves.
        (p.effect.kind !== 'discard' ||
          (p.effect.count === 'all' && p.effect.who === 'one-other' && p.effect.passes !== undefined) ||
          p.effect.who === 'each-other') &&
        !CARDS.has(card, 'jedi-only') &&
        !CARDS.has(card, 'jedi-card'),
    ) ?? null
  );
}

/** The owner of an Advantage (a card whose passive is draw-count) in play other than `actor`'s. */
function advantageOwners(s: SpState, actor: ActorId): ActorId[] {
  return s.inPlay.filter((c) => c.owner !== actor && (CARDS.type(c.card).inPlay ?? []).some((x) => x.kind === 'draw-count')).map((c) => c.owner);
}

/** How many cards `p`'s turn draw takes (B2: Advantage in front of them makes it 2). */
function drawCount(s: SpState, p: ActorId): number {
  let n = 1;
  for (const c of s.inPlay) if (c.owner === p) for (const x of CARDS.type(c.card).inPlay ?? []) if (x.kind === 'draw-count') n = Math.max(n, x.value);
  return n;
}

/** The action moves `card` allows from this hand (with its companions, at its targets). */
function actionMoves(s: SpState, actor: ActorId, card: string): SpMove[] {
  const play = actionPlay(card);
  if (play === null) return [];
  const hand = handOf(s, actor);
  switch (play.effect.kind) {
    case 'draw':
      return s.drawPile.length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'win': {
      const companions: string[] = [];
      for (const c of play.with ?? []) {
        const found = hand.find((h) => h !== card && c.card !== undefined && typeOf(h) === c.card && !companions.includes(h));
        if (found === undefined) return [];
        companions.push(found);
      }
      return [{ actor, type: 'action', card, with: sortedIds(companions) }];
    }
    case 'place':
      return [{ actor, type: 'action', card }];
    case 'counter-advantage':
      return [...new Set(advantageOwners(s, actor))].map((target) => ({ actor, type: 'action', card, target }));
    case 'remove-jedi':
      return [{ actor, type: 'action', card }];
    case 'take-from-discard':
      return s.discard.length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'peek-and-take':
      return holders(s, othersFrom(s, actor)).length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'pass-hands':
      return [{ actor, type: 'action', card }];
    case 'discard':
      if (play.effect.who === 'each-other') return [{ actor, type: 'action', card }];
      return holders(s, othersFrom(s, actor)).map((target) => ({ actor, type: 'action', card, target }));
    default:
      return [];
  }
}

// ---- legal moves, built directly ----

function turnMoves(s: SpState, actor: ActorId): SpMove[] {
  const moves: SpMove[] = [];
  if (s.drawPile.length > 0) moves.push({ actor, type: 'draw' });
  const hand = handOf(s, actor);
  const others = othersFrom(s, actor);
  const withCards = others.filter((p) => handOf(s, p).length > 0);
  const jedi = isJedi(s, actor);
  const seen = new Set<string>();
  for (const card of hand) {
    // One move per card type and target is enough for two copies of a card? No: each copy is a card; list each.
    for (const way of attackWays(hand, card)) {
      for (const target of others)
        moves.push(way.with.length === 0 ? { actor, type: 'attack', card, target } : { actor, type: 'attack', card, target, with: way.with });
    }
    if (strikeCount(card) !== null) for (const target of others) moves.push({ actor, type: 'strike', card, target });
    if (CARDS.play(card, 'own-turn', 'steal') !== null) {
      for (const target of withCards) moves.push({ actor, type: 'steal', card, target });
      for (const bonus of stealBonuses(hand, card)) for (const target of withCards) moves.push({ actor, type: 'steal', card, target, with: [bonus] });
    }
    if (CARDS.has(card, 'jedi-card') && placeJediProblem(s, actor) === null) moves.push({ actor, type: 'place-jedi', card });
    if (!seen.has(`action:${card}`)) moves.push(...actionMoves(s, actor, card));
    if (jediOnly(card) && jedi) {
      if (CARDS.play(card, 'own-turn', 'peek-and-take') !== null) for (const target of withCards) moves.push({ actor, type: 'mind-trick', card, target });
      if (CARDS.play(card, 'own-turn', 'special') !== null && s.drawPile.length > 0) moves.push({ actor, type: 'force-vision', card });
      if (CARDS.play(card, 'own-turn', 'take-from-discard') !== null) {
        for (const take of s.discard)
          if (!seen.has(`${card}:${take}`)) {
            seen.add(`${card}:${take}`);
            moves.push({ actor, type: 'jedi-wisdom', card, take });
          }
      }
    }
  }
  // Two Rebel Heroes together: a steal of 2 from any combination of other players (ST1, H1).
  const heroes = sortedIds(hand.filter(isHero));
  if (withCards.length > 0) {
    heroes.forEach((a, i) => {
      for (const b of heroes.slice(i + 1)) {
        withCards.forEach((x, j) => {
          for (const y of withCards.slice(j)) moves.push({ actor, type: 'hero-steal', cards: [a, b], victims: [x, y] });
        });
      }
    });
  }
  if (passAllowed(s)) moves.push({ actor, type: 'pass' });
  return moves;
}

export function legalMoves(s: SpState, actor: ActorId): SpMove[] {
  const d = top(s);
  if (d === null || actor === CHANCE || !isWaitingOn(d, actor)) return [];
  const data = d.data;
  switch (data.at) {
    case 'turn':
      return turnMoves(s, actor);
    case 'target-response': {
      const moves: SpMove[] =
        data.effect === 'attack' && !data.crush
          ? combos(sortedIds(defendCards(s, actor)), s.rules.maxDefendCards).map((cards) => ({ actor, type: 'defend', cards }))
          : [];
      for (const card of reactCards(s, actor, 'target-response', data.attack, data.effect)) moves.push({ actor, type: 'react', card });
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'turn-start':
    case 'attack-failed': {
      const moves: SpMove[] = reactCards(s, actor, data.at, [], data.at === 'turn-start' ? 'skip-turn' : 'attack').map((card) => ({
        actor,
        type: 'react',
        card,
      }));
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'defend-played':
    case 'heroes-played': {
      const moves: SpMove[] = [];
      for (const card of handOf(s, actor)) {
        const effect = reactEffect(card, data.at);
        if (effect === null) continue;
        for (const on of reactTargets(s, data, effect)) moves.push({ actor, type: 'react', card, on });
      }
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'choose-discards':
      return handOf(s, actor)
        .filter((c) => !CARDS.undiscardable(c))
        .map((card) => ({ actor, type: 'discard', card }));
    case 'mind-trick':
      return handOf(s, data.target).map((card) => ({ actor, type: 'take', card }));
    case 'force-vision':
      return permutations(s.drawPile.slice(0, data.count)).map((cards) => ({ actor, type: 'order', cards }));
    case 'search':
      return s.discard.map((card) => ({ actor, type: 'take', card }));
    case 'scout':
      return othersFrom(s, actor).flatMap((p) => handOf(s, p).map((card): SpMove => ({ actor, type: 'take', card })));
    case 'steal':
      return [];
  }
}

/** What a Protection may cancel (a Defend card not yet cancelled) or a Capture take (a hero not yet captured). */
function reactTargets(s: SpState, data: SpData, effect: string): string[] {
  if (data.at === 'defend-played') {
    if (effect === 'cancel-defend-card') return data.defends.filter((c) => !data.cancelled.includes(c));
    if (effect === 'capture-hero') return data.defends.filter((c) => isHero(c) && !s.captures.some((x) => x.card === c));
  }
  if (data.at === 'heroes-played' && effect === 'capture-hero') return data.heroes.filter((c) => !s.captures.some((x) => x.card === c));
  return [];
}

// ---- the judge: every rule, with a reason for people (T8) ----

function passAllowed(s: SpState): boolean {
  return s.rules.passAllowedWhenPileEmpty && s.drawPile.length === 0;
}

function placeJediProblem(s: SpState, actor: ActorId): string | null {
  if (s.jediRemoved) return 'Remove Jedi was played: no Jedi card can be placed any more (J3)';
  if (isJedi(s, actor)) return 'you already have a Jedi card in front of you: one at most (J1)';
  const inPlay = s.inPlay.filter((c) => CARDS.has(c.card, 'jedi-card')).length;
  if (inPlay >= s.rules.jediSlots) return `there are already ${inPlay} Jedi in play, the most this game allows (J1)`;
  return null;
}

function turnProblem(s: SpState, move: SpMove, actor: ActorId): string | null {
  const hand = handOf(s, actor);
  const holds = (card: string): string | null => (hand.includes(card) ? null : `you do not hold ${card}`);
  const other = (p: ActorId): string | null => (s.players.includes(p) && p !== actor ? null : `choose another player at the table, not "${p}"`);
  const jediCheck = (card: string): string | null =>
    s.jediRemoved
      ? `Remove Jedi was played: ${CARDS.type(card).name} does nothing any more (J3)`
      : isJedi(s, actor)
        ? null
        : `${CARDS.type(card).name} is a Jedi Only card: only a player with a Jedi card in front of them may play it (J2)`;
  switch (move.type) {
    case 'draw':
      return s.drawPile.length === 0 ? 'the draw pile is empty' : null;
    case 'pass':
      if (passAllowed(s)) return null;
      return s.rules.passAllowedWhenPileEmpty
        ? 'you may pass only once the draw pile is empty (There is another!, E4): draw or play'
        : 'there is no passing: draw a card or play one (T2)';
    case 'attack': {
      const problem =
        holds(move.card) ?? other(move.target) ?? (attackPlays(move.card).length === 0 ? `${CARDS.type(move.card).name} is not an Attack card` : null);
      if (problem) return problem;
      const named = move.with ?? [];
      if (named.length === 0)
        return attackPlays(move.card).some((p) => p.companion === null) ? null : `${CARDS.type(move.card).name} is played with its companion card`;
      for (const c of named) if (!hand.includes(c) || c === move.card) return `you do not hold ${c} to play with it`;
      if (!attackWays(hand, move.card).some((w) => sameList(w.with, named))) {
        return `${named.map((c) => CARDS.type(c).name).join(' and ')} cannot go with ${CARDS.type(move.card).name} (name the companions in the order of their ids)`;
      }
      return null;
    }
    case 'strike':
      return holds(move.card) ?? other(move.target) ?? (strikeCount(move.card) === null ? `${CARDS.type(move.card).name} is not a Strike` : null);
    case 'steal':
      return (
        holds(move.card) ??
        other(move.target) ??
        (CARDS.play(move.card, 'own-turn', 'steal') === null ? `${CARDS.type(move.card).name} is not a Steal card` : null) ??
        (handOf(s, move.target).length === 0 ? `${move.target} has no cards to steal (ST1)` : null) ??
        ((move.with ?? []).length === 0 || (move.with?.length === 1 && stealBonuses(hand, move.card).includes(move.with[0] as string))
          ? null
          : `only a Steal Bonus goes with ${CARDS.type(move.card).name}, and only with Boba Fett (B7)`)
      );
    case 'hero-steal': {
      const [a, b] = move.cards;
      for (const c of move.cards) {
        const h = holds(c);
        if (h) return h;
        if (!isHero(c)) return `${CARDS.type(c).name} is not a Rebel Hero: a steal takes two Rebel Heroes (H1)`;
      }
      if (a === b || !sameList(move.cards, sortedIds(move.cards))) return 'name two different Rebel Heroes, in the order of their ids';
      for (const v of move.victims) {
        const o = other(v);
        if (o) return o;
        if (handOf(s, v).length === 0) return `${v} has no cards to steal (ST1)`;
      }
      const order = othersFrom(s, actor);
      if (order.indexOf(move.victims[0]) > order.indexOf(move.victims[1])) return 'name the victims in seat order from your left';
      return null;
    }
    case 'place-jedi':
      return holds(move.card) ?? (CARDS.has(move.card, 'jedi-card') ? null : `${CARDS.type(move.card).name} is not a Jedi card`) ?? placeJediProblem(s, actor);
    case 'mind-trick':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'peek-and-take') === null || !jediOnly(move.card) ? `${CARDS.type(move.card).name} is not Jedi Mind Trick` : null) ??
        jediCheck(move.card) ??
        other(move.target) ??
        (handOf(s, move.target).length === 0 ? `${move.target} has no cards to look at (D15)` : null)
      );
    case 'force-vision':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'special') === null || !jediOnly(move.card) ? `${CARDS.type(move.card).name} is not Force Vision` : null) ??
        jediCheck(move.card) ??
        (s.drawPile.length === 0 ? 'the draw pile is empty: Force Vision has nothing to show (D15)' : null)
      );
    case 'jedi-wisdom':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'take-from-discard') === null || !jediOnly(move.card) ? `${CARDS.type(move.card).name} is not Jedi Wisdom` : null) ??
        jediCheck(move.card) ??
        (s.discard.includes(move.take) ? null : `${move.take} is not in the discard pile`)
      );
    case 'action': {
      const problem = holds(move.card);
      if (problem) return problem;
      const play = actionPlay(move.card);
      if (play === null) return `${CARDS.type(move.card).name} is not played on its own on your turn`;
      if (actionMoves(s, actor, move.card).some((m) => JSON.stringify(m) === JSON.stringify(move))) return null;
      switch (play.effect.kind) {
        case 'draw':
          return 'the draw pile is empty: there is nothing to draw (D15)';
        case 'win':
          return `${CARDS.type(move.card).name} is played with ${(play.with ?? []).map((c) => (c.card === undefined ? '' : CARDS.catalog.card(c.card).name)).join(' and ')} from your hand (B1, B6)`;
        case 'counter-advantage':
          return "Counter discards another player's Advantage in play: name its owner (B2, D32)";
        case 'take-from-discard':
          return 'the discard pile is empty (D15)';
        case 'discard':
          return `${CARDS.type(move.card).name} is aimed at another player holding cards (D15)`;
        case 'peek-and-take':
          return `no other player holds a card: ${CARDS.type(move.card).name} has no use (D15)`;
        default:
          return `${CARDS.type(move.card).name} is played on its own`;
      }
    }
    case 'defend':
      return 'a Defend card is played only against an Attack on you, never on your own turn (A3)';
    default:
      return `a ${move.type} is not a turn's play (T2)`;
  }
}

export function judge(s: SpState, move: SpMove): string | null {
  const d = top(s);
  if (d === null || s.winners !== null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (move.actor === CHANCE) return `"${CHANCE}" only draws chance outcomes`;
  if (!s.players.includes(move.actor)) return `"${move.actor}" is not at this table`;
  const data = d.data;
  if (move.type === 'pass' && data.at !== 'turn') return answerProblem(d, move.actor, 'pass');
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  const hand = handOf(s, move.actor);
  switch (data.at) {
    case 'turn':
      return turnProblem(s, move, move.actor);
    case 'turn-start':
    case 'attack-failed':
    case 'defend-played':
    case 'heroes-played':
      return reactProblem(s, move, data);
    case 'target-response': {
      if (move.type === 'react') return reactProblem(s, move, data);
      if (move.type !== 'defend') return 'against an Attack on you, defend with Defend cards or pass (A3)';
      if (data.effect !== 'attack') return 'a Defend card is played only against an Attack on you (A3)';
      if (data.crush) return 'Crush the Rebellion was played with this Attack: no Defend cards (B8)';
      if (move.cards.length === 0) return 'choose at least one Defend card, or pass';
      if (move.cards.length > s.rules.maxDefendCards) {
        return `at most ${s.rules.maxDefendCards} Defend card${s.rules.maxDefendCards === 1 ? '' : 's'} against one Attack (A3${s.rules.maxDefendCards === 1 ? ', New Ruling' : ''})`;
      }
      for (const c of move.cards) {
        if (!hand.includes(c)) return `you do not hold ${c}`;
        if (CARDS.defendValue(c) === null) return `${CARDS.type(c).name} is not a Defend card (A3)`;
        if (jediOnly(c) && !isJedi(s, move.actor)) return `${CARDS.type(c).name} is Jedi Only: only a Jedi may defend with it (J2)`;
      }
      if (!sameList(move.cards, sortedIds(move.cards)) || new Set(move.cards).size !== move.cards.length)
        return 'name different Defend cards, in the order of their ids';
      return null;
    }
    case 'choose-discards':
      if (move.type !== 'discard') return `choose a card to lose (${data.remaining} to go) (L1)`;
      if (!hand.includes(move.card)) return `you do not hold ${move.card}`;
      return CARDS.undiscardable(move.card) ? `${CARDS.type(move.card).name} can never be discarded (L1)` : null;
    case 'mind-trick':
      if (move.type !== 'take') return 'take one card of the hand you are looking at (J4)';
      return handOf(s, data.target).includes(move.card) ? null : `${data.target} does not hold ${move.card}`;
    case 'force-vision': {
      if (move.type !== 'order') return 'put the cards you looked at back on the draw pile, in the order you choose (J4)';
      const seen = s.drawPile.slice(0, data.count);
      return sameList(sortedIds(move.cards), sortedIds(seen)) && new Set(move.cards).size === move.cards.length
        ? null
        : `put back exactly the ${data.count} cards you looked at`;
    }
    case 'scout':
      if (move.type !== 'take') return 'take one card of the hands you looked at (B19)';
      return othersFrom(s, move.actor).some((p) => handOf(s, p).includes(move.card)) ? null : `no other player holds ${move.card}`;
    case 'search':
      if (move.type !== 'take') return `take a card of your choice from the discard pile (${data.remaining} to go) (B3)`;
      return s.discard.includes(move.card) ? null : `${move.card} is not in the discard pile`;
    case 'steal':
      return 'the stolen card is picked at random by the engine (ST4)';
  }
}

function reactProblem(s: SpState, move: SpMove, data: SpData): string | null {
  if (move.type !== 'react') return `answer the ${data.at} window with a card that answers in it, or pass (W1)`;
  if (!handOf(s, move.actor).includes(move.card)) return `you do not hold ${move.card}`;
  const name = CARDS.type(move.card).name;
  switch (data.at) {
    case 'target-response':
      return reactCards(s, move.actor, 'target-response', data.attack, data.effect).includes(move.card) && move.on === undefined
        ? null
        : `${name} does not answer ${data.attack.map((c) => CARDS.type(c).name).join(' and ')} (A3, ST2, B23)`;
    case 'turn-start':
    case 'attack-failed':
      return reactCards(s, move.actor, data.at, [], data.at === 'turn-start' ? 'skip-turn' : 'attack').includes(move.card) && move.on === undefined
        ? null
        : `${name} is not played ${data.at === 'turn-start' ? "at the start of another player's turn (B17)" : 'when your attack fails (B18)'}`;
    case 'defend-played':
    case 'heroes-played': {
      const effect = reactEffect(move.card, data.at);
      if (effect === null) return `${name} is not played ${data.at === 'defend-played' ? 'as Defend cards are played (A4)' : 'as Rebel Heroes steal (ST3)'}`;
      if (move.on === undefined || !reactTargets(s, data, effect).includes(move.on)) {
        return effect === 'capture-hero'
          ? 'choose a Rebel Hero being played that no Capture has taken yet (B10)'
          : 'choose a Defend card being played that is not cancelled yet (B18)';
      }
      return null;
    }
    default:
      return 'nothing is answered with a card now';
  }
}

// ---- playing a move ----

/** The windows windows.json marks quick (W4): pushed with the table's quick-window seconds as their time limit. */
const QUICK_WINDOWS: ReadonlySet<string> = new Set(CARDS.catalog.windows.filter((x) => x.quick).map((x) => x.id));

function push(s: SpState, w: Writer, d: SpDecision): void {
  w.own(s, 'stack').push(QUICK_WINDOWS.has(d.kind) ? { ...d, limitSeconds: s.rules.quickWindowSeconds } : d);
}

function pop(s: SpState, w: Writer): void {
  w.own(s, 'stack').pop();
}

function takeFromHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  const hand = w.own(w.own(s, 'hands'), seatOf(s, player));
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`${player} does not hold ${card}`);
  hand.splice(i, 1);
  if (s.known.some((k) => k.holder === player && k.card === card)) s.known = s.known.filter((k) => !(k.holder === player && k.card === card));
}

function addToHand(s: SpState, w: Writer, player: ActorId, card: string): void {
  w.own(w.own(s, 'hands'), seatOf(s, player)).push(card);
}

function toDiscard(s: SpState, w: Writer, player: ActorId, card: string): void {
  takeFromHand(s, w, player, card);
  w.own(s, 'discard').push(card);
}

function know(s: SpState, viewer: ActorId, holder: Place, card: string): void {
  if (s.known.some((k) => k.viewer === viewer && k.holder === holder && k.card === card)) return;
  s.known = [...s.known, { viewer, holder, card }];
}

/**
 * Where R2-D2 may be, for each player, after a card moved from `from` to `to` (`saw`: the
 * players who know which card moved). Sound: the set always holds R2-D2's real place.
 */
function trackMove(s: SpState, from: Place, to: Place, card: string, saw: readonly ActorId[]): void {
  const next: Record<ActorId, Place[]> = {};
  for (const viewer of s.players) {
    let could = s.r2Could[viewer] ?? [];
    if (saw.includes(viewer)) {
      if (card === R2D2) could = [to];
    } else if (could.includes(from) && !could.includes(to)) {
      could = [...could, to];
    }
    next[viewer] = could;
  }
  s.r2Could = next;
  settleR2(s);
}

/** Each player's own hand and the public counts narrow where R2-D2 may be; a single other place is known. */
function settleR2(s: SpState): void {
  const next: Record<ActorId, Place[]> = {};
  for (const viewer of s.players) {
    let could: Place[];
    if (handOf(s, viewer).includes(R2D2)) could = [viewer];
    else {
      could = (s.r2Could[viewer] ?? []).filter((p) => p !== viewer && (p === 'pile' ? s.drawPile.length > 0 : handOf(s, p).length > 0));
      could = s.players.filter((p) => could.includes(p)).concat(could.includes('pile') ? ['pile'] : []);
    }
    next[viewer] = could;
    const only = could.length === 1 ? could[0] : undefined;
    if (only !== undefined && only !== viewer && only !== 'pile') know(s, viewer, only, R2D2);
  }
  s.r2Could = next;
}

/** Cards left on the table when a play is over: a captured hero to its capturer (known to all: the Capture is public), the rest discarded. */
function flushTable(s: SpState, w: Writer): void {
  if (s.onTable.length === 0) return;
  for (const card of s.onTable) {
    const capture = s.captures.find((c) => c.card === card);
    if (capture === undefined) w.own(s, 'discard').push(card);
    else {
      addToHand(s, w, capture.by, card);
      for (const viewer of othersFrom(s, capture.by)) know(s, viewer, capture.by, card);
    }
  }
  s.onTable = [];
  s.captures = [];
}

function nextTurn(s: SpState, w: Writer, events: SpEvent[]): void {
  flushTable(s, w);
  if (s.winners !== null) return;
  const player = leftOf(s, turnPlayer(s));
  s.turn += 1;
  s.stack = [turnDecision(s, player)];
  events.push({ type: 'turn-started', player, turn: s.turn });
  openTurnStart(s, w, player);
}

/** T1: the turn begins with turn-start (Miss a Turn, quick) asking every other player with cards, while a Miss a Turn may be held (W5). */
export function openTurnStart(s: SpState, w: Writer, player: ActorId): void {
  const asked = holders(s, othersFrom(s, player));
  if (asked.length === 0 || !answerable(s, 'turn-start', [], 'skip-turn')) return;
  push(
    s,
    w,
    decision<SpData>({
      kind: 'turn-start',
      asked,
      mayPass: true,
      close: 'first-taker',
      data: { at: 'turn-start', player, quickSeconds: s.rules.quickWindowSeconds },
    }),
  );
}

export function turnDecision(s: SpState, player: ActorId): SpDecision {
  return decision<SpData>({ kind: 'turn', asked: [player], mayPass: passAllowed(s), close: 'first-taker', data: { at: 'turn', player } });
}

/** The game ends (E1, E2, E4): the holder of R2-D2 wins. */
function endGame(s: SpState, events: SpEvent[], why: string): void {
  const holder = s.players.find((p) => handOf(s, p).includes(R2D2)) ?? null;
  s.winners = holder === null ? [] : [holder];
  s.summary = holder === null ? `${why}: nobody holds R2-D2, nobody wins` : `${why}: ${s.names[seatOf(s, holder)]} (${holder}) holds R2-D2 and wins`;
  s.stack = [];
  if (s.onTable.length > 0) s.discard = [...s.discard, ...s.onTable];
  s.onTable = [];
  s.captures = [];
  events.push({ type: 'game-over', winners: s.winners, r2d2: holder, summary: s.summary });
}

/** `player` must lose `count` cards (L1, L2): all they can without being asked, or a choice. */
function loseCards(s: SpState, w: Writer, player: ActorId, count: number, events: SpEvent[]): void {
  const can = handOf(s, player).filter((c) => !CARDS.undiscardable(c));
  if (can.length > count) {
    push(
      s,
      w,
      decision<SpData>({ kind: 'choose-discards', asked: [player], close: 'all-answered', data: { at: 'choose-discards', player, remaining: count } }),
    );
    return;
  }
  for (const card of can) {
    toDiscard(s, w, player, card);
    events.push({ type: 'discarded', player, card });
  }
  const kept = handOf(s, player).length;
  if (kept > 0 && count > can.length) {
    w.own(s, 'declarations').push({ player, count: kept, turn: s.turn });
    events.push({ type: 'cannot-discard', player, count: kept });
    // Every card kept cannot be discarded; when the game holds no more such cards than were kept, all know them (D23).
    const undiscardable = s.allCards.filter((c) => CARDS.undiscardable(c));
    if (undiscardable.length === kept) {
      for (const viewer of othersFrom(s, player)) {
        for (const card of handOf(s, player)) know(s, viewer, player, card);
        if (handOf(s, player).includes(R2D2)) s.r2Could = { ...s.r2Could, [viewer]: [player] };
      }
      settleR2(s);
    }
  }
  afterLoss(s, w, events);
}

/** After a loss: the next one queued in this play (Burn Cards), or the next turn. */
function afterLoss(s: SpState, w: Writer, events: SpEvent[]): void {
  const [next, ...rest] = s.lossQueue;
  if (next === undefined) {
    nextTurn(s, w, events);
    return;
  }
  s.lossQueue = rest;
  loseCards(s, w, next.player, next.count, events);
}

function resolveAttack(s: SpState, w: Writer, attacker: ActorId, target: ActorId, value: number, defence: number, events: SpEvent[]): void {
  const loser = value > defence ? target : value < defence ? attacker : null;
  const cards = Math.abs(value - defence);
  events.push({ type: 'attack-resolved', attacker, target, attack: value, defence, loser, cards });
  if (loser === null) nextTurn(s, w, events);
  else loseCards(s, w, loser, cards, events);
}

/** The next card of a steal: a secret chance pick from the victim's hand (ST4), skipping empty hands (D30). */
function stealNext(s: SpState, w: Writer, thief: ActorId, victims: readonly ActorId[], events: SpEvent[]): void {
  const rest = victims.slice();
  while (rest.length > 0 && handOf(s, rest[0] as ActorId).length === 0) rest.shift();
  if (rest.length === 0) {
    nextTurn(s, w, events);
    return;
  }
  push(
    s,
    w,
    chanceDecision<SpData>('steal', { kind: 'index', size: handOf(s, rest[0] as ActorId).length, secret: true }, { at: 'steal', thief, victims: rest }),
  );
}

/** W7: a play from a hand at one player opens target-response for them, if they hold a card and some card could answer it. */
function openTargetResponse(
  s: SpState,
  w: Writer,
  attacker: ActorId,
  target: ActorId,
  cards: readonly string[],
  effect: 'attack' | 'steal' | 'discard',
  value: number,
  crush: boolean,
  events: SpEvent[],
): void {
  if (handOf(s, target).length > 0 && answerable(s, 'target-response', cards, effect, crush)) {
    push(
      s,
      w,
      decision<SpData>({
        kind: 'target-response',
        asked: [target],
        mayPass: true,
        close: 'first-taker',
        data: { at: 'target-response', attacker, target, attack: [...cards], effect, value, crush },
      }),
    );
  } else {
    unanswered(s, w, attacker, target, effect, value, events);
  }
}

/** The play goes through unanswered (the target passed, or could not answer). */
function unanswered(s: SpState, w: Writer, attacker: ActorId, target: ActorId, effect: 'attack' | 'steal' | 'discard', value: number, events: SpEvent[]): void {
  if (effect === 'attack') resolveAttack(s, w, attacker, target, value, 0, events);
  else if (effect === 'steal')
    stealNext(
      s,
      w,
      attacker,
      Array.from({ length: value }, () => target),
      events,
    );
  else loseCards(s, w, target, value, events);
}

/** The Defend cards on the table after defend-played: the total of those left (A5); a higher one opens attack-failed for the attacker. */
function resolveDefence(s: SpState, w: Writer, data: Extract<SpData, { at: 'defend-played' }>, events: SpEvent[]): void {
  const total = data.defends.filter((c) => !data.cancelled.includes(c)).reduce((sum, c) => sum + (CARDS.defendValue(c) ?? 0), 0);
  if (total > data.value && handOf(s, data.attacker).length > 0 && answerable(s, 'attack-failed', [], 'attack')) {
    push(
      s,
      w,
      decision<SpData>({
        kind: 'attack-failed',
        asked: [data.attacker],
        mayPass: true,
        close: 'first-taker',
        data: { at: 'attack-failed', attacker: data.attacker, target: data.target, value: data.value, defence: total },
      }),
    );
    return;
  }
  resolveAttack(s, w, data.attacker, data.target, data.value, total, events);
}

/** A4: Defend cards played open defend-played for every other player with cards, while a Protection or a Capture may be held. */
function openDefendPlayed(s: SpState, w: Writer, data: Extract<SpData, { at: 'defend-played' }>, events: SpEvent[]): void {
  const asked = holders(s, othersFrom(s, data.target));
  if (asked.length > 0 && answerable(s, 'defend-played', data.defends, 'defend')) {
    push(s, w, decision<SpData>({ kind: 'defend-played', asked, mayPass: true, close: 'all-answered', data }));
  } else resolveDefence(s, w, data, events);
}

function playCards(s: SpState, w: Writer, player: ActorId, as: string, cards: readonly string[], targets: readonly ActorId[], events: SpEvent[]): void {
  for (const c of cards) toDiscard(s, w, player, c);
  events.push({ type: 'played', player, as, cards: [...cards], targets: [...targets] });
}

/** Draws up to `count` cards from the top; true when the last card was taken and the game ended (E1). */
function drawCards(s: SpState, w: Writer, actor: ActorId, count: number, events: SpEvent[]): boolean {
  for (let i = 0; i < count && s.drawPile.length > 0; i++) {
    const card = s.drawPile[0] as string;
    s.drawPile = s.drawPile.slice(1);
    if (s.known.some((k) => k.holder === 'pile' && k.card === card)) s.known = s.known.filter((k) => !(k.holder === 'pile' && k.card === card));
    addToHand(s, w, actor, card);
    events.push({ type: 'drew', player: actor, card, left: s.drawPile.length });
    trackMove(s, 'pile', actor, card, [actor]);
    if (s.drawPile.length === 0 && s.rules.endsWhenPileEmpty) {
      endGame(s, events, 'the last card of the draw pile is taken');
      return true;
    }
  }
  return false;
}

function playAction(s: SpState, w: Writer, move: Extract<SpMove, { type: 'action' }>, events: SpEvent[]): void {
  const actor = move.actor;
  const play = actionPlay(move.card);
  if (play === null) throw new Error(`${move.card} is not an action`);
  const effect = play.effect;
  switch (effect.kind) {
    case 'draw':
      playCards(s, w, actor, 'support', [move.card], [], events);
      if (!drawCards(s, w, actor, effect.count, events)) nextTurn(s, w, events);
      return;
    case 'win': {
      // B1, B6: the cards are shown (Traitor's stay in hand: the game is over, D27); the player wins whatever they hold.
      events.push({ type: 'played', player: actor, as: 'win', cards: [move.card, ...(move.with ?? [])], targets: [] });
      const name = s.names[seatOf(s, actor)] ?? actor;
      s.winners = [actor];
      s.summary = `${name} (${actor}) plays ${CARDS.type(move.card).name} and wins`;
      s.stack = [];
      events.push({ type: 'game-over', winners: [actor], r2d2: s.players.find((p) => handOf(s, p).includes(R2D2)) ?? null, summary: s.summary });
      return;
    }
    case 'place':
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'counter-advantage': {
      const target = move.target as ActorId;
      playCards(s, w, actor, 'counter', [move.card], [target], events);
      const i = s.inPlay.findIndex((c) => c.owner === target && (CARDS.type(c.card).inPlay ?? []).some((x) => x.kind === 'draw-count'));
      const inPlay = w.own(s, 'inPlay');
      const [advantage] = inPlay.splice(i, 1);
      if (advantage !== undefined) w.own(s, 'discard').push(advantage.card);
      nextTurn(s, w, events);
      return;
    }
    case 'remove-jedi': {
      playCards(s, w, actor, 'remove-jedi', [move.card], [], events);
      const jedi = s.inPlay.filter((c) => CARDS.has(c.card, 'jedi-card'));
      s.inPlay = s.inPlay.filter((c) => !CARDS.has(c.card, 'jedi-card'));
      s.removed = [...s.removed, ...jedi.map((c) => c.card)];
      s.jediRemoved = true;
      nextTurn(s, w, events);
      return;
    }
    case 'take-from-discard': {
      // B3: the Search card lies on the table while its player searches, then goes to the discard pile.
      takeFromHand(s, w, actor, move.card);
      s.onTable = [...s.onTable, move.card];
      events.push({ type: 'played', player: actor, as: 'search', cards: [move.card], targets: [] });
      push(
        s,
        w,
        decision<SpData>({
          kind: 'search',
          asked: [actor],
          close: 'all-answered',
          data: { at: 'search', player: actor, remaining: Math.min(effect.count, s.discard.length) },
        }),
      );
      return;
    }
    case 'pass-hands': {
      // B9: every hand passes to the left at once (each player knows the hand they gave, now their neighbour's); then you draw.
      playCards(s, w, actor, 'movement', [move.card], s.players.slice(), events);
      const n = s.players.length;
      const before = s.hands.map((h) => h.slice());
      s.hands = before.map((_, i) => before[(i - 1 + n) % n] as string[]);
      const moved = (p: Place): Place => (p === 'pile' ? p : leftOf(s, p));
      s.known = [
        ...s.known.map((k) => ({ ...k, holder: moved(k.holder) })).filter((k) => k.viewer !== k.holder),
        ...s.players.flatMap((viewer, i) => (before[i] ?? []).map((card) => ({ viewer, holder: leftOf(s, viewer), card }))),
      ];
      s.r2Could = Object.fromEntries(s.players.map((viewer) => [viewer, (s.r2Could[viewer] ?? []).map(moved)]));
      settleR2(s);
      events.push({ type: 'hands-passed', by: actor });
      if (!drawCards(s, w, actor, effect.thenDraw, events)) nextTurn(s, w, events);
      return;
    }
    case 'peek-and-take': {
      // B19: you see every other hand (each shown to you alone), then take one card of your choice.
      playCards(s, w, actor, 'scout', [move.card], othersFrom(s, actor), events);
      for (const holder of holders(s, othersFrom(s, actor))) {
        const cards = handOf(s, holder).slice();
        for (const c of cards) know(s, actor, holder, c);
        events.push({ type: 'hand-shown', viewer: actor, holder, cards });
      }
      const where = s.players.find((p) => p !== actor && handOf(s, p).includes(R2D2));
      s.r2Could = { ...s.r2Could, [actor]: where !== undefined ? [where] : (s.r2Could[actor] ?? []).filter((p) => p === 'pile' || p === actor) };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'scout', asked: [actor], close: 'first-taker', data: { at: 'scout', player: actor } }));
      return;
    }
    case 'discard': {
      if (effect.who === 'each-other') {
        // B13: each other player, from your left, loses the count (L), one after the other.
        playCards(s, w, actor, 'burn', [move.card], othersFrom(s, actor), events);
        s.lossQueue = othersFrom(s, actor).map((player) => ({ player, count: typeof effect.count === 'number' ? effect.count : 0 }));
        afterLoss(s, w, events);
        return;
      }
      // B4, D18: the target discards every card they can; R2-D2 and the Decoy pass to you; Lose the Game stays.
      const target = move.target as ActorId;
      playCards(s, w, actor, 'discard-all', [move.card], [target], events);
      const passes = effect.passes ?? [];
      for (const card of handOf(s, target).slice()) {
        if (passes.includes(typeOf(card))) {
          takeFromHand(s, w, target, card);
          addToHand(s, w, actor, card);
          know(s, target, actor, card);
          events.push({ type: 'stolen', thief: actor, victim: target, card });
          trackMove(s, target, actor, card, [actor, target]);
        } else if (!CARDS.undiscardable(card)) {
          toDiscard(s, w, target, card);
          events.push({ type: 'discarded', player: target, card });
        }
      }
      settleR2(s);
      nextTurn(s, w, events);
      return;
    }
    default:
      throw new Error(`${move.card}: ${effect.kind} is not an action the rules play`);
  }
}

function playTurn(s: SpState, move: SpMove, w: Writer, events: SpEvent[]): void {
  const actor = move.actor;
  switch (move.type) {
    case 'draw': {
      s.passesInRow = 0;
      if (!drawCards(s, w, actor, drawCount(s, actor), events)) nextTurn(s, w, events);
      return;
    }
    case 'pass': {
      answerTop(w.own(s, 'stack'), actor, 'pass', w);
      events.push({ type: 'passed', player: actor, window: 'turn' });
      s.passesInRow += 1;
      if (s.passesInRow >= s.players.length) endGame(s, events, 'every player has passed in turn (There is another!)');
      else nextTurn(s, w, events);
      return;
    }
    default:
      break;
  }
  s.passesInRow = 0;
  switch (move.type) {
    case 'attack': {
      const named = move.with ?? [];
      const value = attackWays(handOf(s, actor), move.card).find((way) => sameList(way.with, named))?.value ?? 0;
      const cards = [move.card, ...named];
      const crush = named.some(isCrush);
      playCards(s, w, actor, 'attack', cards, [move.target], events);
      openTargetResponse(s, w, actor, move.target, cards, 'attack', value, crush, events);
      return;
    }
    case 'strike': {
      playCards(s, w, actor, 'strike', [move.card], [move.target], events);
      openTargetResponse(s, w, actor, move.target, [move.card], 'discard', strikeCount(move.card) ?? 0, false, events);
      return;
    }
    case 'steal': {
      const play = CARDS.play(move.card, 'own-turn', 'steal');
      const count = play !== null && play.effect.kind === 'steal' && typeof play.effect.count === 'number' ? play.effect.count : 1;
      const cards = [move.card, ...(move.with ?? [])];
      // B7: with the Steal Bonus, every card of the target (picked one by one by chance, all the same).
      const all = (move.with ?? []).length > 0;
      playCards(s, w, actor, 'steal', cards, [move.target], events);
      openTargetResponse(s, w, actor, move.target, cards, 'steal', all ? handOf(s, move.target).length : count, false, events);
      return;
    }
    case 'hero-steal': {
      for (const c of move.cards) takeFromHand(s, w, actor, c);
      s.onTable = [...s.onTable, ...move.cards];
      events.push({ type: 'played', player: actor, as: 'hero-steal', cards: [...move.cards], targets: [...new Set(move.victims)] });
      const asked = holders(s, othersFrom(s, actor));
      if (asked.length > 0 && answerable(s, 'heroes-played', move.cards, 'steal')) {
        push(
          s,
          w,
          decision<SpData>({
            kind: 'heroes-played',
            asked,
            mayPass: true,
            close: 'all-answered',
            data: { at: 'heroes-played', thief: actor, heroes: [...move.cards], victims: [...move.victims] },
          }),
        );
      } else stealNext(s, w, actor, move.victims, events);
      return;
    }
    case 'action':
      playAction(s, w, move, events);
      return;
    case 'place-jedi':
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place-jedi', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'mind-trick': {
      playCards(s, w, actor, 'mind-trick', [move.card], [move.target], events);
      const cards = handOf(s, move.target).slice();
      for (const c of cards) know(s, actor, move.target, c);
      events.push({ type: 'hand-shown', viewer: actor, holder: move.target, cards });
      s.r2Could = { ...s.r2Could, [actor]: cards.includes(R2D2) ? [move.target] : (s.r2Could[actor] ?? []).filter((p) => p !== move.target) };
      settleR2(s);
      push(
        s,
        w,
        decision<SpData>({ kind: 'mind-trick', asked: [actor], close: 'first-taker', data: { at: 'mind-trick', player: actor, target: move.target } }),
      );
      return;
    }
    case 'force-vision': {
      playCards(s, w, actor, 'force-vision', [move.card], [], events);
      const count = Math.min(3, s.drawPile.length);
      const cards = s.drawPile.slice(0, count);
      for (const c of cards) know(s, actor, 'pile', c);
      events.push({ type: 'pile-seen', player: actor, cards });
      if (cards.includes(R2D2)) s.r2Could = { ...s.r2Could, [actor]: ['pile'] };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'force-vision', asked: [actor], close: 'first-taker', data: { at: 'force-vision', player: actor, count } }));
      return;
    }
    case 'jedi-wisdom': {
      playCards(s, w, actor, 'jedi-wisdom', [move.card], [], events);
      const discard = w.own(s, 'discard');
      discard.splice(discard.indexOf(move.take), 1);
      addToHand(s, w, actor, move.take);
      // The discard pile is public: everyone saw which card went to the hand.
      for (const viewer of othersFrom(s, actor)) know(s, viewer, actor, move.take);
      events.push({ type: 'took', player: actor, from: 'discard', card: move.take });
      nextTurn(s, w, events);
      return;
    }
    default:
      throw new Error(`${move.type} is not a turn's play`);
  }
}

function play(s: SpState, move: SpMove, w: Writer): SpEvent[] {
  const events: SpEvent[] = [];
  const d = top(s) as SpDecision;
  const data = d.data;
  if (move.type === 'chance') {
    if (data.at !== 'steal') throw new Error('a chance outcome for no chance decision');
    answerTop(w.own(s, 'stack'), CHANCE, 'take', w);
    pop(s, w);
    s.rng = chanceStream(s.rng).next;
    const victim = data.victims[0] as ActorId;
    const card = handOf(s, victim)[move.outcome as number] as string;
    takeFromHand(s, w, victim, card);
    addToHand(s, w, data.thief, card);
    // Others who knew the victim's cards can no longer be sure which remain (only the thief knows).
    s.known = s.known.filter((k) => k.holder !== victim || k.viewer === data.thief);
    know(s, victim, data.thief, card);
    events.push({ type: 'stolen', thief: data.thief, victim, card });
    trackMove(s, victim, data.thief, card, [data.thief, victim]);
    stealNext(s, w, data.thief, data.victims.slice(1), events);
    return events;
  }
  if (data.at === 'turn') {
    playTurn(s, move, w, events);
    return events;
  }
  const stack = w.own(s, 'stack');
  switch (data.at) {
    case 'target-response': {
      if (move.type === 'pass') {
        answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        pop(s, w);
        unanswered(s, w, data.attacker, data.target, data.effect, data.value, events);
        return events;
      }
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      if (move.type === 'react') {
        toDiscard(s, w, move.actor, move.card);
        events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: null });
        if (reactEffect(move.card, 'target-response') === 'evade') {
          // B12: the Attack has no effect; the target takes the Attack card(s) into hand (Crush is discarded).
          for (const c of data.attack.filter((x) => !isCrush(x))) {
            const discard = w.own(s, 'discard');
            discard.splice(discard.indexOf(c), 1);
            addToHand(s, w, move.actor, c);
            for (const viewer of othersFrom(s, move.actor)) know(s, viewer, move.actor, c);
            events.push({ type: 'took', player: move.actor, from: 'discard', card: c });
          }
        } else {
          events.push({ type: 'cancelled', player: move.actor, cards: [...data.attack] });
        }
        nextTurn(s, w, events);
        return events;
      }
      if (move.type !== 'defend') throw new Error('only a Defend or a reaction answers here');
      for (const c of move.cards) takeFromHand(s, w, move.actor, c);
      s.onTable = [...s.onTable, ...move.cards];
      const total = move.cards.reduce((sum, c) => sum + (CARDS.defendValue(c) ?? 0), 0);
      events.push({ type: 'defended', player: move.actor, cards: [...move.cards], total });
      openDefendPlayed(
        s,
        w,
        { at: 'defend-played', attacker: data.attacker, target: data.target, value: data.value, defends: [...move.cards], cancelled: [] },
        events,
      );
      return events;
    }
    case 'turn-start': {
      if (move.type === 'pass') {
        if (answerTop(stack, move.actor, 'pass', w)) pop(s, w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        return events;
      }
      if (move.type !== 'react') throw new Error('Miss a Turn is played here');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: null });
      events.push({ type: 'turn-missed', player: data.player, by: move.actor });
      nextTurn(s, w, events);
      return events;
    }
    case 'attack-failed': {
      if (move.type === 'pass') {
        answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        pop(s, w);
        resolveAttack(s, w, data.attacker, data.target, data.value, data.defence, events);
        return events;
      }
      if (move.type !== 'react') throw new Error('Protection is played here');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: null });
      events.push({ type: 'attack-resolved', attacker: data.attacker, target: data.target, attack: data.value, defence: data.defence, loser: null, cards: 0 });
      nextTurn(s, w, events);
      return events;
    }
    case 'defend-played':
    case 'heroes-played': {
      if (move.type === 'pass') {
        const closed = answerTop(stack, move.actor, 'pass', w);
        events.push({ type: 'passed', player: move.actor, window: d.kind });
        if (!closed) return events;
        pop(s, w);
        if (data.at === 'defend-played') resolveDefence(s, w, data, events);
        else stealNext(s, w, data.thief, data.victims, events);
        return events;
      }
      if (move.type !== 'react' || move.on === undefined) throw new Error('a reaction names the card it acts on');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: d.kind, on: move.on });
      const effect = reactEffect(move.card, data.at);
      if (effect === 'capture-hero') s.captures = [...s.captures, { card: move.on, by: move.actor }];
      // All-pass windows (W3): after an answer, everyone asked is asked again.
      if (data.at === 'defend-played') {
        openDefendPlayed(s, w, effect === 'cancel-defend-card' ? { ...data, cancelled: [...data.cancelled, move.on] } : data, events);
      } else {
        const asked = holders(s, othersFrom(s, data.thief));
        if (asked.length > 0 && answerable(s, 'heroes-played', data.heroes, 'steal'))
          push(s, w, decision<SpData>({ kind: 'heroes-played', asked, mayPass: true, close: 'all-answered', data }));
        else stealNext(s, w, data.thief, data.victims, events);
      }
      return events;
    }
    case 'choose-discards': {
      if (move.type !== 'discard') throw new Error('a loss is chosen one card at a time');
      toDiscard(s, w, move.actor, move.card);
      events.push({ type: 'discarded', player: move.actor, card: move.card });
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      if (data.remaining > 1) loseCards(s, w, move.actor, data.remaining - 1, events);
      else afterLoss(s, w, events);
      return events;
    }
    case 'mind-trick': {
      if (move.type !== 'take') throw new Error('Jedi Mind Trick takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      takeFromHand(s, w, data.target, move.card);
      addToHand(s, w, move.actor, move.card);
      know(s, data.target, move.actor, move.card);
      events.push({ type: 'stolen', thief: move.actor, victim: data.target, card: move.card });
      trackMove(s, data.target, move.actor, move.card, [move.actor, data.target]);
      nextTurn(s, w, events);
      return events;
    }
    case 'force-vision': {
      if (move.type !== 'order') throw new Error('Force Vision puts the cards back in order');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      s.drawPile = [...move.cards, ...s.drawPile.slice(data.count)];
      // Others who had seen these cards no longer know their order; the player does.
      s.known = s.known.filter((k) => !(k.holder === 'pile' && move.cards.includes(k.card) && k.viewer !== move.actor));
      events.push({ type: 'pile-ordered', player: move.actor, count: data.count });
      nextTurn(s, w, events);
      return events;
    }
    case 'scout': {
      if (move.type !== 'take') throw new Error('Scout takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      const holder = othersFrom(s, move.actor).find((p) => handOf(s, p).includes(move.card)) as ActorId;
      takeFromHand(s, w, holder, move.card);
      addToHand(s, w, move.actor, move.card);
      know(s, holder, move.actor, move.card);
      events.push({ type: 'stolen', thief: move.actor, victim: holder, card: move.card });
      trackMove(s, holder, move.actor, move.card, [move.actor, holder]);
      nextTurn(s, w, events);
      return events;
    }
    case 'search': {
      if (move.type !== 'take') throw new Error('Search takes a card');
      answerTop(stack, move.actor, 'take', w);
      pop(s, w);
      const discard = w.own(s, 'discard');
      discard.splice(discard.indexOf(move.card), 1);
      addToHand(s, w, move.actor, move.card);
      for (const viewer of othersFrom(s, move.actor)) know(s, viewer, move.actor, move.card);
      events.push({ type: 'took', player: move.actor, from: 'discard', card: move.card });
      if (data.remaining > 1 && s.discard.length > 0) {
        push(
          s,
          w,
          decision<SpData>({
            kind: 'search',
            asked: [move.actor],
            close: 'all-answered',
            data: { at: 'search', player: move.actor, remaining: data.remaining - 1 },
          }),
        );
      } else nextTurn(s, w, events);
      return events;
    }
    case 'steal':
      throw new Error('a steal waits on chance');
  }
}

export const rules: WrittenRules<SpState, SpMove, SpEvent> = { judge, play };
