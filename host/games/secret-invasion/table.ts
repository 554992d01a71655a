// Questions the rules ask of a table, shared by the legality checks and the effects: who is
// still in the round, who may be targeted, whose turn comes next. Also the mutable working
// copy ("draft") that `apply` builds the next state in.

import type { Deck } from './deck.ts';
import type { PlayerId, Seat, SecretInvasionState } from './model.ts';

type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;

/** A private, mutable copy of a state, changed in place while a move is carried out. */
export type Draft = Omit<DeepMutable<SecretInvasionState>, 'rng' | 'lastRound'> &
  { rng: SecretInvasionState['rng']; lastRound: SecretInvasionState['lastRound'] };
export type DraftSeat = Draft['seats'][number];

export function draftOf(state: SecretInvasionState): Draft {
  return {
    ...state,
    seats: state.seats.map((s) => ({ ...s, hand: [...s.hand], discards: [...s.discards] })),
    deck: [...state.deck],
    faceUp: [...state.faceUp],
    knowledge: state.knowledge.map((k) => ({ ...k })),
    missedGuess: state.missedGuess === null ? null : { ...state.missedGuess },
  };
}

type Table = Pick<SecretInvasionState, 'seats'>;
type AnySeat = Seat | DraftSeat;

export function seatOf<T extends Table | Draft>(table: T, player: PlayerId): T['seats'][number] | undefined {
  return (table.seats as readonly AnySeat[]).find((s) => s.id === player) as T['seats'][number] | undefined;
}

/** "Ana (p2)": how messages name a player. */
export function who(table: Table | Draft, player: PlayerId): string {
  const seat = seatOf(table, player);
  return seat ? `${seat.name} (${seat.id})` : `"${player}"`;
}

export function playersInRound(table: Table | Draft): PlayerId[] {
  return (table.seats as readonly AnySeat[]).filter((s) => !s.out).map((s) => s.id);
}

/** Opponents an effect may act on: still in the round and not protected by Chewbacca. */
export function targetableOpponents(table: Table | Draft, player: PlayerId): PlayerId[] {
  return (table.seats as readonly AnySeat[]).filter((s) => s.id !== player && !s.out && !s.protected).map((s) => s.id);
}

/** The next player in seat order after `player` who is still in the round. */
export function nextInRound(table: Table | Draft, player: PlayerId): PlayerId {
  const seats = table.seats as readonly AnySeat[];
  const at = seats.findIndex((s) => s.id === player);
  for (let step = 1; step <= seats.length; step++) {
    const seat = seats[(at + step) % seats.length];
    if (seat && !seat.out) return seat.id;
  }
  throw new Error('no player is left in the round');
}

/** The first of `players` met going round the table from `start` (inclusive). */
export function firstFrom(table: Table | Draft, start: PlayerId, players: readonly PlayerId[]): PlayerId {
  const seats = table.seats as readonly AnySeat[];
  const at = Math.max(0, seats.findIndex((s) => s.id === start));
  for (let step = 0; step < seats.length; step++) {
    const seat = seats[(at + step) % seats.length];
    if (seat && players.includes(seat.id)) return seat.id;
  }
  throw new Error(`none of ${players.join(', ')} sits at the table`);
}

export function tokensToWin(deck: Deck, table: Table | Draft): number {
  const n = table.seats.length;
  const target = deck.rules.tokensToWin[n];
  if (target === undefined) throw new RangeError(`no token target for ${n} players`);
  return target;
}

export function valueOf(deck: Deck, card: string): number {
  return deck.card(card).value;
}
