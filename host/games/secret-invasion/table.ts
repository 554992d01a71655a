// Questions the rules ask of a table, shared by the legality judge, the views and the
// invariants: who sits where, who is still in the round, who may be targeted, the token target.
// Who is out of the round and who is protected are seat bits (bit i for the seat at i).

import type { Deck } from './deck.ts';
import type { PlayerId, Seat, SecretInvasionState } from './model.ts';

type Table = Pick<SecretInvasionState, 'seats'>;
/** Who sits where, out of the round or protected: all that the targets offered depend on. */
export type Seating = Pick<SecretInvasionState, 'seats' | 'outSeats' | 'protectedSeats'>;

/** The bit of the seat at `index` in `outSeats` and `protectedSeats`. */
export function seatBit(index: number): number {
  return 1 << index;
}

/** The seats an effect may act on, as seat bits: still in the round and not protected by Chewbacca. */
export function openSeatBits(table: Seating): number {
  return (seatBit(table.seats.length) - 1) & ~(table.outSeats | table.protectedSeats);
}

export function seatOf(table: Table, player: PlayerId): Seat | undefined {
  return table.seats.find((s) => s.id === player);
}

/** Whether the player is out of the round (false for nobody at the table). */
export function isOut(table: Pick<SecretInvasionState, 'seats' | 'outSeats'>, player: PlayerId): boolean {
  const at = table.seats.findIndex((s) => s.id === player);
  return at >= 0 && (table.outSeats & seatBit(at)) !== 0;
}

/** Whether the player is protected by Chewbacca (false for nobody at the table). */
export function isProtected(table: Pick<SecretInvasionState, 'seats' | 'protectedSeats'>, player: PlayerId): boolean {
  const at = table.seats.findIndex((s) => s.id === player);
  return at >= 0 && (table.protectedSeats & seatBit(at)) !== 0;
}

/** "Ana (p2)": how messages name a player. */
export function who(table: Table, player: PlayerId): string {
  const seat = seatOf(table, player);
  return seat ? `${seat.name} (${seat.id})` : `"${player}"`;
}

export function playersInRound(table: Pick<SecretInvasionState, 'seats' | 'outSeats'>): PlayerId[] {
  return table.seats.filter((_, i) => (table.outSeats & seatBit(i)) === 0).map((s) => s.id);
}

/** Opponents an effect may act on: still in the round and not protected by Chewbacca. */
export function targetableOpponents(table: Seating, player: PlayerId): PlayerId[] {
  const open = openSeatBits(table);
  return table.seats.filter((s, i) => s.id !== player && (open & seatBit(i)) !== 0).map((s) => s.id);
}

export function tokensToWin(deck: Deck, table: Table): number {
  const n = table.seats.length;
  const target = deck.rules.tokensToWin[n];
  if (target === undefined) throw new RangeError(`no token target for ${n} players`);
  return target;
}
