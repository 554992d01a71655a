// The match a `play` command starts with, for any game: the saved one (--resume, falling back
// to the save's .bak when the save is damaged) or a new one. A new game never costs a saved one:
// without --new it refuses to replace an unfinished game (in the save, or in the backup of a
// damaged save) or another game's save; with --new every unfinished game there is kept under a name of its own, and
// the players are told where and how to continue it.

import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { GameConfigError, readSave, readSaveOrBackup, SaveError, type Match, type MoveBase, type TableGame } from '../engine/index.ts';
import {
  backupPathOf,
  clearForNewGame,
  damagedPathOf,
  OlderSaveError,
  OtherGameSaveError,
  setDamagedAside,
  unfinishedBackup,
  type SaveTable,
} from '../engine/save.ts';
import { UsageError } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import type { PlayRequest } from './play-request.ts';

export interface OpenedMatch<Config, State, Move extends MoveBase> {
  readonly match: Match<Config, State, Move>;
  /** Problems the players should hear about (a damaged save replaced by its backup, a game kept aside). */
  readonly warnings: string[];
  readonly resumed: boolean;
  /** The table's saved state (bot seats and their random state), for a resumed game whose save holds one. */
  readonly table: SaveTable | undefined;
  /** The save format version of a resumed game's file. */
  readonly savedVersion: number | undefined;
  /** What a new game moved aside (a damaged save, an unfinished game kept), as told in `warnings`: said again if the game then cannot start. */
  readonly moved: readonly string[];
}

export interface OpenMatchOptions<Config, State> {
  /** The new game's configuration (parsed from the flags); called only for a new game. */
  readonly config: () => Config;
  /** Where an unfinished game stands, for the message that refuses to replace it ("round 2, turn 5"). */
  readonly describeStop: (state: State) => string;
  readonly freshSeed?: () => number;
  /** The game's refusal of the table (a GameConfigError's message) in the words of the flags that set it; by default it is about `--players`. */
  readonly configUsage?: (message: string) => string;
}

function resumeSaved<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  savePath: string,
): OpenedMatch<Config, State, Move> {
  const warnings: string[] = [];
  let loaded;
  try {
    loaded = readSaveOrBackup(game, savePath);
  } catch (error) {
    if (error instanceof OtherGameSaveError) {
      throw new CommandFailure(`cannot resume: ${error.message}. Continue it with \`play ${error.savedGameId} --resume --save ${savePath}\`.`);
    }
    if (error instanceof OlderSaveError) throw new CommandFailure(`cannot resume: ${error.message}.`);
    if (error instanceof SaveError) {
      const instead = existsSync(savePath)
        ? `start a new game with --new instead (the damaged file is then kept as ${damagedPathOf(savePath)})`
        : 'start a new game without --resume';
      throw new CommandFailure(`cannot resume: ${error.message}. To play, ${instead}.`);
    }
    throw error;
  }
  const result = game.result(loaded.state);
  if (result.finished) throw new CommandFailure(`the saved game in ${savePath} is already over (${result.summary}); start a new one without --resume`);
  let damagedAside: string | undefined;
  if (loaded.source === 'backup') {
    // The damaged file goes aside now, so the game's next save cannot be mistaken for it.
    let damaged: string | undefined;
    try {
      damaged = setDamagedAside(savePath);
    } catch (error) {
      throw new CommandFailure(
        `cannot resume: the save ${savePath} is damaged, and it cannot be moved aside to keep it (${(error as Error).message}); nothing was changed. Check the folder's permissions.`,
      );
    }
    damagedAside = damaged;
    warnings.push(
      `${loaded.problem ?? 'the save file could not be read'}. Continuing from the previous good save (${backupPathOf(savePath)}), which may be a move or two behind${damaged === undefined ? '' : `; the damaged file is kept as ${damaged}`}.`,
    );
  }
  const moved = damagedAside === undefined ? [] : [`The damaged save is kept as ${damagedAside}.`];
  return { match: { state: loaded.state, log: loaded.log }, warnings, resumed: true, table: loaded.table, savedVersion: loaded.version, moved };
}

export function openMatch<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  request: PlayRequest,
  options: OpenMatchOptions<Config, State>,
): OpenedMatch<Config, State, Move> {
  if (request.resume) {
    const resumed = resumeSaved(game, request.savePath);
    resumed.warnings.unshift(...request.notes);
    return resumed;
  }
  let config: Config;
  try {
    config = options.config();
  } catch (error) {
    // The game's own word on a table it cannot seat (The Queen's Gambit: 2 or 4, not 3).
    if (error instanceof GameConfigError) throw new UsageError((options.configUsage ?? ((m: string) => `--players: ${m}`))(error.message));
    throw error;
  }
  const savePath = request.savePath;
  const warnings: string[] = [...request.notes];
  if (existsSync(savePath) && !request.newGame) {
    let damagedWhy: string | undefined;
    let unfinished: State | undefined;
    try {
      const saved = readSave(game, savePath, { mentionBackup: false });
      if (!game.result(saved.state).finished) unfinished = saved.state;
    } catch (error) {
      // Another game's save is not damaged: it is most likely that game's, given by mistake.
      if (error instanceof OtherGameSaveError) {
        throw new CommandFailure(
          `${savePath} holds a save of "${error.savedGameId}", not of "${game.meta.id}". Continue that game with \`play ${error.savedGameId} --resume --save ${savePath}\`, give this game another file with --save FILE, or start a new game here with --new (that save is then kept under a name of its own, which is shown).`,
        );
      }
      // A save in an older format is refused, saying that --new starts a new game and keeps it.
      if (error instanceof OlderSaveError) throw new CommandFailure(`${error.message}.`);
      damagedWhy = error instanceof Error ? error.message : String(error);
    }
    if (unfinished !== undefined) {
      throw new CommandFailure(
        `a game in progress is saved in ${savePath} (${options.describeStop(unfinished)}). Continue it with --resume, or start a new game with --new (the saved one is then kept under a name of its own, which is shown).`,
      );
    }
    const inBackup = damagedWhy === undefined ? undefined : unfinishedBackup(game, savePath);
    if (inBackup !== undefined) {
      throw new CommandFailure(
        `${damagedWhy}; its backup ${backupPathOf(savePath)} holds a game in progress (${options.describeStop(inBackup)}). Continue that game with --resume, or start a new game with --new (the damaged file and the game in the backup are then kept under names of their own, which are shown).`,
      );
    }
  }
  const seed = request.seed ?? (options.freshSeed ?? (() => randomInt(0, 0xffff_ffff)))();
  let match: Match<Config, State, Move>;
  try {
    match = { state: game.setup(config, seed).state, log: { gameId: game.meta.id, config, seed, moves: [] } };
  } catch (error) {
    if (error instanceof GameConfigError) throw new UsageError((options.configUsage ?? ((m: string) => `--players: ${m}`))(error.message));
    throw error;
  }
  // Nothing is moved before the new game is known to start.
  let cleared;
  try {
    cleared = clearForNewGame(game, savePath);
  } catch (error) {
    throw new CommandFailure(
      `cannot make way for a new game at ${savePath}: ${(error as Error).message}. The saved files are as they were or moved aside whole; choose another place with --save FILE, or check the folder's permissions.`,
    );
  }
  const moved: string[] = [];
  if (cleared.damaged?.older === true) {
    const told = `${savePath} held a save in an older format, which this version cannot continue; it is kept as ${cleared.damaged.to}.`;
    warnings.push(`${told} A new game starts.`);
    moved.push(told);
  } else if (cleared.damaged !== undefined) {
    warnings.push(`${cleared.damaged.why}. A new game starts; the damaged file is kept as ${cleared.damaged.to}.`);
    moved.push(`${cleared.damaged.why}; it is kept as ${cleared.damaged.to}.`);
  }
  for (const kept of cleared.kept) {
    const told = `The unfinished game that was in ${kept.from} (${options.describeStop(kept.state)}) is kept as ${kept.to}; continue it later with --resume --save ${kept.to}.`;
    warnings.push(told);
    moved.push(told);
  }
  return { match, warnings, resumed: false, table: undefined, savedVersion: undefined, moved };
}
