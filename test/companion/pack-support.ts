// Shared by the pack tests: the `pack` command run in this process against a virtual timer in
// virtual time, with what the timer held when the command closed it.
import { connectTimer, type TimerConnection } from '../../host/companion/timer-connection.ts';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import type { CliIo } from '../../host/cli/io.ts';
import { packCommand, type PackDeps } from '../../host/cli/pack.ts';
import type { ListedCode, PackInfo } from '../../host/link/protocol-client.ts';

export interface WatchedTimer {
  deps: PackDeps;
  /** CODES and PACK as the timer answered them just before the command closed it. */
  last(): { codes: ListedCode[]; pack: PackInfo } | undefined;
}

/** A virtual timer for `pack`; `prepare` runs first (e.g. START, so that it refuses). */
export function watchedTimer(prepare?: (connection: TimerConnection) => Promise<void>): WatchedTimer {
  let seen: { codes: ListedCode[]; pack: PackInfo } | undefined;
  return {
    deps: {
      connect: async () => {
        const connection = await connectTimer({ kind: 'virtual', seed: 7, realTime: false });
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
