// What the command line hands a table front end (table/terminal.ts, table/json-stream.ts): the
// streams to talk on, and how the front end ended.

export interface FrontEndIo {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** ANSI colours and in-place prompt redraws (only when the output is a terminal). */
  readonly tty: boolean;
}

/** How a front end ended: the game finished, or the players left (the game stays saved). */
export type FrontEndEnd = 'finished' | 'quit';
