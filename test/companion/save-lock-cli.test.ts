// Two companions on one save file: the second refuses, naming the first; the lock is released
// on every way out of the real program (the end of the game, quitting, an error, SIGINT, SIGTERM).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lockPathOf } from '../../host/engine/save-lock.ts';
import { runCompanion } from './cli-process.ts';
import { tempSavePath, until } from './table.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

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
  it('a second companion on the same save refuses, naming the first (pid) and what to do; the lock goes with the first', async () => {
    const savePath = tempSavePath();
    const first = companion(playArgs(savePath));
    try {
      await until(() => first.out().includes('"type":"table"'), 'the first snapshot', 30_000);
      expect(JSON.parse(readFileSync(lockPathOf(savePath), 'utf8'))).toMatchObject({ pid: first.child.pid, command: 'play rebel-missions' });
      const second = await runCompanion(['play', 'rebel-missions', '--resume', '--json', '--save', savePath]);
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
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`releases the lock on ${signal}`, async () => {
      const savePath = tempSavePath();
      const run = companion(playArgs(savePath));
      try {
        await until(() => run.out().includes('"type":"table"'), 'the first snapshot', 30_000);
        expect(existsSync(lockPathOf(savePath))).toBe(true);
        run.child.kill(signal);
        expect(await exited(run.child)).toBe(0);
        expect(existsSync(lockPathOf(savePath))).toBe(false);
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    });
  }

  it('releases the lock when the companion stops on an error, and at the end of a game', async () => {
    const savePath = tempSavePath();
    const failed = await runCompanion([...playArgs(savePath), '--port', '/dev/no-such-timer']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/cannot reach the timer/);
    expect(existsSync(lockPathOf(savePath))).toBe(false);

    const siSave = tempSavePath();
    const played = await runCompanion([
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

  it('takes over the lock a killed companion left, and says so', async () => {
    const savePath = tempSavePath();
    const killed = companion(playArgs(savePath));
    await until(() => killed.out().includes('"type":"table"'), 'the first snapshot', 30_000);
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    expect(existsSync(lockPathOf(savePath))).toBe(true);
    const again = companion(['play', 'rebel-missions', '--resume', '--json', '--save', savePath]);
    try {
      await until(() => again.out().includes('"type":"table"'), 'the resumed snapshot', 30_000);
      expect(again.out()).toMatch(
        new RegExp(
          `"type":"note","text":"The save file's lock was left by play rebel-missions \\(process ${killed.child.pid}, started [^)]*\\), which is no longer running; this companion took it over\\."`,
        ),
      );
      again.child.stdin.end();
      expect(await exited(again.child)).toBe(0);
    } finally {
      if (again.child.exitCode === null) again.child.kill('SIGKILL');
    }
  });
});
