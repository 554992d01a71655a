// Figures about a deck, computed exactly from its cards (no simulation): its size and make-up,
// the draw pile after the deal at each supported player count (and so the shortest game), the
// chance that a starting hand can Defend against each Attack value in the deck, and the chance
// that it holds a Steal. The README's tables are made from these.

import type { DeckPlan } from './deck.ts';
import type { CardType } from './schema.ts';

export interface PlayerCountFigures {
  readonly players: number;
  /** Cards left in the draw pile after dealing every hand. */
  readonly pile: number;
  /** The shortest game: every turn a draw of one card (each play makes it a turn longer). */
  readonly shortestGameRounds: number;
  /** The chance that R2-D2 is in a starting hand (without R2-D2 Where Are You?). */
  readonly r2d2Dealt: number;
}

/** How a starting hand fares against one Attack value, defending with its best cards. */
export interface DefenceOutcome {
  /** The chance of losing nothing (the Defend total reaches the Attack value). */
  readonly reach: number;
  /** The chance that the attacker loses cards (the Defend total beats it). */
  readonly beat: number;
  /** The cards the defender is expected to be told to lose (before R2-D2 and hand size). */
  readonly expectedLoss: number;
}

export interface DefendOdds {
  readonly attack: number;
  /** Copies of Attack cards of this value in the deck. */
  readonly copies: number;
  /** A starting hand of a player who is not a Jedi, with 1 Defend card (New Ruling) and up to 2. */
  readonly oneCard: DefenceOutcome;
  readonly twoCards: DefenceOutcome;
}

export interface DeckFigures {
  readonly deckSize: number;
  readonly byKind: readonly { readonly kind: string; readonly count: number }[];
  readonly perPlayerCount: readonly PlayerCountFigures[];
  readonly defendOdds: readonly DefendOdds[];
  /** The chance that a starting hand holds at least one Defend card (not Jedi Only). */
  readonly anyDefend: number;
  /** The chance that a starting hand holds at least one Steal card (Boba Fett or Jabba the Hutt). */
  readonly anySteal: number;
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** The Defend value a non-Jedi may play the card for, or null. */
function defendValue(card: CardType): number | null {
  if (card.tags.includes('jedi-only')) return null;
  for (const play of card.plays) if (play.effect.kind === 'defend') return play.effect.value;
  return null;
}

/**
 * The distribution of the best Defend total a hand of `hand` cards drawn from `deckSize` can
 * make with at most `k` cards; `groups` are the counts of Defend cards by value. Exact: every
 * composition of the hand by value is weighed hypergeometrically.
 */
export function bestDefendTotals(groups: ReadonlyMap<number, number>, deckSize: number, hand: number, k: number): Map<number, number> {
  const values = [...groups.keys()].sort((a, b) => b - a);
  const defendCards = [...groups.values()].reduce((a, b) => a + b, 0);
  const others = deckSize - defendCards;
  const total = choose(deckSize, hand);
  const totals = new Map<number, number>();
  const walk = (i: number, left: number, taken: readonly number[], weight: number): void => {
    if (i === values.length) {
      let sum = 0;
      let used = 0;
      for (let g = 0; g < values.length && used < k; g++) {
        const n = Math.min(taken[g]!, k - used);
        sum += n * values[g]!;
        used += n;
      }
      const ways = weight * choose(others, left);
      if (ways > 0) totals.set(sum, (totals.get(sum) ?? 0) + ways / total);
      return;
    }
    const have = groups.get(values[i]!)!;
    for (let c = 0; c <= Math.min(have, left); c++) walk(i + 1, left - c, [...taken, c], weight * choose(have, c));
  };
  walk(0, hand, [], 1);
  return totals;
}

function oddsAgainst(totals: ReadonlyMap<number, number>, attack: number): DefenceOutcome {
  let reach = 0;
  let beat = 0;
  let loss = 0;
  for (const [sum, p] of totals) {
    if (sum >= attack) reach += p;
    if (sum > attack) beat += p;
    loss += p * Math.max(0, attack - sum);
  }
  return { reach, beat, expectedLoss: loss };
}

export function deckFigures(plan: DeckPlan): DeckFigures {
  const deckSize = plan.deck.length;
  const hand = plan.rules.handSize;
  const count = (card: CardType): number => (card.dealt === 'deck' ? card.count : 0);
  const kinds = new Map<string, number>();
  for (const card of plan.types) if (count(card) > 0) kinds.set(card.kind, (kinds.get(card.kind) ?? 0) + count(card));
  const groups = new Map<number, number>();
  for (const card of plan.types) {
    const value = defendValue(card);
    if (value !== null && count(card) > 0) groups.set(value, (groups.get(value) ?? 0) + count(card));
  }
  const attacks = new Map<number, number>();
  for (const card of plan.types) {
    for (const play of card.plays) {
      if (play.effect.kind === 'attack' && count(card) > 0) attacks.set(play.effect.value, (attacks.get(play.effect.value) ?? 0) + count(card));
    }
  }
  const one = bestDefendTotals(groups, deckSize, hand, 1);
  const two = bestDefendTotals(groups, deckSize, hand, 2);
  const defendCards = [...groups.values()].reduce((a, b) => a + b, 0);
  const steals = plan.types.filter((card) => card.tags.includes('steal-card')).reduce((sum, card) => sum + count(card), 0);
  const none = (n: number): number => choose(deckSize - n, hand) / choose(deckSize, hand);
  const perPlayerCount: PlayerCountFigures[] = [];
  for (let players = plan.players.min; players <= plan.players.max; players++) {
    const pile = deckSize - hand * players;
    perPlayerCount.push({ players, pile, shortestGameRounds: pile / players, r2d2Dealt: (hand * players) / deckSize });
  }
  return {
    deckSize,
    byKind: [...kinds].map(([kind, n]) => ({ kind, count: n })),
    perPlayerCount,
    defendOdds: [...attacks]
      .sort(([a], [b]) => a - b)
      .map(([attack, copies]) => ({ attack, copies, oneCard: oddsAgainst(one, attack), twoCards: oddsAgainst(two, attack) })),
    anyDefend: 1 - none(defendCards),
    anySteal: 1 - none(steals),
  };
}
