// The registry of games: every game the companion plays (`play`, `serve`), by its table entry:
// Rebel Missions, Secret Invasion, Stolen Plans and The Queen's Gambit (each game's
// `table-entry.ts`). A game registered here is played by every front end and gets the engine's
// checks (test/games/every-game.test.ts) and the same-play hashes (test/games/same-play.test.ts).
//
// Entries differ in their types (config, state, move, view, event), so each is kept behind
// `use`, which hands it to a function that works for any entry (`webGame`, `TableHost.start`).

import type { MoveBase } from '../engine/table-game.ts';
import { queensGambitEntry } from './queens-gambit/table-entry.ts';
import { rebelMissionsEntry } from './rebel-missions/table-entry.ts';
import { secretInvasionEntry } from './secret-invasion/table-entry.ts';
import { stolenPlansEntry } from './stolen-plans/table-entry.ts';
import type { TableEntry } from '../table/entry.ts';

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
