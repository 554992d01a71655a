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
  close(): Promise<void>;
}

export class PtyBridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PtyBridgeError';
  }
}

const START_TIMEOUT_MS = 5000;

/**
 * Starts socat between its standard input/output and a new pseudo-terminal linked at
 * `timerPath`; resolves once data can flow. Its standard input is a pipe from this process, so
 * socat ends by itself when this process dies: no orphan is left holding the terminal.
 */
function startSocat(timerPath: string): Promise<ChildProcessWithoutNullStreams> {
  return new Promise((resolve, reject) => {
    const child = spawn('socat', ['-d', '-d', 'STDIO', `pty,raw,echo=0,link=${timerPath}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new PtyBridgeError(`socat did not start within ${START_TIMEOUT_MS} ms: ${stderr.trim() || 'no output'}`));
    }, START_TIMEOUT_MS);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
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
      if (stderr.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new PtyBridgeError(`socat exited (code ${code}) before the bridge was up: ${stderr.trim()}`));
    });
  });
}

/**
 * Bridges `transport` to a new pseudo-terminal. When the program on the other end closes the port,
 * socat ends; the bridge then starts it again on the same path, so a client may reconnect.
 */
export async function startPtyBridge(transport: Transport, options: { dir?: string } = {}): Promise<PtyBridge> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'imperial-timer-')));
  const timerPath = join(dir, 'timer');
  let socat: ChildProcessWithoutNullStreams | undefined;
  let closing = false;

  transport.onData((chunk) => {
    if (socat?.stdin.writable) socat.stdin.write(chunk);
  });

  const connect = async (): Promise<void> => {
    const child = await startSocat(timerPath);
    socat = child;
    child.stdout.on('data', (chunk: Buffer) => {
      transport.write(chunk.toString('latin1')).catch(() => undefined);
    });
    child.once('exit', () => {
      if (socat === child) socat = undefined;
      if (!closing) connect().catch(() => undefined);
    });
  };

  await connect();
  return {
    path: timerPath,
    async close() {
      closing = true;
      const child = socat;
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
