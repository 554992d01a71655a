// Saves written by the older companion, whose moves the table game no longer takes as they are
// (Secret Invasion's whole moves, its deals drawn inside them): each such game brings the older
// shape that reads them and the conversion of their log into the table game's (`stepLogOf`).
// `play` converts such a save where it lies before anything else reads it: the log converted,
// the seats and bots carried over (`saved-seats.ts`), and the file as it was kept beside it
// under a name of its own. A save that is neither (damaged) is left to the usual rules. Rebel
// Missions' older saves (dice and reshuffles made inside its moves) are brought over before this
// by its own converter, `games/rebel-missions/old-save.ts`, called from `play-variants.ts` since it
// needs the placards of `--pack`.

import { copyFileSync, existsSync } from 'node:fs';
import type { Game, MoveBase } from '../engine/game.ts';
import type { GameLog } from '../engine/log.ts';
import { readSave, writeSave } from '../engine/save.ts';
import { secretInvasion, stepLogOf } from '../games/secret-invasion/game.ts';
import { CommandFailure } from './command-failure.ts';
import { savedSeatsOf, type SavedMatchFacts } from './saved-seats.ts';

/** How a game's older saves are read and converted. */
export interface OlderFormat {
  /** The older shape, which reads (and replays) the older saves. */
  // biome-ignore lint/suspicious/noExplicitAny: the older shapes differ per game; only their saves are read here
  readonly game: Game<any, any, any, any, any>;
  /** The older log as the table game's; throws naming the first move it cannot convert. */
  convert(log: GameLog<unknown, MoveBase>): GameLog<unknown, MoveBase>;
}

/** The games whose older saves need converting, by id. */
const OLDER_FORMATS: Readonly<Record<string, OlderFormat>> = {
  'secret-invasion': {
    game: secretInvasion,
    convert: (log) => stepLogOf(log as Parameters<typeof stepLogOf>[0]),
  },
};

/** A free name beside `path` for the file as it was. */
function olderCopyPath(path: string): string {
  let candidate = `${path}.older-format.json`;
  for (let n = 2; existsSync(candidate); n++) candidate = `${path}.older-format-${n}.json`;
  return candidate;
}

/**
 * Converts the save at `path` when it is the older companion's format of this game; returns what
 * the players should hear (nothing when there was nothing to convert) and the format version the
 * file had.
 */
export function convertOlderSave<Config, State, Move extends MoveBase, View, Event>(
  tableShape: Game<Config, State, Move, View, Event>,
  facts: Omit<SavedMatchFacts, 'seatIds' | 'config' | 'seed'> & { readonly seatIdsOf: (state: State) => readonly string[] },
  path: string,
): { readonly notes: readonly string[]; readonly version?: number } {
  const older = OLDER_FORMATS[tableShape.id];
  if (older === undefined || !existsSync(path)) return { notes: [] };
  try {
    readSave(tableShape, path, { mentionBackup: false });
    return { notes: [] }; // the table's own format
  } catch {
    // below: perhaps the older format
  }
  let old;
  try {
    old = readSave(older.game, path, { mentionBackup: false });
  } catch {
    return { notes: [] }; // neither: damaged, or another game's; the usual rules say what to do
  }
  let log: GameLog<Config, Move>;
  try {
    log = older.convert(old.log as GameLog<unknown, MoveBase>) as unknown as GameLog<Config, Move>;
  } catch (error) {
    throw new CommandFailure(
      `${path} was saved by the older companion, and its moves cannot be converted (${error instanceof Error ? error.message : String(error)}). Start a new game with --new (it is then kept under a name of its own).`,
    );
  }
  let state: State;
  try {
    // The converted log must replay under the table game: encode and read it back before anything is written.
    state = tableShape.setup(log.config, log.seed);
    for (const move of log.moves) {
      const applied = tableShape.apply(state, move);
      if (!applied.ok) throw new Error(`move ${JSON.stringify(move)} was refused: ${applied.reason}`);
      state = applied.state;
    }
  } catch (error) {
    throw new CommandFailure(
      `${path} was saved by the older companion, and its converted moves do not replay (${error instanceof Error ? error.message : String(error)}). Start a new game with --new (it is then kept under a name of its own).`,
    );
  }
  const seats = savedSeatsOf({ ...facts, seatIds: facts.seatIdsOf(state), config: log.config, seed: log.seed }, old.table, old.version, path);
  const copy = olderCopyPath(path);
  copyFileSync(path, copy);
  writeSave(tableShape, path, log, { table: { seats: seats.seats, botRng: [...seats.botRng], chance: seats.chance } });
  return {
    notes: [
      `${path} was saved by the older companion: its moves are converted to this version's, its seats${old.table === undefined ? '' : ' and bots'} carried over, and the file as it was is kept as ${copy}.`,
      ...seats.notes.filter((n) => !n.includes('was saved by the older companion')),
    ],
    version: old.version,
  };
}
