// Exposes a transport (normally the built-in virtual timer) as a serial device path, through a
// pseudo-terminal pair made by `socat`. Third-party serial terminals (picocom, screen, minicom)
// and the real `serialport` stack can then talk to the virtual timer as to a real one.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transport } from './transport.ts';

export interface PtyBridge {
  /** The path to open as the timer's serial port, e.g. with `picocom -b 115200 <path>`. */
  readonly path: string;
  /**
   * Settles when the bridge has stopped for good (socat could not be restarted): resolves with
   * the error saying what happened and what to do. Never settles while the bridge works or after close().
   */
  readonly failed: Promise<PtyBridgeError>;
  close(): Promise<void>;
}

export interface PtyBridgeOptions {
  /** The folder for the terminal's link (default: a new temporary folder, removed on close). */
  readonly dir?: string;
  /** The socat program to run (default `socat`, found on the PATH). */
  readonly socat?: string;
  /**
   * The pause before each try at restarting socat after it ended, in ms; one try per entry, then
   * the bridge gives up (default 0, 100, 250, 500, 1000: five tries over about two seconds). A
   * restart that comes up counts as a success and starts the count again.
   */
  readonly restartDelaysMs?: readonly number[];
}

export class PtyBridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PtyBridgeError';
  }
}

const START_TIMEOUT_MS = 5000;
const RESTART_DELAYS_MS = [0, 100, 250, 500, 1000];
/** More restarts than this within RESTART_WINDOW_MS (socat ending as soon as it is up) also stops the bridge. */
const RESTART_BURST = 30;
const RESTART_WINDOW_MS = 10_000;

/**
 * Starts socat between its standard input/output and a new pseudo-terminal linked at
 * `timerPath`; resolves once data can flow. Its standard input is a pipe from this process, so
 * socat ends by itself when this process dies: no orphan is left holding the terminal.
 */
function startSocat(program: string, timerPath: string): Promise<ChildProcessWithoutNullStreams> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['-d', '-d', 'STDIO', `pty,raw,echo=0,link=${timerPath}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let settled = false;
    const fail = (error: PtyBridgeError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new PtyBridgeError(`socat did not start within ${START_TIMEOUT_MS} ms: ${stderr.trim() || 'no output'}`));
    }, START_TIMEOUT_MS);
    child.once('error', (error: NodeJS.ErrnoException) => {
      fail(
        new PtyBridgeError(
          error.code === 'ENOENT'
            ? 'the --pty bridge needs socat, which is not installed: install the Debian package socat (apt-get install socat)'
            : `cannot start socat: ${error.message}`,
        ),
      );
    });
    child.stdin.on('error', () => undefined);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr += text;
      if (!settled && stderr.includes('starting data transfer loop')) {
        settled = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code, signal) => {
      fail(
        new PtyBridgeError(
          `socat ended (${signal ? `killed by ${signal}` : `exit code ${code}`}) before the bridge was up${stderr.trim() ? `: ${lastLine(stderr)}` : ''}`,
        ),
      );
    });
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines[lines.length - 1] ?? '').replace(/^(?:\S+ \S+ )?socat\[\d+\] /, '');
}

/**
 * Bridges `transport` to a new pseudo-terminal. When socat ends (the program on the other end
 * closed the port, or socat was killed), the bridge starts it again on the same path, so a
 * client may reconnect. When socat cannot be started again (after the tries of
 * `restartDelaysMs`), the bridge stops and `failed` says so.
 */
export async function startPtyBridge(transport: Transport, options: PtyBridgeOptions = {}): Promise<PtyBridge> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'imperial-timer-')));
  const timerPath = join(dir, 'timer');
  const program = options.socat ?? 'socat';
  const delays = options.restartDelaysMs ?? RESTART_DELAYS_MS;
  let socat: ChildProcessWithoutNullStreams | undefined;
  let closing = false;
  let stopped = false;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  const restarts: number[] = [];
  let reportFailure: (error: PtyBridgeError) => void = () => undefined;
  const failed = new Promise<PtyBridgeError>((resolve) => {
    reportFailure = resolve;
  });

  transport.onData((chunk) => {
    if (socat?.stdin.writable) socat.stdin.write(chunk);
  });

  const attach = (child: ChildProcessWithoutNullStreams): void => {
    socat = child;
    child.stdout.on('data', (chunk: Buffer) => {
      transport.write(chunk.toString('latin1')).catch(() => undefined);
    });
    child.once('exit', (code, signal) => {
      if (socat === child) socat = undefined;
      if (closing) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && now - (restarts[0] ?? now) > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > RESTART_BURST) {
        giveUp(`socat ended ${restarts.length} times within ${RESTART_WINDOW_MS / 1000} s (the last: ${signal ? `killed by ${signal}` : `exit code ${code}`})`);
        return;
      }
      restart(0, undefined);
    });
  };

  const giveUp = (why: string): void => {
    if (stopped || closing) return;
    stopped = true;
    reportFailure(
      new PtyBridgeError(
        `the pseudo-terminal bridge to the built-in timer stopped: ${why}, so ${timerPath} is gone. Check that socat works (socat -V), then start again; or leave out --pty to use the built-in timer inside the companion`,
      ),
    );
  };

  const restart = (tries: number, lastError: PtyBridgeError | undefined): void => {
    if (closing || stopped) return;
    const delay = delays[tries];
    if (delay === undefined) {
      giveUp(`socat could not be started again (${tries} ${tries === 1 ? 'try' : 'tries'}; the last: ${lastError?.message ?? 'unknown'})`);
      return;
    }
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (closing || stopped) return;
      startSocat(program, timerPath).then(
        (child) => {
          if (closing) {
            child.kill();
            return;
          }
          attach(child);
        },
        (error: unknown) => restart(tries + 1, error instanceof PtyBridgeError ? error : new PtyBridgeError(String(error))),
      );
    }, delay);
  };

  try {
    attach(await startSocat(program, timerPath));
  } catch (error) {
    if (!options.dir) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    path: timerPath,
    failed,
    async close() {
      closing = true;
      if (restartTimer !== undefined) clearTimeout(restartTimer);
      const child = socat;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
