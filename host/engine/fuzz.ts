// The random-playout fuzzer: plays many seeded games with bots and, after every move, checks
// the engine's contract (plain-data states, inputs never mutated, the set of movers matches
// the result, every mover has a legal move) and the game's own invariants. At the end of each
// game it checks the game ended within the bound and that its log replays to the same state.

import type { Game, MoveBase } from './game.ts';
import { playGame, type Seating } from './bots.ts';
import { replay, type GameLog } from './log.ts';

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

export interface FuzzReport<Config, Move extends MoveBase> {
  readonly games: number;
  readonly moves: number;
  readonly finished: number;
  readonly outcomes: Readonly<Record<string, number>>;
  readonly failures: readonly FuzzFailure<Config, Move>[];
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

export function fuzzGame<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  options: {
    readonly games: number;
    readonly firstSeed?: number;
    readonly config: (seed: number) => Config;
    readonly seating: (seed: number) => Seating<View, Move>;
    /** Every game must end within this many moves. */
    readonly maxSteps: number;
    /** The game's own invariants: the problems found in a state (empty when all hold). */
    readonly invariants?: (state: State) => readonly string[];
  },
): FuzzReport<Config, Move> {
  const checkState = (state: State): string[] => {
    const problems: string[] = [];
    const plain = plainDataProblem(state);
    if (plain) problems.push(plain);
    const movers = game.toMove(state);
    const turn = moversProblem(game.result(state).finished, movers);
    if (turn) problems.push(turn);
    for (const actor of movers) {
      if (game.legalMoves(state, actor).length === 0) problems.push(`"${actor}" may move but has no legal move`);
    }
    problems.push(...(options.invariants?.(state) ?? []));
    return problems;
  };

  const tally = fuzzSeeds<Config, Move>(options.games, options.firstSeed, (seed) => {
    const config = options.config(seed);
    const initialProblems = checkState(game.setup(config, seed));
    if (initialProblems.length > 0) return { opening: initialProblems.join('; '), log: { gameId: game.id, config, seed, moves: [] } };
    const played = playGame(game, config, seed, options.seating(seed), {
      maxSteps: options.maxSteps,
      snapshot: true,
      check: ({ before, beforeJson, move, after }) => {
        const problems = checkState(after);
        if (beforeJson !== null && JSON.stringify(before) !== beforeJson) {
          problems.push(`apply mutated the state it was given (move ${JSON.stringify(move)})`);
          return problems;
        }
        // Determinism: the same move on the same state gives the same state.
        const again = game.apply(before, move);
        if (!again.ok || JSON.stringify(again.state) !== JSON.stringify(after)) {
          problems.push(`applying ${JSON.stringify(move)} twice to the same state gave different results`);
        }
        return problems;
      },
    });
    return {
      steps: played.steps,
      log: played.log,
      ...(played.stopped === undefined ? {} : { stopped: played.stopped }),
      summary: played.outcome.finished ? played.outcome.summary : null,
      replayProblem: () => replayProblem(() => replay(game, played.log), played.state),
    };
  });
  return { games: options.games, moves: tally.moves, finished: tally.finished, outcomes: tally.summaries, failures: tally.failures };
}

/** Why replaying a finished game's log does not give its state again, or null when it does. */
export function replayProblem(rebuild: () => unknown, state: unknown): string | null {
  try {
    return JSON.stringify(rebuild()) === JSON.stringify(state) ? null : 'replaying the log gave a different state';
  } catch (error) {
    return `replay failed: ${String(error)}`;
  }
}
