// Running the imperial-timer command line from a test and collecting what it writes: in this
// process with streams in memory (memoryIo, for runCli; runInProcess), or as the real program in a
// child process (runCompanion). A test not about the process runs in this process: a program
// started costs a tsx start (seconds of CPU).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../host/cli/imperial-timer.ts';
import type { CliIo } from '../../host/cli/io.ts';

/** The repository's root: the child process runs there. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The real program is killed after this long, so a hung run fails instead of hanging the suite. */
const KILL_AFTER_MS = 120_000;

/**
 * The time limit of a test that starts the real program: it catches a hang only, far above what
 * a machine as busy as 30 processes to a core takes (a tsx start alone can then take half a minute).
 */
export const PROCESS_TEST_TIMEOUT_MS = 240_000;

/**
 * Streams for runCli: `input` is the standard input, ended at once unless `keepInputOpen` (then
 * type() adds lines and endInput() ends it, as a person closing the terminal would); out() and
 * err() hold what was written so far.
 */
export function memoryIo(
  input = '',
  { keepInputOpen = false }: { keepInputOpen?: boolean } = {},
): { io: CliIo; out: () => string; err: () => string; type: (text: string) => void; endInput: () => void } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const stdin = new PassThrough();
  if (keepInputOpen) stdin.write(input);
  else stdin.end(input);
  return {
    io: { stdin, stdout, stderr, stdoutIsTty: false, home: '/nonexistent-home', interrupted: new Promise(() => undefined) },
    out: () => out,
    err: () => err,
    type: (text) => stdin.write(text),
    endInput: () => {
      if (!stdin.writableEnded) stdin.end();
    },
  };
}

/** Runs `imperial-timer <args>` in this process with its input ended; resolves with the exit code and what it wrote. */
export async function runInProcess(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, out, err } = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: out(), stderr: err() };
}

/** Starts `imperial-timer <args>` as its own process, with no standard input. */
export function spawnCompanion(args: string[]): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', 'host/cli/imperial-timer.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs `imperial-timer <args>` as its own process, with no standard input, and waits for it to exit. */
export function runCompanion(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnCompanion(args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill(), KILL_AFTER_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
