// Two companions on one save file: the second refuses, naming the first; the lock is released
// on every way out of the real program (quitting, SIGINT, SIGTERM, the end of the game, an error).
// Each program started serves every check it can: a killed one's lock is taken over by the next,
// which is then stopped with SIGTERM. The refusal, the error and the end of a game run the command
// line in this process (runCli), where the lock must be gone when it returns.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lockPathOf } from '../../host/engine/save-lock.ts';
import { PROCESS_TEST_TIMEOUT_MS, runInProcess } from './cli-process.ts';
import { tempSavePath, until } from './table.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** How long the real program may take to show its first snapshot: a hang only (a tsx start on a busy machine). */
const FIRST_SNAPSHOT_MS = 120_000;

function companion(args: string[]): { child: ChildProcessWithoutNullStreams; out: () => string; err: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/cli/imperial-timer.ts', ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { child, out: () => out, err: () => err };
}

const exited = (child: ChildProcessWithoutNullStreams): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

const playArgs = (savePath: string): string[] => ['play', 'rebel-missions', '--players', 'Ana:hera,Ben:zeb', '--json', '--seed', '4', '--save', savePath];

describe('one companion per save file', () => {
  it(
    'a second companion on the same save refuses, naming the first (pid) and what to do; the lock goes with the first when it quits',
    async () => {
      const savePath = tempSavePath();
      const first = companion(playArgs(savePath));
      try {
        await until(() => first.out().includes('"type":"table"'), 'the first snapshot', FIRST_SNAPSHOT_MS);
        expect(JSON.parse(readFileSync(lockPathOf(savePath), 'utf8'))).toMatchObject({ pid: first.child.pid, command: 'play rebel-missions' });
        const second = await runInProcess(['play', 'rebel-missions', '--resume', '--json', '--save', savePath]);
        expect(second.code).toBe(1);
        expect(second.stderr).toMatch(
          new RegExp(
            `the save file .* is in use by another companion \\(play rebel-missions, process ${first.child.pid}, started .*\\)\\. Finish or quit that one first`,
          ),
        );
        expect(second.stdout).toBe('');
        // Quitting (the end of the input) releases the lock.
        first.child.stdin.end();
        expect(await exited(first.child)).toBe(0);
        expect(existsSync(lockPathOf(savePath))).toBe(false);
      } finally {
        if (first.child.exitCode === null) first.child.kill('SIGKILL');
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'releases the lock on SIGINT',
    async () => {
      const savePath = tempSavePath();
      const run = companion(playArgs(savePath));
      try {
        await until(() => run.out().includes('"type":"table"'), 'the first snapshot', FIRST_SNAPSHOT_MS);
        expect(existsSync(lockPathOf(savePath))).toBe(true);
        run.child.kill('SIGINT');
        expect(await exited(run.child)).toBe(0);
        expect(existsSync(lockPathOf(savePath))).toBe(false);
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('releases the lock when the companion stops on an error, and at the end of a game', async () => {
    const savePath = tempSavePath();
    const failed = await runInProcess([...playArgs(savePath), '--port', '/dev/no-such-timer']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/cannot reach the timer/);
    expect(existsSync(lockPathOf(savePath))).toBe(false);

    const siSave = tempSavePath();
    const played = await runInProcess([
      'play',
      'secret-invasion',
      '--players',
      'Ana,Ben',
      '--bots',
      'all',
      '--json',
      '--no-timer',
      '--seed',
      '3',
      '--save',
      siSave,
    ]);
    expect(played.code).toBe(0);
    expect(played.stdout).toMatch(/"type":"result"/);
    expect(existsSync(lockPathOf(siSave))).toBe(false);
  });

  it(
    'takes over the lock a killed companion left, and says so; that one releases it on SIGTERM',
    async () => {
      const savePath = tempSavePath();
      const killed = companion(playArgs(savePath));
      await until(() => killed.out().includes('"type":"table"'), 'the first snapshot', FIRST_SNAPSHOT_MS);
      killed.child.kill('SIGKILL');
      await exited(killed.child);
      expect(existsSync(lockPathOf(savePath))).toBe(true);
      const again = companion(['play', 'rebel-missions', '--resume', '--json', '--save', savePath]);
      try {
        await until(() => again.out().includes('"type":"table"'), 'the resumed snapshot', FIRST_SNAPSHOT_MS);
        expect(again.out()).toMatch(
          new RegExp(
            `"type":"note","text":"The save file's lock was left by play rebel-missions \\(process ${killed.child.pid}, started [^)]*\\), which is no longer running; this companion took it over\\."`,
          ),
        );
        expect(JSON.parse(readFileSync(lockPathOf(savePath), 'utf8'))).toMatchObject({ pid: again.child.pid });
        again.child.kill('SIGTERM');
        expect(await exited(again.child)).toBe(0);
        expect(existsSync(lockPathOf(savePath))).toBe(false);
      } finally {
        if (again.child.exitCode === null) again.child.kill('SIGKILL');
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
