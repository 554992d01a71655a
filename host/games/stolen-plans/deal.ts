// The deal at set-up (rules S1-S3 of README.md), pure: given the deck of deckFor, the number of
// players and a seeded random cursor, the starting hands, the draw pile, each player's Starting
// Resources and what lies beside the discard pile. With R2-D2 Where Are You? R2-D2 is set
// aside, players x 5 cards are counted out, one of them (at random) goes back to the rest and
// R2-D2 takes its place, so R2-D2 is in a starting hand.

import { GameConfigError } from '../../engine/table-game.ts';
import type { Random } from '../../engine/rng.ts';
import type { DeckPlan } from './deck.ts';

/** A Starting Resource in front of a player: `<type>@<seat>` (seats from 1), Active at set-up. */
export interface ResourceCard {
  readonly id: string;
  readonly type: string;
  readonly active: boolean;
}

export interface Deal {
  /** Each seat's starting hand (card ids), seat 1 first. */
  readonly hands: readonly (readonly string[])[];
  /** The draw pile, top card first. */
  readonly drawPile: readonly string[];
  /** Each seat's Starting Resources, seat 1 first (empty lists without that expansion). */
  readonly resources: readonly (readonly ResourceCard[])[];
  /** The cards beside the discard pile from set-up (New Ruling). */
  readonly besideDiscard: readonly string[];
}

/** The resource ids made so far, by type and seat: one string each for every game (as the seats' ids: state.ts). */
const resourceIds = new Map<string, string[]>();

/** The id of the resource of `type` in front of seat `seat` (from 0): `binocs@2` for seat 1's Binocs. */
export function resourceId(type: string, seat: number): string {
  let bySeat = resourceIds.get(type);
  if (bySeat === undefined) resourceIds.set(type, (bySeat = []));
  return (bySeat[seat] ??= `${type}@${seat + 1}`);
}

/** Deals `players` hands from `plan`'s deck, drawing every random choice from `random`. */
export function dealCards(plan: DeckPlan, players: number, random: Random): Deal {
  if (!Number.isInteger(players) || players < plan.players.min || players > plan.players.max) {
    throw new GameConfigError(`this deck (${plan.deck.length} cards) is for ${plan.players.min} to ${plan.players.max} players, not ${players}`);
  }
  const hand = plan.rules.handSize;
  const ids = plan.deck.map((card) => card.id);
  let dealt: string[];
  let rest: string[];
  if (plan.rules.r2d2InStartingHands) {
    const r2d2 = plan.deck.find((card) => card.type === 'r2-d2');
    if (r2d2 === undefined) throw new GameConfigError('R2-D2 Where Are You? needs R2-D2 in the deck');
    const others = random.shuffle(ids.filter((id) => id !== r2d2.id));
    const counted = others.slice(0, hand * players);
    const [returned] = counted.splice(random.below(counted.length), 1, r2d2.id);
    dealt = random.shuffle(counted);
    rest = random.shuffle([...others.slice(hand * players), returned!]);
  } else {
    const shuffled = random.shuffle(ids);
    dealt = shuffled.slice(0, hand * players);
    rest = shuffled.slice(hand * players);
  }
  // One card at a time round the table, from seat 1.
  const hands = Array.from({ length: players }, (_, seat) => dealt.filter((_, i) => i % players === seat));
  const resources = Array.from({ length: players }, (_, seat) =>
    plan.eachPlayer.map((card) => ({ id: resourceId(card.id, seat), type: card.id, active: true })),
  );
  return { hands, drawPile: rest, resources, besideDiscard: plan.besideDiscard.map((card) => card.id) };
}
