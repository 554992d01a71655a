// The production table entries: every game the table front ends (the browser companion's
// `serve` and `play`) can hold: Rebel Missions (`games/rebel-missions/table-entry.ts`), Secret
// Invasion (`games/secret-invasion/table-entry.ts`), Stolen Plans
// (`games/stolen-plans/table-entry.ts`) and The Queen's Gambit (`games/queens-gambit/table-entry.ts`).
//
// Entries differ in their types (config, state, move, view, event), so each is kept behind
// `use`, which hands it to a function that works for any entry (`webGame`, `TableHost.start`).

import type { MoveBase } from '../engine/game.ts';
import { queensGambitEntry } from '../games/queens-gambit/table-entry.ts';
import { rebelMissionsEntry } from '../games/rebel-missions/table-entry.ts';
import { secretInvasionEntry } from '../games/secret-invasion/table-entry.ts';
import { stolenPlansEntry } from '../games/stolen-plans/table-entry.ts';
import type { TableEntry } from './entry.ts';

/** A function that takes any game's entry. */
export type EntryUser<R> = <Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>) => R;

export interface RegisteredEntry {
  /** The game's id (its metadata's), as commands and pages name it. */
  readonly id: string;
  readonly title: string;
  /** Hands the entry, with its own types, to `user`. */
  use<R>(user: EntryUser<R>): R;
}

function registered<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>): RegisteredEntry {
  return { id: entry.game.meta.id, title: entry.game.meta.title, use: (user) => user(entry) };
}

/** Every production entry, in the order front ends list them. */
export const TABLE_ENTRIES: readonly RegisteredEntry[] = [
  registered(rebelMissionsEntry),
  registered(secretInvasionEntry),
  registered(stolenPlansEntry),
  registered(queensGambitEntry),
];

/** The entry of the game `id`, or undefined. */
export function findEntry(id: string): RegisteredEntry | undefined {
  return TABLE_ENTRIES.find((e) => e.id === id);
}
