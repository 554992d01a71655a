// Bots and the headless runner. A bot sees only its view and its legal moves, and draws any
// randomness from the generator it is handed, so every game the runner plays is reproducible
// from its seed. External actors (the timer) are seated like players, with their own bots.

import type { ActorId, Game, MoveBase, Outcome } from './game.ts';
import type { GameLog } from './log.ts';
import { randomFrom, seedRng, type Random } from './rng.ts';

export type Bot<View, Move> = (view: View, legalMoves: readonly Move[], rng: Random) => Move;

/** Which bot plays each actor (seated players and external actors alike). */
export type Seating<View, Move> = Readonly<Record<ActorId, Bot<View, Move>>>;

/** A bot that picks uniformly among its legal moves. */
export function randomBot<View, Move>(): Bot<View, Move> {
  return (_view, legalMoves, rng) => rng.pick(legalMoves);
}

/**
 * Called after every accepted move with the state before it (and, when `snapshot` is set,
 * that state's JSON taken before `apply` ran); returning problems stops the game and reports them.
 */
export type StepCheck<State, Move> = (step: {
  readonly before: State;
  readonly beforeJson: string | null;
  readonly move: Move;
  readonly after: State;
}) => readonly string[];

export interface PlayedGame<Config, State, Move extends MoveBase> {
  readonly seed: number;
  readonly outcome: Outcome;
  readonly steps: number;
  readonly state: State;
  readonly log: GameLog<Config, Move>;
  /** Set when the game did not finish normally: the step limit, an illegal bot move, a failed check. */
  readonly stopped?: string;
}

/** The seed of the runner's own stream (which actor moves, what bots draw), kept apart from the game's. */
function runnerSeed(seed: number): number {
  return (seed ^ 0x5bd1_e995) >>> 0;
}

/**
 * Play one game to its end (or `maxSteps` moves). When several actors may move, the runner
 * picks one at random each step, which exercises every interleaving the rules allow.
 */
export function playGame<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  config: Config,
  seed: number,
  seating: Seating<View, Move>,
  options: {
    readonly maxSteps: number;
    readonly check?: StepCheck<State, Move>;
    /** Hand the check the JSON of the state before each move (to detect mutation). */
    readonly snapshot?: boolean;
  },
): PlayedGame<Config, State, Move> {
  const rng = randomFrom(seedRng(runnerSeed(seed)));
  let state = game.setup(config, seed);
  const moves: Move[] = [];
  const finish = (stopped?: string): PlayedGame<Config, State, Move> => ({
    seed,
    outcome: game.result(state),
    steps: moves.length,
    state,
    log: { gameId: game.id, config, seed, moves },
    ...(stopped === undefined ? {} : { stopped }),
  });
  while (moves.length < options.maxSteps) {
    const actors = game.toMove(state);
    if (actors.length === 0) return finish();
    const actor = rng.pick(actors);
    const bot = seating[actor];
    if (!bot) return finish(`no bot is seated for actor "${actor}"`);
    const legal = game.legalMoves(state, actor);
    if (legal.length === 0) return finish(`actor "${actor}" is asked to move but has no legal move`);
    const move = bot(game.view(state, actor), legal, rng);
    const beforeJson = options.snapshot ? JSON.stringify(state) : null;
    const applied = game.apply(state, move);
    if (!applied.ok) return finish(`the bot for "${actor}" made a rejected move ${JSON.stringify(move)}: ${applied.reason}`);
    const before = state;
    state = applied.state;
    moves.push(move);
    const problems = options.check?.({ before, beforeJson, move, after: state }) ?? [];
    if (problems.length > 0) return finish(problems.join('; '));
  }
  return game.toMove(state).length === 0 ? finish() : finish(`the game did not end within ${options.maxSteps} moves`);
}

export interface MatchReport<Config, State, Move extends MoveBase> {
  readonly games: number;
  readonly finished: number;
  /** How many games each actor won. */
  readonly wins: Readonly<Record<ActorId, number>>;
  /** How many games ended with each result summary ("won", "lost: time ran out", ...). */
  readonly outcomes: Readonly<Record<string, number>>;
  readonly averageSteps: number;
  /** Games that stopped abnormally (step limit, rejected bot move). */
  readonly stopped: readonly PlayedGame<Config, State, Move>[];
}

/** Play one game per seed with the given seating and tally the results. */
export function runMatches<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  options: {
    readonly seeds: readonly number[];
    readonly config: (seed: number) => Config;
    readonly seating: (seed: number) => Seating<View, Move>;
    readonly maxSteps: number;
  },
): MatchReport<Config, State, Move> {
  const wins: Record<ActorId, number> = {};
  const outcomes: Record<string, number> = {};
  const stopped: PlayedGame<Config, State, Move>[] = [];
  let finished = 0;
  let steps = 0;
  for (const seed of options.seeds) {
    const played = playGame(game, options.config(seed), seed, options.seating(seed), { maxSteps: options.maxSteps });
    steps += played.steps;
    if (played.stopped !== undefined) stopped.push(played);
    if (played.outcome.finished) {
      finished++;
      outcomes[played.outcome.summary] = (outcomes[played.outcome.summary] ?? 0) + 1;
      for (const w of played.outcome.winners) wins[w] = (wins[w] ?? 0) + 1;
    }
  }
  const games = options.seeds.length;
  return { games, finished, wins, outcomes, averageSteps: games === 0 ? 0 : steps / games, stopped };
}
