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
  const failures: FuzzFailure<Config, Move>[] = [];
  const outcomes: Record<string, number> = {};
  let moves = 0;
  let finished = 0;
  const first = options.firstSeed ?? 1;
  const checkState = (state: State): string[] => {
    const problems: string[] = [];
    const plain = plainDataProblem(state);
    if (plain) problems.push(plain);
    const movers = game.toMove(state);
    const over = game.result(state).finished;
    if (over !== (movers.length === 0)) {
      problems.push(over ? `the game is over but ${movers.join(', ')} may still move` : 'nobody may move but the game is not over');
    }
    for (const actor of movers) {
      if (game.legalMoves(state, actor).length === 0) problems.push(`"${actor}" may move but has no legal move`);
    }
    problems.push(...(options.invariants?.(state) ?? []));
    return problems;
  };

  for (let i = 0; i < options.games; i++) {
    const seed = (first + i) >>> 0;
    const config = options.config(seed);
    const initial = game.setup(config, seed);
    const initialProblems = checkState(initial);
    if (initialProblems.length > 0) {
      failures.push({ seed, step: 0, problem: initialProblems.join('; '), log: { gameId: game.id, config, seed, moves: [] } });
      continue;
    }
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
    moves += played.steps;
    if (played.stopped !== undefined) {
      failures.push({ seed, step: played.steps, problem: played.stopped, log: played.log });
      continue;
    }
    finished++;
    if (played.outcome.finished) outcomes[played.outcome.summary] = (outcomes[played.outcome.summary] ?? 0) + 1;
    const replayed = replayProblem(() => replay(game, played.log), played.state);
    if (replayed !== null) failures.push({ seed, step: played.steps, problem: replayed, log: played.log });
  }
  return { games: options.games, moves, finished, outcomes, failures };
}

/** Why replaying a finished game's log does not give its state again, or null when it does. */
export function replayProblem(rebuild: () => unknown, state: unknown): string | null {
  try {
    return JSON.stringify(rebuild()) === JSON.stringify(state) ? null : 'replaying the log gave a different state';
  } catch (error) {
    return `replay failed: ${String(error)}`;
  }
}
