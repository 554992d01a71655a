// Saves on a disk that is nearly or completely full, and who may read them: a save that cannot
// be written whole fails and replaces nothing (neither the save nor its backup), a disk that takes
// a write in pieces still gets the whole save, and every file kept is readable by its owner only.
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playTable, randomTableBot } from '../../host/engine/table-play.ts';
import type { GameLog } from '../../host/engine/log.ts';
import { backupPathOf, clearForNewGame, readSave, SaveWriteError, useSaveWriter, writeSave, type SaveWriter } from '../../host/engine/save.ts';
import { lockSave, OWN_FOLDER_NAME } from '../../host/engine/save-lock.ts';
import { rebelMissionsTable, tableBot } from '../../host/games/rebel-missions/table-game.ts';
import type { RebelMissionsConfig, RebelMissionsView, RebelTableMove as RebelMissionsMove, RebelTableState } from '../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../host/games/rebel-missions/rebel-bot.ts';
import { randomTimerBot } from '../../host/games/rebel-missions/timer-bot.ts';
import { testTempDir } from '../support/temp-dir.ts';

type Log = GameLog<RebelMissionsConfig, RebelMissionsMove>;
const game = rebelMissionsTable;
const CONFIG: RebelMissionsConfig = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
  ],
};

const LONG: Log = (() => {
  const seats = {
    timer: tableBot('timer', randomTimerBot()),
    p1: tableBot('cooperative', rebelBot()),
    p2: randomTableBot<RebelTableState, RebelMissionsMove, RebelMissionsView>(),
  };
  return playTable(game, CONFIG, 7, seats, { maxSteps: 400 }).log;
})();
const upTo = (n: number): Log => ({ ...LONG, moves: LONG.moves.slice(0, n) });

/** Saves the first `n` moves, then `n + 1`: a save and a backup, both good. */
function saveAndBackup(path: string, n: number): { save: Buffer; backup: Buffer } {
  writeSave(game, path, upTo(n));
  writeSave(game, path, upTo(n + 1));
  return { save: readFileSync(path), backup: readFileSync(backupPathOf(path)) };
}

const modeOf = (path: string): number => statSync(path).mode & 0o777;
const temps = (dir: string): string[] => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/** A disk that takes at most `piece` bytes a write, and only `room` bytes in all; then ENOSPC. */
function faultyDisk(piece: number, room: number): SaveWriter & { calls: number } {
  let left = room;
  const disk = {
    calls: 0,
    write(fd: number, bytes: Uint8Array, offset: number, length: number): number {
      disk.calls += 1;
      if (left <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      const n = Math.min(piece, length, left);
      left -= n;
      return writeSync(fd, bytes, offset, n);
    },
    fsync: () => undefined,
  };
  return disk;
}

describe('a disk that takes fewer bytes than asked (an injected writer)', () => {
  it('a save written in pieces is written whole', () => {
    const dir = testTempDir('pieces-');
    const path = join(dir, 'rm.save.json');
    const disk = faultyDisk(100, Number.POSITIVE_INFINITY);
    const restore = useSaveWriter(disk);
    try {
      writeSave(game, path, upTo(60));
    } finally {
      restore();
    }
    expect(disk.calls).toBeGreaterThan(5);
    expect(readSave(game, path).log.moves).toHaveLength(60);
  });

  it('a disk that fills up half way: the save fails, and the save and its backup are as they were', () => {
    const dir = testTempDir('short-');
    const path = join(dir, 'rm.save.json');
    const before = saveAndBackup(path, 40);
    const restore = useSaveWriter(faultyDisk(4096, 4096));
    let thrown: unknown;
    try {
      writeSave(game, path, upTo(120));
    } catch (error) {
      thrown = error;
    } finally {
      restore();
    }
    expect(thrown).toBeInstanceOf(SaveWriteError);
    expect((thrown as SaveWriteError).code).toBe('ENOSPC');
    expect((thrown as Error).message).toMatch(/disk is full.*unchanged/);
    expect(readFileSync(path).equals(before.save)).toBe(true);
    expect(readFileSync(backupPathOf(path)).equals(before.backup)).toBe(true);
    expect(temps(dir)).toEqual([]);
    expect(readSave(game, path).log.moves).toHaveLength(41);
  });

  it('a disk that says it wrote nothing (no error): the save fails rather than looping or cutting the file', () => {
    const dir = testTempDir('zero-');
    const path = join(dir, 'rm.save.json');
    const before = saveAndBackup(path, 10);
    const restore = useSaveWriter({ write: () => 0, fsync: () => undefined });
    try {
      expect(() => writeSave(game, path, upTo(30))).toThrow(/took 0 of its \d+ bytes/);
    } finally {
      restore();
    }
    expect(readFileSync(path).equals(before.save)).toBe(true);
    expect(readFileSync(backupPathOf(path)).equals(before.backup)).toBe(true);
  });
});

// A real full disk: a small tmpfs (CI runs as root; elsewhere, without root, this is skipped).
const root = process.getuid?.() === 0;
const inCi = process.env['CI'] === 'true';
if (!root && !inCi) console.warn('save-faults: the tmpfs tests need root (mount -t tmpfs); skipped');

describe.runIf(root || inCi)('a small disk that is nearly full (tmpfs, 64 KiB)', () => {
  let mount = '';
  beforeAll(() => {
    mount = testTempDir('tmpfs-');
    const done = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', mount], { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`mount -t tmpfs failed: ${done.stderr}`);
  });
  afterAll(() => {
    if (mount !== '') spawnSync('umount', [mount]);
  });

  const free = (): number => {
    const s = statfsSync(mount);
    return s.bavail * s.bsize;
  };
  /** Fills the disk (a file at `name`) until `left` bytes (whole pages) are free. */
  const fillTo = (name: string, left: number): void => {
    const fd = openSync(name, 'w');
    try {
      const page = Buffer.alloc(4096, 0x2e);
      while (free() > left) writeSync(fd, page);
    } finally {
      closeSync(fd);
    }
  };

  /** A folder on the small disk for one test, emptied again after it (the disk is shared by the tests). */
  const onDisk = (name: string, run: (dir: string) => void): void => {
    const dir = join(mount, name);
    mkdirSync(dir);
    try {
      run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('with one page free, a longer save fails and the save and its backup stay whole (they used to be cut to 4,096 bytes)', () => {
    onDisk('one-page', (dir) => {
      const path = join(dir, 'rm.save.json');
      const before = saveAndBackup(path, 150);
      expect(before.save.length).toBeGreaterThan(8192);
      fillTo(join(dir, 'filler'), 4096);
      expect(() => writeSave(game, path, upTo(152))).toThrow(SaveWriteError);
      expect(readFileSync(path).equals(before.save)).toBe(true);
      expect(readFileSync(backupPathOf(path)).equals(before.backup)).toBe(true);
      expect(readSave(game, path).log.moves).toHaveLength(151);
      expect(temps(dir)).toEqual([]);
    });
  });

  it('with room for the new save alone, the save succeeds and the old one becomes the backup', () => {
    onDisk('room-for-one', (dir) => {
      const path = join(dir, 'rm.save.json');
      const before = saveAndBackup(path, 60);
      // Room for the new save (two moves longer) and a page more.
      const size = before.save.length + 1024;
      fillTo(join(dir, 'filler'), Math.ceil(size / 4096) * 4096 + 4096);
      writeSave(game, path, upTo(62));
      expect(readSave(game, path).log.moves).toHaveLength(62);
      expect(readFileSync(backupPathOf(path)).equals(before.save)).toBe(true);
      expect(temps(dir)).toEqual([]);
    });
  });
});

describe('saves are readable by their owner only', () => {
  it('the save, its backup, a damaged file set aside and a kept game are 0600, even where an older version left 0644', () => {
    const dir = testTempDir('modes-');
    const path = join(dir, 'rm.save.json');
    writeSave(game, path, upTo(5));
    expect(modeOf(path)).toBe(0o600);
    chmodSync(path, 0o644); // as an older version wrote it
    writeSave(game, path, upTo(6));
    expect(modeOf(path)).toBe(0o600);
    expect(modeOf(backupPathOf(path))).toBe(0o600);
    writeFileSync(path, 'not a save', { mode: 0o644 });
    const report = writeSave(game, path, upTo(7));
    expect(report.damaged).toBeDefined();
    expect(modeOf(report.damaged as string)).toBe(0o600);
    chmodSync(path, 0o644);
    const cleared = clearForNewGame(game, path);
    expect(cleared.kept.length).toBeGreaterThan(0);
    for (const kept of cleared.kept) expect(modeOf(kept.to)).toBe(0o600);
  });

  it("the folder a save's lock makes is 0700, and the companion's own folder is tightened when an older version made it 0755", () => {
    const parent = testTempDir('folders-');
    const made = join(parent, 'new', 'saves');
    lockSave(join(made, 'rm.save.json'), 'test').release();
    expect(modeOf(made)).toBe(0o700);
    const own = join(parent, OWN_FOLDER_NAME);
    mkdirSync(own, { mode: 0o755 });
    chmodSync(own, 0o755);
    lockSave(join(own, 'rm.save.json'), 'test').release();
    expect(modeOf(own)).toBe(0o700);
    // A folder the user chose stays as it is (its saves are owner-only anyway).
    const chosen = join(parent, 'shared');
    mkdirSync(chosen);
    chmodSync(chosen, 0o755);
    lockSave(join(chosen, 'rm.save.json'), 'test').release();
    expect(modeOf(chosen)).toBe(0o755);
  });
});
