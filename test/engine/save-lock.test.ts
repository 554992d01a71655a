// The lock beside a save file: one program at a time, a stale lock (its process gone, or its pid
// reused by a later process) taken over and reported, released only by its owner.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockPathOf, lockSave, SaveLockedError } from '../../host/engine/save-lock.ts';
import { testTempDir } from '../support/temp-dir.ts';

const savePath = (): string => join(testTempDir('lock-'), 'game.save.json');
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the save lock', () => {
  it("is a file beside the save holding the owner's pid, start time and machine; a second taker is refused, naming the owner", () => {
    const path = savePath();
    const lock = lockSave(path, 'play rebel-missions');
    const owner = JSON.parse(readFileSync(lockPathOf(path), 'utf8')) as Record<string, unknown>;
    expect(owner).toMatchObject({ pid: process.pid, host: hostname(), command: 'play rebel-missions' });
    expect(Date.parse(String(owner['started']))).toBeLessThanOrEqual(Date.now());
    expect(() => lockSave(path, 'play rebel-missions')).toThrow(SaveLockedError);
    expect(() => lockSave(path, 'play rebel-missions')).toThrow(
      new RegExp(
        `the save file .*game\\.save\\.json is in use by another companion \\(play rebel-missions, process ${process.pid}, started .*\\)\\. Finish or quit that one first, or play this game with another save file \\(--save FILE\\)`,
      ),
    );
    lock.release();
    expect(existsSync(lockPathOf(path))).toBe(false);
    lockSave(path, 'again').release();
  });

  it('takes over a lock whose process is gone, and says whose it was', () => {
    const path = savePath();
    const pid = deadPid();
    writeFileSync(lockPathOf(path), JSON.stringify({ pid, started: '2026-11-30T10:00:00.000Z', host: hostname(), command: 'play secret-invasion' }));
    const lock = lockSave(path, 'play secret-invasion');
    expect(lock.tookOverFrom).toMatchObject({ pid, command: 'play secret-invasion' });
    expect(JSON.parse(readFileSync(lockPathOf(path), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a process started later', () => {
    const path = savePath();
    if (!existsSync(`/proc/${process.pid}/stat`)) return; // the start time is read from /proc (Linux)
    writeFileSync(
      lockPathOf(path),
      JSON.stringify({ pid: process.pid, started: '2026-01-01T00:00:00.000Z', host: hostname(), command: 'play rebel-missions', startTicks: '1' }),
    );
    const lock = lockSave(path, 'play rebel-missions');
    expect(lock.tookOverFrom).toMatchObject({ pid: process.pid, startTicks: '1' });
    lock.release();
  });

  it('never takes over a lock held on another machine (its process cannot be checked), and says how to clear it', () => {
    const path = savePath();
    writeFileSync(
      lockPathOf(path),
      JSON.stringify({ pid: deadPid(), started: '2026-11-30T10:00:00.000Z', host: 'other-machine', command: 'play rebel-missions' }),
    );
    expect(() => lockSave(path, 'play rebel-missions')).toThrow(
      /in use by another companion \(play rebel-missions, process \d+ on other-machine.*If that program is certainly no longer running, remove .*game\.save\.json\.lock/,
    );
  });

  it('a lock that does not say who holds it is left alone while it may still be being written, then taken over', () => {
    const path = savePath();
    writeFileSync(lockPathOf(path), '');
    expect(() => lockSave(path, 'play rebel-missions')).toThrow(/is being opened by another companion right now/);
    const old = new Date(Date.now() - 60_000);
    spawnSync('touch', ['-d', old.toISOString(), lockPathOf(path)]);
    const lock = lockSave(path, 'play rebel-missions');
    expect(lock.tookOverFrom).toMatchObject({ command: 'an unreadable lock' });
    lock.release();
  });

  it("removes what a taker killed mid-way left (its staging file), never a running taker's", () => {
    const path = savePath();
    const dead = `${lockPathOf(path)}.${deadPid()}-0badf00d.new`;
    const running = `${lockPathOf(path)}.${process.ppid}-0badf00d.new`;
    writeFileSync(dead, '{}');
    writeFileSync(running, '{}');
    lockSave(path, 'play rebel-missions').release();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
  });

  it('release removes only its own lock', () => {
    const path = savePath();
    const lock = lockSave(path, 'play rebel-missions');
    const someoneElse = JSON.stringify({ pid: 1, started: 'x', host: hostname(), command: 'other' });
    writeFileSync(lockPathOf(path), someoneElse);
    lock.release();
    expect(readFileSync(lockPathOf(path), 'utf8')).toBe(someoneElse);
  });
});
