// Helpers for Secret Invasion rule tests: set up a game, lay out the table by character
// (hands, discards, the top of the deck, the set-aside card) while keeping all 17 cards in
// exactly one place, and apply moves expecting success or rejection.

import { expect } from 'vitest';
import { type Card, STANDARD_DECK } from '../../../host/games/secret-invasion/deck.ts';
import { secretInvasionByWholeMoves } from './whole-moves.ts';
import { stateProblems } from '../../../host/games/secret-invasion/invariants.ts';
import type { CardIndex, PlayerId, SecretInvasionEvent, SecretInvasionMove, SecretInvasionState } from '../../../host/games/secret-invasion/model.ts';
import { seatBit } from '../../../host/games/secret-invasion/table.ts';

export const game = secretInvasionByWholeMoves;
export const deck = STANDARD_DECK;

/** The card at `index` of the deck's card list (the state holds a card as its index there). */
export function cardOf(index: CardIndex): Card {
  const card = deck.cards[index];
  if (card === undefined) throw new Error(`no card ${index}`);
  return card;
}

export function configFor(players: number): { players: { name: string }[] } {
  return { players: ['Ana', 'Ben', 'Cal', 'Dee'].slice(0, players).map((name) => ({ name })) };
}

export interface Layout {
  /** Characters in each hand (two for the turn player). */
  readonly hands: Readonly<Record<PlayerId, readonly string[]>>;
  readonly discards?: Readonly<Record<PlayerId, readonly string[]>>;
  /** Characters on top of the deck, top first. */
  readonly deckTop?: readonly string[];
  /** How many cards the deck holds; the cards left over go to `spillTo`'s discards. */
  readonly deckSize?: number;
  readonly spillTo?: PlayerId;
  readonly setAside?: string;
  readonly out?: readonly PlayerId[];
  readonly protected?: readonly PlayerId[];
  readonly turnPlayer?: PlayerId;
  readonly tokens?: Readonly<Record<PlayerId, number>>;
}

/** A game of `players` players laid out as described (p1 to move unless told otherwise). */
export function table(players: number, layout: Layout, seed = 11): SecretInvasionState {
  const base = game.setup(configFor(players), seed);
  const free = deck.cards.map((_, index) => index);
  const take = (character: string): CardIndex => {
    const at = free.findIndex((index) => cardOf(index).character === character);
    if (at < 0) throw new Error(`no copy of ${character} left to lay out`);
    return free.splice(at, 1)[0] as CardIndex;
  };
  const hands: Record<string, CardIndex[]> = {};
  const discards: Record<string, CardIndex[]> = {};
  for (const seat of base.seats) {
    hands[seat.id] = (layout.hands[seat.id] ?? []).map(take);
    discards[seat.id] = (layout.discards?.[seat.id] ?? []).map(take);
  }
  const top = (layout.deckTop ?? []).map(take);
  const setAside = layout.setAside === undefined ? null : take(layout.setAside);
  const faceUpCount = deck.rules.faceUpSetAside[players] ?? 0;
  const faceUp = free.splice(0, faceUpCount);
  const aside = setAside ?? (free.shift() as CardIndex);
  const rest = [...top, ...free];
  const size = layout.deckSize ?? rest.length;
  const deckCards = rest.slice(0, size);
  const spillTo = layout.spillTo ?? base.seats[base.seats.length - 1]!.id;
  discards[spillTo]!.push(...rest.slice(size));
  const turnPlayer = layout.turnPlayer ?? 'p1';
  const state: SecretInvasionState = {
    ...base,
    seats: base.seats.map((s) => ({
      ...s,
      tokens: layout.tokens?.[s.id] ?? 0,
      hand: hands[s.id] ?? [],
      discards: discards[s.id] ?? [],
    })),
    outSeats: seatBits(base.seats, layout.out ?? []),
    protectedSeats: seatBits(base.seats, layout.protected ?? []),
    turnPlayer,
    roundStarter: turnPlayer,
    deck: deckCards,
    deckTop: 0,
    setAside: aside,
    faceUp,
    knowledge: [],
  };
  expect(stateProblems(deck, state)).toEqual([]);
  return state;
}

/** The seat bits of `players` (bit i for the seat at i). */
function seatBits(seats: SecretInvasionState['seats'], players: readonly PlayerId[]): number {
  let bits = 0;
  seats.forEach((s, i) => {
    if (players.includes(s.id)) bits |= seatBit(i);
  });
  return bits;
}

export function must(state: SecretInvasionState, move: SecretInvasionMove): { state: SecretInvasionState; events: readonly SecretInvasionEvent[] } {
  const result = game.apply(state, move);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(move)} to be legal, but: ${result.reason}`);
  expect(stateProblems(deck, result.state)).toEqual([]);
  expect(game.legalMoves(state, move.actor)).toContainEqual(move);
  return { state: result.state, events: result.events };
}

/** The reason `move` is rejected (fails the test if it is accepted or listed as legal). */
export function rejected(state: SecretInvasionState, move: SecretInvasionMove): string {
  const result = game.apply(state, move);
  if (result.ok) throw new Error(`expected ${JSON.stringify(move)} to be rejected`);
  expect(game.legalMoves(state, move.actor)).not.toContainEqual(move);
  return result.reason;
}

export function discard(actor: PlayerId, character: string, target: PlayerId | null = null, guess: number | null = null): SecretInvasionMove {
  return { actor, type: 'discard', character, target, guess };
}

/** The characters in a player's hand. */
export function handOf(state: SecretInvasionState, player: PlayerId): string[] {
  return (state.seats.find((s) => s.id === player)?.hand ?? []).map((c) => cardOf(c).character);
}

export function discardsOf(state: SecretInvasionState, player: PlayerId): string[] {
  return (state.seats.find((s) => s.id === player)?.discards ?? []).map((c) => cardOf(c).character);
}

export { isOut, isProtected } from '../../../host/games/secret-invasion/table.ts';

export function types(events: readonly SecretInvasionEvent[]): string[] {
  return events.map((e) => e.type);
}
