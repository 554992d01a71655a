// What every random-playout fuzz run shares (`fuzzTable`, table-check.ts, runs them over a table
// game): the loop over seeded games and its tally, and the checks of a state it makes after every
// move (plain JSON data, whose move it is against the result) and of a finished game (its log
// replays to the same state).

import type { GameLog } from './log.ts';
import type { MoveBase } from './table-game.ts';

export interface FuzzFailure<Config, Move extends MoveBase> {
  readonly seed: number;
  readonly step: number;
  readonly problem: string;
  /** The moves up to the failure: replay it to reproduce. */
  readonly log: GameLog<Config, Move>;
}

/**
 * What one seeded game of a fuzz run came to: the problems found in its opening (nothing played),
 * or the game played: its steps and log, why it stopped early (if it did), the summary of its
 * result (null when unfinished) and the check that its log replays to the same state.
 */
export type FuzzedGame<Config, Move extends MoveBase> =
  | { readonly opening: string; readonly log: GameLog<Config, Move> }
  | {
      readonly steps: number;
      readonly log: GameLog<Config, Move>;
      readonly stopped?: string;
      readonly summary: string | null;
      readonly replayProblem: () => string | null;
    };

/** What a fuzz run over many seeds found: the moves played, the games finished, the results' summaries counted, the failures. */
export interface FuzzTally<Config, Move extends MoveBase> {
  readonly moves: number;
  readonly finished: number;
  readonly summaries: Readonly<Record<string, number>>;
  readonly failures: readonly FuzzFailure<Config, Move>[];
}

/**
 * The loop of every fuzz run: `games` seeds from `firstSeed` (default 1), each game played by
 * `play`; a problem in the opening, a game stopped early or a log that does not replay is a failure.
 */
export function fuzzSeeds<Config, Move extends MoveBase>(
  games: number,
  firstSeed: number | undefined,
  play: (seed: number) => FuzzedGame<Config, Move>,
): FuzzTally<Config, Move> {
  const failures: FuzzFailure<Config, Move>[] = [];
  const summaries: Record<string, number> = {};
  let moves = 0;
  let finished = 0;
  for (let i = 0; i < games; i++) {
    const seed = ((firstSeed ?? 1) + i) >>> 0;
    const game = play(seed);
    if ('opening' in game) {
      failures.push({ seed, step: 0, problem: game.opening, log: game.log });
      continue;
    }
    moves += game.steps;
    if (game.stopped !== undefined) {
      failures.push({ seed, step: game.steps, problem: game.stopped, log: game.log });
      continue;
    }
    finished++;
    if (game.summary !== null) summaries[game.summary] = (summaries[game.summary] ?? 0) + 1;
    const replayed = game.replayProblem();
    if (replayed !== null) failures.push({ seed, step: game.steps, problem: replayed, log: game.log });
  }
  return { moves, finished, summaries, failures };
}

/** Why whose move it is does not match the result (someone may move in a finished game, or nobody in an unfinished one), or null. */
export function moversProblem(finished: boolean, movers: readonly string[]): string | null {
  if (finished === (movers.length === 0)) return null;
  return finished ? `the game is over but ${movers.join(', ')} may still move` : 'nobody may move but the game is not over';
}

/** Null when `value` is plain JSON data; otherwise where and why it is not. */
export function plainDataProblem(value: unknown, at = 'state'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${at} is ${value}, not a finite number`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = plainDataProblem(value[i], `${at}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return `${at} is a class instance, not plain data`;
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) return `${at}.${k} is undefined (not JSON)`;
      const p = plainDataProblem(v, `${at}.${k}`);
      if (p) return p;
    }
    return null;
  }
  return `${at} is a ${typeof value}, not JSON data`;
}

/** Why replaying a finished game's log does not give its state again, or null when it does. */
export function replayProblem(rebuild: () => unknown, state: unknown): string | null {
  try {
    return JSON.stringify(rebuild()) === JSON.stringify(state) ? null : 'replaying the log gave a different state';
  } catch (error) {
    return `replay failed: ${String(error)}`;
  }
}
