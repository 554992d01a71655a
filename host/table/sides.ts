// Who plays which side at a table of teams (The Queen's Gambit: the Trade Federation and Naboo),
// from the game's metadata (`meta.teams` by table size): public, told in the terminal's intro, on
// the JSON stream's start line and in the pages' header. A game whose seats play for themselves
// has no sides.

import { teamsFor, type GameMeta } from '../engine/meta.ts';

export interface SeatName {
  readonly id: string;
  readonly name: string;
}

/** Each side's name and its players' names, in the metadata's order; null when every seat plays for itself. */
export function sidesOf(meta: GameMeta, seats: readonly SeatName[]): { readonly side: string; readonly players: readonly string[] }[] | null {
  const teams = teamsFor(meta, seats.length);
  if (teams === null) return null;
  return teams.map((team) => ({ side: team.name, players: team.seats.flatMap((i) => (seats[i] === undefined ? [] : [seats[i].name])) }));
}

/** "Trade Federation: Ana. Naboo: Ben." (four players: "Trade Federation: Ana and Cy. ..."), or null. */
export function sidesLine(meta: GameMeta, seats: readonly SeatName[]): string | null {
  const sides = sidesOf(meta, seats);
  if (sides === null) return null;
  return sides.map((s) => `${s.side}: ${andList(s.players)}.`).join(' ');
}

function andList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? 'no one') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}
