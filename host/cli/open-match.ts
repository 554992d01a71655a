// The match a `play` command starts with, for any game: the saved one (--resume, falling back
// to the save's .bak when the save is damaged) or a new one, refusing to replace an unfinished
// saved game without --new.

import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { damagedPathOf, GameConfigError, readSave, readSaveOrBackup, SaveError, startMatch, type Game, type Match, type MoveBase } from '../engine/index.ts';
import { UsageError } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import type { PlayRequest } from './play-request.ts';

export interface OpenedMatch<Config, State, Move extends MoveBase> {
  readonly match: Match<Config, State, Move>;
  /** Problems the players should hear about (a damaged save replaced by its backup). */
  readonly warnings: string[];
  readonly resumed: boolean;
}

export interface OpenMatchOptions<Config, State> {
  /** The new game's configuration (parsed from the flags); called only for a new game. */
  readonly config: () => Config;
  /** Where an unfinished game stands, for the message that refuses to replace it ("round 2, turn 5"). */
  readonly describeStop: (state: State) => string;
  readonly freshSeed?: () => number;
}

export function openMatch<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  request: PlayRequest,
  options: OpenMatchOptions<Config, State>,
): OpenedMatch<Config, State, Move> {
  const warnings: string[] = [];
  if (request.resume) {
    let loaded;
    try {
      loaded = readSaveOrBackup(game, request.savePath);
    } catch (error) {
      if (error instanceof SaveError) {
        const instead = existsSync(request.savePath)
          ? `start a new game with --new instead (the damaged file is then kept as ${damagedPathOf(request.savePath)})`
          : 'start a new game without --resume';
        throw new CommandFailure(`cannot resume: ${error.message}. To play, ${instead}.`);
      }
      throw error;
    }
    if (loaded.source === 'backup') {
      warnings.push(`${loaded.problem ?? 'the save file could not be read'}. Continuing from the previous good save (${request.savePath}.bak), which may be a move or two behind.`);
    }
    const match: Match<Config, State, Move> = { state: loaded.state, log: loaded.log };
    const result = game.result(match.state);
    if (result.finished) throw new CommandFailure(`the saved game in ${request.savePath} is already over (${result.summary}); start a new one without --resume`);
    return { match, warnings, resumed: true };
  }
  const config = options.config();
  if (existsSync(request.savePath) && !request.newGame) {
    let unfinished: State | undefined;
    try {
      const saved = readSave(game, request.savePath);
      if (!game.result(saved.state).finished) unfinished = saved.state;
    } catch (error) {
      unfinished = undefined;
      const why = error instanceof Error ? error.message : String(error);
      warnings.push(`${why}. A new game starts; the damaged file is kept as ${damagedPathOf(request.savePath)}.`);
    }
    if (unfinished !== undefined) {
      throw new CommandFailure(
        `a game in progress is saved in ${request.savePath} (${options.describeStop(unfinished)}). Continue it with --resume, or start a new game with --new (the saved one is then kept as ${request.savePath}.bak).`,
      );
    }
  }
  const seed = request.seed ?? (options.freshSeed ?? (() => randomInt(0, 0xffff_ffff)))();
  try {
    return { match: startMatch(game, config, seed), warnings, resumed: false };
  } catch (error) {
    if (error instanceof GameConfigError) throw new UsageError(`--players: ${error.message}`);
    throw error;
  }
}
