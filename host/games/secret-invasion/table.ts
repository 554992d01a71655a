// Questions the rules ask of a table, shared by the legality judge, the views and the
// invariants: who sits where, who is still in the round, who may be targeted, the token target.

import type { Deck } from './deck.ts';
import type { PlayerId, Seat, SecretInvasionState } from './model.ts';

type Table = Pick<SecretInvasionState, 'seats'>;

export function seatOf(table: Table, player: PlayerId): Seat | undefined {
  return table.seats.find((s) => s.id === player);
}

/** "Ana (p2)": how messages name a player. */
export function who(table: Table, player: PlayerId): string {
  const seat = seatOf(table, player);
  return seat ? `${seat.name} (${seat.id})` : `"${player}"`;
}

export function playersInRound(table: Table): PlayerId[] {
  return table.seats.filter((s) => !s.out).map((s) => s.id);
}

/** Opponents an effect may act on: still in the round and not protected by Chewbacca. */
export function targetableOpponents(table: Table, player: PlayerId): PlayerId[] {
  return table.seats.filter((s) => s.id !== player && !s.out && !s.protected).map((s) => s.id);
}

export function tokensToWin(deck: Deck, table: Table): number {
  const n = table.seats.length;
  const target = deck.rules.tokensToWin[n];
  if (target === undefined) throw new RangeError(`no token target for ${n} players`);
  return target;
}
