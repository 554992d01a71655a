// What the command line hands a game's user interface: a running session with its seats, and
// the streams to talk on. The terminal interface and the JSON stream both implement `run`.

import type { RebelMissionsSession } from '../companion/rebel-missions/session.ts';

export interface FrontEndIo {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** ANSI colours and in-place prompt redraws (only when the output is a terminal). */
  readonly tty: boolean;
}

export interface TableSetup {
  readonly session: RebelMissionsSession;
  /** Seats played by people at the table (the rest are bots). */
  readonly humans: readonly string[];
  /** Facts shown once at the start (timer, save file, seed). */
  readonly intro: readonly string[];
  /** Problems found while opening (a damaged save replaced by its backup, ...). */
  readonly warnings: readonly string[];
  /** Extra fields for the JSON stream's first line. */
  readonly startInfo: Readonly<Record<string, unknown>>;
}

/** How a front end ended: the game finished, or the players left (the game stays saved). */
export type FrontEndEnd = 'finished' | 'quit';
