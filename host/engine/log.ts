// A game log is everything needed to rebuild a game: the configuration, the seed and the
// moves in order. Replaying it through the game's own rules gives the same state, so a log
// is also the save format's payload and a bug report.

import type { Game, MoveBase } from './game.ts';

export interface GameLog<Config, Move extends MoveBase> {
  readonly gameId: string;
  readonly config: Config;
  readonly seed: number;
  readonly moves: readonly Move[];
}

/** A replay stopped: the log's move at `moveIndex` was rejected by the rules. */
export class ReplayError extends Error {
  constructor(
    message: string,
    readonly moveIndex: number,
  ) {
    super(message);
    this.name = 'ReplayError';
  }
}

/** A game in progress together with the log that rebuilds it. */
export interface Match<Config, State, Move extends MoveBase> {
  readonly state: State;
  readonly log: GameLog<Config, Move>;
}

export function startMatch<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  config: Config,
  seed: number,
): Match<Config, State, Move> {
  const state = game.setup(config, seed);
  return { state, log: { gameId: game.id, config, seed, moves: [] } };
}

export type MatchStep<Config, State, Move extends MoveBase, Event> =
  | { readonly ok: true; readonly match: Match<Config, State, Move>; readonly events: readonly Event[] }
  | { readonly ok: false; readonly reason: string };

/** Apply a move and record it; a rejected move leaves the match as it was. */
export function playMove<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  match: Match<Config, State, Move>,
  move: Move,
): MatchStep<Config, State, Move, Event> {
  const applied = game.apply(match.state, move);
  if (!applied.ok) return applied;
  return {
    ok: true,
    match: { state: applied.state, log: { ...match.log, moves: [...match.log.moves, move] } },
    events: applied.events,
  };
}

/** Rebuild the state a log describes; throws ReplayError naming the first move the rules reject. */
export function replay<Config, State, Move extends MoveBase, View, Event>(game: Game<Config, State, Move, View, Event>, log: GameLog<Config, Move>): State {
  if (log.gameId !== game.id) {
    throw new ReplayError(`the log is for game "${log.gameId}", not "${game.id}"`, -1);
  }
  let state = game.setup(log.config, log.seed);
  log.moves.forEach((move, index) => {
    const applied = game.apply(state, move);
    if (!applied.ok) {
      throw new ReplayError(`move ${index + 1} of ${log.moves.length} (${JSON.stringify(move)}) was rejected: ${applied.reason}`, index);
    }
    state = applied.state;
  });
  return state;
}
