// A game log is everything needed to rebuild a game: the configuration, the seed and the
// moves in order (chance's included). Replaying it through the table game's rules
// (`replayTable`, table-play.ts) gives the same state, so a log is also the save format's
// payload and a bug report.

import type { MoveBase } from './table-game.ts';

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
