// Shared by the pack tests: the `pack` command run in this process against a virtual timer in
// virtual time, with what the timer held when the command closed it.
import { connectTimer, type TimerChoice, type TimerConnection } from '../../host/link/timer-connection.ts';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import type { CliIo } from '../../host/cli/io.ts';
import { packCommand, type PackDeps } from '../../host/cli/pack.ts';
import type { ListedCode, PackInfo } from '../../host/link/protocol-client.ts';

export interface WatchedTimer {
  deps: PackDeps;
  /** CODES and PACK as the timer answered them just before the command closed it. */
  last(): { codes: ListedCode[]; pack: PackInfo } | undefined;
  /** The timer the command asked for. */
  choice(): TimerChoice | undefined;
}

/**
 * The virtual timer the command asks for (in-process, or behind a pseudo-terminal for --pty), in
 * virtual time; `prepare` runs first (e.g. START, so that it refuses).
 */
export function watchedTimer(prepare?: (connection: TimerConnection) => Promise<void>): WatchedTimer {
  let seen: { codes: ListedCode[]; pack: PackInfo } | undefined;
  let asked: TimerChoice | undefined;
  return {
    deps: {
      connect: async (choice) => {
        asked = choice;
        const kind = choice.kind === 'pty' ? 'pty' : 'virtual';
        const connection = await connectTimer({ kind, seed: 7, realTime: false }, { heartbeatMs: 0 });
        await prepare?.(connection);
        return {
          ...connection,
          close: async () => {
            seen = { codes: await connection.link.codeList(), pack: await connection.link.pack() };
            await connection.close();
          },
        };
      },
    },
    last: () => seen,
    choice: () => asked,
  };
}

/** `packCommand` with its failures reported as the command line reports them (exit 1, the message on stderr). */
export async function runPack(args: readonly string[], io: CliIo, deps: PackDeps): Promise<number> {
  try {
    return await packCommand(args, io, deps);
  } catch (error) {
    if (!(error instanceof CommandFailure)) throw error;
    io.stderr.write(`imperial-timer: ${error.message}\n`);
    return 1;
  }
}
