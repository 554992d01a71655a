// Stolen Plans rules: reading the cards and the public facts the legal moves, the judge and the
// play share (what answers what, the ways to attack, the bonus actions, who may be asked: W1, W5).

import { topDecision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, perCard, typeOf } from './cards.ts';
import type { Play } from './schema.ts';
import { handOf, jediOf, othersFrom, type SpData, type SpDecision, type SpMove, type SpState } from './state.ts';

export const top = (s: SpState): SpDecision | null => topDecision(s.stack);

// ---- public facts ----

/** The cards of a game by type, for each game's card list (it never changes in a game: every state of it shares the list). */
const copiesByGame = new WeakMap<readonly string[], Map<string, string[]>>();
/** The same by the list's cards: a clone's list is a copy of its game's (a playout's state), found again without sorting its cards anew. */
const copiesByCards = new Map<string, Map<string, string[]>>();

/** The copies of a card type among a game's cards. */
function copiesOf(allCards: readonly string[], type: string): readonly string[] {
  let byType = copiesByGame.get(allCards);
  if (byType === undefined) {
    const key = allCards.join(' ');
    byType = copiesByCards.get(key);
    if (byType === undefined) {
      byType = new Map();
      for (const c of allCards) {
        const t = typeOf(c);
        const list = byType.get(t);
        if (list === undefined) byType.set(t, [c]);
        else list.push(c);
      }
      copiesByCards.set(key, byType);
    }
    copiesByGame.set(allCards, byType);
  }
  return byType.get(type) ?? [];
}

/** Whether a card of `type` may be in a hand or the draw pile: it is in the game and not every copy lies face up (W5). */
export function mayBeHeld(s: SpState, type: string): boolean {
  for (const c of copiesOf(s.allCards, type)) if (!faceUp(s, c)) return true;
  return false;
}

/** Whether a card lies face up: on the discard pile, the table, removed, beside the discard pile, in play, a resource. */
function faceUp(s: SpState, c: string): boolean {
  if (s.discard.includes(c) || s.onTable.includes(c) || s.removed.includes(c) || s.beside.includes(c) || s.cargo?.card === c) return true;
  for (const p of s.inPlay) if (p.card === c) return true;
  for (const r of s.resources) if (r.card === c) return true;
  return false;
}

/** A play's `against` selector (`effect:attack`, `card:scout`, `tag:steal-card`) as its kind and id, split once each. */
const selectors = new Map<string, readonly [string, string]>();
function selector(sel: string): readonly [string, string] {
  let split = selectors.get(sel);
  if (split === undefined) {
    const at = sel.indexOf(':');
    split = [sel.slice(0, at), sel.slice(at + 1)];
    selectors.set(sel, split);
  }
  return split;
}

/** Whether a play's `against` list answers the cards played (`effect`: what the play does). */
export function answers(against: readonly string[] | undefined, cards: readonly string[], effect: string): boolean {
  if (against === undefined) return true;
  return against.some((sel) => {
    if (sel === 'against-you') return true;
    const [kind, id] = selector(sel);
    if (kind === 'effect') return id === effect;
    if (kind === 'card') return cards.some((c) => typeOf(c) === id);
    return cards.some((c) => CARDS.has(c, id as never));
  });
}

/** The effect kinds of the answers the rules play in each window from a hand (Saw Gerrera's come with Rogue One). */
export const REACTIONS: Readonly<Record<string, readonly string[]>> = {
  'target-response': ['defend', 'evade', 'cancel', 'stop-loss'],
  'scout-played': ['cancel'],
  'turn-start': ['skip-turn'],
  'defend-played': ['cancel-defend-card', 'capture-hero'],
  'attack-failed': ['avoid-loss'],
  'heroes-played': ['capture-hero'],
};

type Answers = ReturnType<typeof CARDS.catalog.answersIn>;

/**
 * What a window's answers against some cards come to, kept by window, effect, flag and the cards (a
 * few hundred keys a game: they depend on the cards' types alone and never change), so each is worked out once.
 */
function keptAnswers<T>(
  kept: Map<string, Map<string, Map<string, T>>>,
  window: string,
  effect: string,
  flag: boolean,
  cards: readonly string[],
  build: () => T,
): T {
  let byEffect = kept.get(window);
  if (byEffect === undefined) kept.set(window, (byEffect = new Map()));
  const effectKey = flag ? `${effect}+` : effect;
  let byCards = byEffect.get(effectKey);
  if (byCards === undefined) byEffect.set(effectKey, (byCards = new Map()));
  const cardsKey = cards.length === 0 ? '' : cards.length === 1 ? (cards[0] as string) : cards.join(' ');
  let found = byCards.get(cardsKey);
  if (found === undefined) byCards.set(cardsKey, (found = build()));
  return found;
}

const answerPlaysKept = new Map<string, Map<string, Map<string, Answers>>>();

/** The plays of the game's cards that may answer in `window` against these cards: answers from a hand, without companions (kept: keptAnswers). */
export function answerPlays(window: string, cards: readonly string[], effect: string, noDefend: boolean): Answers {
  return keptAnswers(answerPlaysKept, window, effect, noDefend, cards, () =>
    handAnswersIn(window).filter(({ play }) => !(noDefend && play.effect.kind === 'defend') && answers(play.against, cards, effect)),
  );
}

/** The answers from a hand without companions the rules play in each window, by window, listed once. */
const handAnswers = new Map<string, ReturnType<typeof CARDS.catalog.answersIn>>();
function handAnswersIn(window: string): ReturnType<typeof CARDS.catalog.answersIn> {
  let list = handAnswers.get(window);
  if (list === undefined) {
    list = CARDS.catalog.answersIn(window).filter(({ play }) => (REACTIONS[window] ?? []).includes(play.effect.kind) && (play.with ?? []).length === 0);
    handAnswers.set(window, list);
  }
  return list;
}

/** Whether some card that may still be held answers in the window (W1, W5: a window nobody could answer does not open). */
export function answerable(s: SpState, window: string, cards: readonly string[], effect: string, noDefend = false): boolean {
  for (const { card } of answerPlays(window, cards, effect, noDefend)) if (mayBeHeld(s, card.id)) return true;
  return false;
}

const reactTypesKept = new Map<string, Map<string, Map<string, ReadonlySet<string>>>>();

/** The cards of `actor`'s hand they may react with in the window (a Defend is a move of its own). */
export function reactCards(s: SpState, actor: ActorId, window: string, cards: readonly string[], effect: string): string[] {
  const types = keptAnswers(
    reactTypesKept,
    window,
    effect,
    true,
    cards,
    () =>
      new Set(
        answerPlays(window, cards, effect, true)
          .filter(({ play }) => play.effect.kind !== 'defend')
          .map(({ card }) => card.id),
      ),
  );
  return handOf(s, actor).filter((c) => types.has(typeOf(c)));
}

/** The effect of `card`'s answer in `window`. */
export function reactEffect(card: string, window: string): string | null {
  let read = reactEffects.get(window);
  if (read === undefined) {
    read = perCard(
      (c) => CARDS.type(c).plays.find((p) => p.when === `window:${window}` && (REACTIONS[window] ?? []).includes(p.effect.kind))?.effect.kind ?? null,
    );
    reactEffects.set(window, read);
  }
  return read(card);
}
const reactEffects = new Map<string, (card: string) => string | null>();

/** Players with a card in hand, from the left of `from` (windows ask card holders: W1). */
export const holders = (s: SpState, players: readonly ActorId[]): ActorId[] => players.filter((p) => handOf(s, p).length > 0);

export const isJedi = (s: SpState, p: ActorId): boolean => !s.jediRemoved && jediOf(s, p) !== null;
export const jediOnly = perCard((card: string): boolean => CARDS.has(card, 'jedi-only'));
export const isHero = perCard((card: string): boolean => CARDS.has(card, 'rebel-hero'));

/** The cards of a hand that may go in a Defend (A3): any with a Defend value; the Lightsaber only for a Jedi. */
export function defendCards(s: SpState, p: ActorId): string[] {
  return handOf(s, p).filter((c) => CARDS.defendValue(c) !== null && (!jediOnly(c) || isJedi(s, p)));
}

/** Subsets of 1..max of `cards`, each in the order of `cards` (a hand's order). */
export function combos(cards: readonly string[], max: number): string[][] {
  const out: string[][] = [];
  cards.forEach((a, i) => {
    out.push([a]);
    if (max >= 2) for (const b of cards.slice(i + 1)) out.push([a, b]);
  });
  return out;
}

/** A canonical order for a set of cards named in a move: by id. */
export const sortedIds = (cards: readonly string[]): string[] => [...cards].sort();
export const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function permutations(cards: readonly string[]): string[][] {
  if (cards.length <= 1) return [cards.slice()];
  return cards.flatMap((c, i) => permutations([...cards.slice(0, i), ...cards.slice(i + 1)]).map((rest) => [c, ...rest]));
}

/** The Attack plays of a card on one's own turn: alone, or with a named companion card (Captain Phasma and the Stormtrooper). */
export const attackPlays = perCard((card: string): readonly { readonly value: number; readonly companion: string | null }[] =>
  CARDS.type(card).plays.flatMap((p): { value: number; companion: string | null }[] => {
    if (p.when !== 'own-turn' || p.effect.kind !== 'attack') return [];
    const w = p.with ?? [];
    if (w.length === 0) return [{ value: p.effect.value, companion: null }];
    if (w.length === 1 && w[0]?.card !== undefined) return [{ value: p.effect.value, companion: w[0].card }];
    return [];
  }),
);

export const isCrush = perCard((card: string): boolean => CARDS.type(card).plays.some((p) => p.when === 'own-turn' && p.effect.kind === 'block-defend'));

/** The ways to attack with `card` from this hand: each its companions (sorted) and value (`crushes`: the hand's Crush the Rebellion cards, when the caller has them). */
export function attackWays(hand: readonly string[], card: string, crushes: readonly string[] = hand.filter(isCrush)): { with: string[]; value: number }[] {
  const ways: { with: string[]; value: number }[] = [];
  const plays = attackPlays(card);
  if (plays.length === 0) return ways;
  const withCrush = CARDS.has(card, 'attack-card') ? crushes : [];
  for (const play of plays) {
    if (play.companion === null) addAttackWays(ways, [], play.value, withCrush);
    else for (const c of hand) if (c !== card && typeOf(c) === play.companion) addAttackWays(ways, [c], play.value, withCrush);
  }
  return ways;
}

/** An attack way with `base` companions, then the same with each Crush the Rebellion of the hand (B8). */
function addAttackWays(ways: { with: string[]; value: number }[], base: string[], value: number, crushes: readonly string[]): void {
  ways.push({ with: base, value });
  for (const crush of crushes) ways.push({ with: sortedIds([...base, crush]), value });
}

/**
 * The steal at one other player a card makes on its own from hand (ST1: Boba Fett 1, Jabba the Hutt 2), as a `steal` move;
 * null for every other card: Scavenger takes from each other player (an `action`: B15), the heroes steal in pairs.
 */
export const oneTargetSteal = perCard((card: string): { readonly count: number } | null => {
  const p = CARDS.play(card, 'own-turn', 'steal');
  return p !== null && p.effect.kind === 'steal' && p.effect.from === 'one-other' && typeof p.effect.count === 'number' ? { count: p.effect.count } : null;
});

/** The Steal Bonus cards of a hand that may go with this steal card (B7: with a Boba Fett Steal). */
export function stealBonuses(hand: readonly string[], card: string): string[] {
  const type = typeOf(card);
  return hand.filter((c) => bonusFor(c).includes(type));
}

/** The steal cards (types) a card is a Steal Bonus for (B7: Boba Fett's). */
const bonusFor = perCard((card: string): readonly string[] =>
  CARDS.type(card).plays.flatMap((p) =>
    p.when === 'own-turn' && p.effect.kind === 'steal' && p.effect.count === 'all' ? (p.with ?? []).flatMap((x) => (x.card === undefined ? [] : [x.card])) : [],
  ),
);

export const strikeCount = perCard((card: string): number | null => {
  const p = CARDS.type(card).plays.find(
    (x) => x.when === 'own-turn' && x.effect.kind === 'discard' && x.effect.who === 'one-other' && (x.with ?? []).length === 0,
  );
  return p !== undefined && p.effect.kind === 'discard' && typeof p.effect.count === 'number' ? p.effect.count : null;
});

/** The bonus actions of one's own turn the rules play (`action` moves), by effect kind. */
export const ACTIONS = [
  'draw',
  'win',
  'place',
  'counter-advantage',
  'remove-jedi',
  'take-from-discard',
  'discard',
  'peek-and-take',
  'pass-hands',
  'steal',
  'collect',
  'deactivate-resources',
  // Rogue One: the AT-ACT destroying the Cargo Ship (RO7).
  'destroy-cargo',
  'move-squad',
] as const;

/** The `action` plays of a card from hand on one's own turn (Scavenger has two ways; a card played from in front of you is not one). */
export const actionPlays = perCard((card: string): readonly Play[] => {
  if (CARDS.has(card, 'jedi-only') || CARDS.has(card, 'jedi-card')) return [];
  return CARDS.type(card).plays.filter(
    (p) =>
      p.when === 'own-turn' &&
      p.from !== 'in-play' &&
      (p.with ?? []).every((c) => c.card !== undefined) &&
      (ACTIONS as readonly string[]).includes(p.effect.kind) &&
      // Of the steals, those from each other player (Scavenger); Boba Fett and Jabba are `steal` moves, a hero pair `hero-steal`.
      (p.effect.kind !== 'steal' || p.effect.from === 'each-other') &&
      // Of the discards, every card of one player (Discard All, Vicious Attack) or of each other (Burn Cards); the Strikes and Assaults have moves of their own.
      (p.effect.kind !== 'discard' || (p.effect.count === 'all' && p.effect.who === 'one-other') || p.effect.who === 'each-other'),
  );
});

/** The action play of `card` named by `way` (a play id), or its only one; null when there is none or `way` is needed and missing. */
export function actionPlay(card: string, way?: string): Play | null {
  const plays = actionPlays(card);
  if (way !== undefined) return plays.find((p) => p.id === way) ?? null;
  return plays.length === 1 ? (plays[0] as Play) : null;
}

/** The Active resources in front of `p` (what Explosives and Detonator act on: R3). */
export const activeResourcesOf = (s: SpState, p: ActorId): string[] => s.resources.filter((r) => r.owner === p && r.active).map((r) => r.card);

/** How many cards `p`'s turn draw takes (B2: Advantage in front of them makes it 2). */
export function drawCount(s: SpState, p: ActorId): number {
  let n = 1;
  for (const c of s.inPlay) if (c.owner === p) for (const x of CARDS.type(c.card).inPlay ?? []) if (x.kind === 'draw-count') n = Math.max(n, x.value);
  return n;
}

/** Two moves are the same (their fields, in any order). */
export function sameMove(a: SpMove, b: SpMove): boolean {
  const canon = (m: SpMove): string => JSON.stringify(Object.fromEntries(Object.entries(m).sort(([x], [y]) => (x < y ? -1 : 1))));
  return canon(a) === canon(b);
}

/** The Assault plays' loss (B26): the count of a play at `one-other-then-beside`, or null for another card. */
export const assaultCount = perCard((card: string): number | null => {
  const p = CARDS.type(card).plays.find((x) => x.when === 'own-turn' && x.effect.kind === 'discard' && x.effect.who === 'one-other-then-beside');
  return p !== undefined && p.effect.kind === 'discard' && typeof p.effect.count === 'number' ? p.effect.count : null;
});

/** The Assault's possible second targets: the neighbours of the first, other than the attacker (B26, D24, D29). */
export function besideOf(s: SpState, attacker: ActorId, first: ActorId): ActorId[] {
  const i = s.players.indexOf(first);
  const n = s.players.length;
  const both = [s.players[(i + n - 1) % n] as ActorId, s.players[(i + 1) % n] as ActorId];
  return s.players.filter((p) => both.includes(p) && p !== attacker && p !== first);
}

/** The gift plays of a card (Pass a Card, Friendly Gesture's second way: B21, X1): `give` moves. */
export const givePlay = perCard(
  (card: string): Play | null => CARDS.type(card).plays.find((p) => p.when === 'own-turn' && p.from !== 'in-play' && p.effect.kind === 'give') ?? null,
);

/** The give moves of a hand: each gift card play, each other card of the hand, each other player (D15: another card to give). */
export function giveMoves(s: SpState, actor: ActorId): SpMove[] {
  const hand = handOf(s, actor);
  const moves: SpMove[] = [];
  for (const card of hand) {
    if (givePlay(card) === null) continue;
    for (const gift of hand) if (gift !== card) for (const target of othersFrom(s, actor)) moves.push({ actor, type: 'give', card, target, gift });
  }
  return moves;
}

/** The Defend total of the cards left (A5): their values, +2 each with Defensive (Baze Malbus) in front of the defender (X4, D6). */
export function defendTotal(s: SpState, defender: ActorId, cards: readonly string[]): number {
  let bonus = 0;
  for (const c of s.inPlay)
    if (c.owner === defender) for (const x of CARDS.type(c.card).inPlay ?? []) if (x.kind === 'defend-bonus' && x.per === 'defend-card') bonus += x.value;
  return cards.reduce((sum, c) => sum + (CARDS.defendValue(c) ?? 0) + bonus, 0);
}

// ---- legal moves, built directly ----

/** What a Protection may cancel (a Defend card not yet cancelled) or a Capture take (a hero not yet captured). */
export function reactTargets(s: SpState, data: SpData, effect: string): string[] {
  if (data.at === 'defend-played') {
    if (effect === 'cancel-defend-card') return data.defends.filter((c) => !data.cancelled.includes(c));
    if (effect === 'capture-hero') return data.defends.filter((c) => isHero(c) && !s.captures.some((x) => x.card === c));
  }
  if (data.at === 'heroes-played' && effect === 'capture-hero') return data.heroes.filter((c) => !s.captures.some((x) => x.card === c));
  return [];
}

// ---- the judge: every rule, with a reason for people (T8) ----

export function passAllowed(s: SpState): boolean {
  return s.rules.passAllowedWhenPileEmpty && s.drawPile.length === 0;
}

export function placeJediProblem(s: SpState, actor: ActorId): string | null {
  if (s.jediRemoved) return 'Remove Jedi was played: no Jedi card can be placed any more (J3)';
  if (isJedi(s, actor)) return 'you already have a Jedi card in front of you: one at most (J1)';
  const inPlay = s.inPlay.filter((c) => CARDS.has(c.card, 'jedi-card')).length;
  if (inPlay >= s.rules.jediSlots) return `there are already ${inPlay} Jedi in play, the most this game allows (J1)`;
  return null;
}
