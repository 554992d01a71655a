// One bot driver for every table game: random, heuristic (a game's own bot on its view) and
// search bots are seated alike, chance decisions are sampled from the state's generator (or
// entered by a "table dice" source, as families rolling real dice would), and every move,
// chance included, goes into the log that replays the game.

import { outcomeProblem, sampledChanceMove, tableMayEnter, type ChanceMove, type ChanceOutcome, type ChanceSpec } from './chance.ts';
import { CHANCE } from './decisions.ts';
import { ReplayError, type GameLog } from './log.ts';
import { randomFrom, seedRng, type Random } from './rng.ts';
import {
  chanceAsMove,
  forwardLegalMovesOf,
  openChance,
  playInPlace,
  toMove,
  type ActorId,
  type MoveBase,
  type TableGame,
  type TableResult,
} from './table-game.ts';

/** A game's own heuristic bot: it sees only its view and its legal moves, and draws from its own stream (seated by `viewBot`). */
export type Bot<View, Move> = (view: View, legalMoves: readonly Move[], rng: Random) => Move;

/** What a bot is handed on its move: only what its player may know, and a way to sample the rest. */
export interface BotTurn<State, Move, View> {
  readonly actor: ActorId;
  readonly view: View;
  readonly legalMoves: readonly Move[];
  /** The bot's own random stream (never the game's generator). */
  readonly random: Random;
  /**
   * A state consistent with what `actor` knows, the unknown drawn from `random` (the game's
   * `determinize`; a clone in a game without secrets). The bot owns it and may change it.
   */
  sample(random: Random): State;
}

export interface TableBot<State, Move, View> {
  readonly name: string;
  choose(turn: BotTurn<State, Move, View>): Move;
}

export function randomTableBot<State, Move, View>(): TableBot<State, Move, View> {
  return { name: 'random', choose: (turn) => turn.random.pick(turn.legalMoves) };
}

/** A game's own heuristic bot (it sees its view and its legal moves) seated as a table bot. */
export function viewBot<State, Move, View>(name: string, bot: Bot<View, Move>): TableBot<State, Move, View> {
  return { name, choose: (turn) => bot(turn.view, turn.legalMoves, turn.random) };
}

/** Where chance outcomes come from: the state's generator, or the table's own dice. */
export type ChanceSource = 'sample' | ((spec: ChanceSpec, random: Random) => ChanceOutcome);

/** The seat's state as its bot may use it: determinized in a hidden game, copied in an open one. */
export function samplerFor<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  state: State,
  actor: ActorId,
): (random: Random) => State {
  return game.hidden ? (random) => game.determinize(state, actor, random) : () => game.clone(state);
}

/** The chance move for the open chance decision, from `source` (table dice only where the table may enter it). */
export function chanceMoveFor<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  state: State,
  source: ChanceSource,
  random: Random,
): ChanceMove {
  const spec = openChance(game, state);
  if (spec === null) throw new RangeError('no chance decision is open');
  if (source === 'sample' || !tableMayEnter(spec)) return sampledChanceMove(spec, game.rng(state));
  const outcome = source(spec, random);
  const problem = outcomeProblem(spec, outcome);
  if (problem !== null) throw new RangeError(`the table's dice: ${problem}`);
  return { actor: CHANCE, type: 'chance', outcome };
}

export interface PlayedTable<Config, State, Move extends MoveBase> {
  readonly seed: number;
  readonly result: TableResult;
  readonly steps: number;
  readonly state: State;
  readonly log: GameLog<Config, Move>;
  readonly stopped?: string;
}

export interface TableStep<State, Move, Event> {
  readonly before: State;
  /** The JSON of `before` taken before `apply` ran (when `snapshot` is set), to catch a changed input. */
  readonly beforeJson: string | null;
  readonly move: Move;
  readonly after: State;
  readonly events: readonly Event[];
}

function runnerSeed(seed: number): number {
  return (seed ^ 0x2545_f491) >>> 0;
}

/**
 * Plays one game to its end (or `maxSteps` moves) with the persistent `apply`, logging every
 * move. When several actors are waited on, one of them is picked at random each step from the
 * runner's own stream, so every interleaving the rules allow gets played.
 */
export function playTable<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  config: Config,
  seed: number,
  seating: Readonly<Record<ActorId, TableBot<State, Move, View>>>,
  options: {
    readonly maxSteps: number;
    readonly chance?: ChanceSource;
    /** Called after every accepted move; returning problems stops the game and reports them. */
    readonly check?: (step: TableStep<State, Move, Event>) => readonly string[];
    readonly snapshot?: boolean;
    /** How often, before each step, a seated external actor with `externalMoves` sends one (default 0.2). */
    readonly externalRate?: number;
  },
): PlayedTable<Config, State, Move> {
  const random = randomFrom(seedRng(runnerSeed(seed)));
  let state = game.setup(config, seed).state;
  const moves: Move[] = [];
  const finish = (stopped?: string): PlayedTable<Config, State, Move> => ({
    seed,
    result: game.result(state),
    steps: moves.length,
    state,
    log: { gameId: game.meta.id, config, seed, moves },
    ...(stopped === undefined ? {} : { stopped }),
  });
  while (moves.length < options.maxSteps) {
    const actors = toMove(game, state);
    if (actors.length === 0) return finish();
    let move: Move;
    const external = externalMoveOf(game, state, seating, random, options.externalRate ?? 0.2);
    if (external !== null) {
      move = external;
    } else if (actors[0] === CHANCE) {
      try {
        move = chanceAsMove<Move>(chanceMoveFor(game, state, options.chance ?? 'sample', random));
      } catch (error) {
        return finish(error instanceof Error ? error.message : String(error));
      }
    } else {
      const actor = actors.length === 1 ? (actors[0] as ActorId) : random.pick(actors);
      const bot = seating[actor];
      if (!bot) return finish(`no bot is seated for actor "${actor}"`);
      const legalMoves = game.legalMoves(state, actor);
      if (legalMoves.length === 0) return finish(`actor "${actor}" is waited on but has no legal move`);
      const now = state; // the sampler keeps this state, not the variable
      move = bot.choose({ actor, view: game.view(now, actor), legalMoves, random, sample: samplerFor(game, now, actor) });
    }
    const beforeJson = options.snapshot ? JSON.stringify(state) : null;
    const applied = game.apply(state, move);
    if (!applied.ok) return finish(`the move ${JSON.stringify(move)} was rejected: ${applied.reason}`);
    const before = state;
    state = applied.state;
    moves.push(move);
    const problems = options.check?.({ before, beforeJson, move, after: state, events: applied.events }) ?? [];
    if (problems.length > 0) return finish(problems.join('; '));
  }
  return toMove(game, state).length === 0 ? finish() : finish(`the game did not end within ${options.maxSteps} moves`);
}

/** A move an external actor sends unasked this step (the timer's TIME), or null: drawn from the runner's stream. */
function externalMoveOf<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  state: State,
  seating: Readonly<Record<ActorId, TableBot<State, Move, View>>>,
  random: Random,
  rate: number,
): Move | null {
  if (!game.externalMoves) return null;
  for (const actor of game.meta.externalActors) {
    const bot = seating[actor];
    const moves = game.externalMoves(state, actor);
    if (!bot || moves.length === 0 || random.below(1_000_000) >= rate * 1_000_000) continue;
    return bot.choose({ actor, view: game.view(state, actor), legalMoves: moves, random, sample: samplerFor(game, state, actor) });
  }
  return null;
}

/** Rebuilds the state a log describes; throws ReplayError naming the first move the rules reject. */
export function replayTable<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  log: GameLog<Config, Move>,
): State {
  if (log.gameId !== game.meta.id) throw new ReplayError(`the log is for game "${log.gameId}", not "${game.meta.id}"`, -1);
  let state = game.setup(log.config, log.seed).state;
  log.moves.forEach((move, index) => {
    const applied = game.apply(state, move);
    if (!applied.ok) {
      throw new ReplayError(`move ${index + 1} of ${log.moves.length} (${JSON.stringify(move)}) was rejected: ${applied.reason}`, index);
    }
    state = applied.state;
  });
  return state;
}

/**
 * A uniformly random playout on a state the caller owns, with `playInPlace` (no checks, no events, no
 * log): what search bots and benchmarks run. Chance is drawn from `random`, not the state's
 * generator, so a search never sees the real future rolls. Returns the moves made.
 */
export function randomPlayoutInPlace<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  state: State,
  random: Random,
  maxSteps: number,
): number {
  let steps = 0;
  for (; steps < maxSteps; steps++) {
    const actors = toMove(game, state);
    if (actors.length === 0) break;
    playInPlace(game, state, nextRandomMove(game, state, actors, random, true));
  }
  return steps;
}

/**
 * One random move for the actors waited on (a chance outcome drawn from `random` for chance);
 * `forward` leaves out the moves that only take back a step (see `undoes`).
 */
export function nextRandomMove<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  state: State,
  actors: readonly ActorId[],
  random: Random,
  forward = false,
): Move {
  if (actors[0] === CHANCE) {
    const spec = openChance(game, state);
    if (spec === null) throw new RangeError('chance is waited on but no chance decision is open');
    return chanceAsMove<Move>(sampledChanceMove(spec, random.split()));
  }
  const actor = actors.length === 1 ? (actors[0] as ActorId) : random.pick(actors);
  if (forward) return random.pick(forwardLegalMovesOf(game, state, actor));
  return random.pick(game.legalMoves(state, actor));
}
