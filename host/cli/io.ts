// The streams a command runs with (process.* in the program, in-memory streams in tests).

export interface CliIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Whether stdout is a terminal (colours, prompt redraws). */
  readonly stdoutIsTty: boolean;
  /** The user's home folder, for the default save file. */
  readonly home: string;
  /** Resolves on Ctrl-C (SIGINT) or SIGTERM. */
  readonly interrupted: Promise<void>;
}

export function say(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}
