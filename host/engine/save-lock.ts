// One program at a time on a save file: `<save>.lock` beside it, created atomically (written
// whole under a temporary name, then linked into place, which fails if a lock is there), holding
// the owner's pid, the time it started and the machine it runs on. A lock whose process is gone
// (or whose pid now belongs to a process started later) is stale: it is taken over, and the
// caller is told so. The lock is released on every way out: release(), and the process's exit.

import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

export interface LockOwner {
  readonly pid: number;
  /** ISO time the owning process started. */
  readonly started: string;
  readonly host: string;
  /** What the owner runs ("play rebel-missions"), for the message that names it. */
  readonly command: string;
  /** On Linux, the owner's start time in clock ticks since boot (from /proc), which tells a reused pid apart. */
  readonly startTicks?: string;
}

export interface SaveLock {
  readonly path: string;
  /** The stale lock this one replaced, when there was one (tell the user). */
  readonly tookOverFrom: LockOwner | undefined;
  /** Removes the lock (if it is still this process's). Safe to call more than once. */
  release(): void;
}

export class SaveLockedError extends Error {
  constructor(
    message: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(message);
    this.name = 'SaveLockedError';
  }
}

export function lockPathOf(savePath: string): string {
  return `${savePath}.lock`;
}

/** A process's start time in clock ticks since boot, from /proc (Linux); undefined elsewhere or when it is gone. */
function startTicksOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; field 22 is the start time.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function thisProcess(command: string): LockOwner {
  const ticks = startTicksOf(process.pid);
  return {
    pid: process.pid,
    started: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    host: hostname(),
    command,
    ...(ticks === undefined ? {} : { startTicks: ticks }),
  };
}

function readOwner(path: string): LockOwner | undefined | 'missing' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0 && typeof value.started === 'string' && typeof value.host === 'string') {
      return {
        pid: value.pid,
        started: value.started,
        host: value.host,
        command: typeof value.command === 'string' ? value.command : 'the companion',
        ...(typeof value.startTicks === 'string' ? { startTicks: value.startTicks } : {}),
      };
    }
  } catch {
    // unreadable: below
  }
  return undefined;
}

/** Whether the lock's owner is certainly gone: its process no longer runs, or its pid now belongs to another process. */
function isStale(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false; // a process on another machine cannot be checked from here
  if (!processIsAlive(owner.pid)) return true;
  if (owner.startTicks !== undefined) {
    const now = startTicksOf(owner.pid);
    if (now !== undefined && now !== owner.startTicks) return true;
  }
  return false;
}

function describeOwner(owner: LockOwner): string {
  return `${owner.command}, process ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}, started ${owner.started}`;
}

/** A lock file that does not say who holds it is only taken over once it is this old (it may be being written). */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

/** The mutex for taking over a stale lock (so two programs never both take it over); one left behind by a crash expires. */
const TAKEOVER_GRACE_MS = 10_000;

/**
 * Takes the lock of the save at `savePath` for `command` ("play rebel-missions"). Throws
 * SaveLockedError naming the running owner and what to do when another program holds it.
 */
export function lockSave(savePath: string, command: string): SaveLock {
  const path = lockPathOf(savePath);
  ownerOnlyFolder(dirname(path));
  removeStaleStaging(path);
  const me = thisProcess(command);
  const text = `${JSON.stringify(me)}\n`;
  const staging = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.new`;
  writeFileSync(staging, text, { mode: 0o644 });
  let tookOverFrom: LockOwner | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        createWhole(staging, path, text);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (attempt >= 5) throw new SaveLockedError(`cannot take the lock ${path}: it keeps changing hands; try again`, undefined);
      const owner = readOwner(path);
      if (owner === 'missing') continue; // released meanwhile: try again
      if (owner !== undefined && !isStale(owner)) {
        throw new SaveLockedError(
          `the save file ${savePath} is in use by another companion (${describeOwner(owner)}). Finish or quit that one first, or play this game with another save file (--save FILE).${owner.host === hostname() ? '' : ` If that program is certainly no longer running, remove ${path}.`}`,
          owner,
        );
      }
      if (owner === undefined && Date.now() - mtimeOf(path) < UNREADABLE_LOCK_GRACE_MS) {
        throw new SaveLockedError(
          `the save file ${savePath} is being opened by another companion right now (its lock ${path} is being written); try again in a few seconds`,
          undefined,
        );
      }
      if (takeOver(path, owner)) tookOverFrom = owner ?? { pid: 0, started: 'unknown', host: 'unknown', command: 'an unreadable lock' };
    }
  } finally {
    unlinkSync(staging);
  }

  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on('exit', release);
  return { path, tookOverFrom, release };
}

/** The companion's own folder for saves (`~/.imperial-timer`, the default): owner-only even when an older version made it readable. */
export const OWN_FOLDER_NAME = '.imperial-timer';

/**
 * Makes the folder of a save if it is missing, readable by its owner only (the saves in it hold
 * the seeds that deal every hand). An existing folder is tightened only when it is the
 * companion's own (named `.imperial-timer`); one the user chose stays as it is (its saves are
 * owner-only anyway).
 */
export function ownerOnlyFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (basename(folder) !== OWN_FOLDER_NAME) return;
  try {
    const stat = statSync(folder);
    if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) chmodSync(folder, stat.mode & 0o700);
  } catch {
    // not ours to change: it stays as it is
  }
}

/** The staging files (`<lock>.<pid>-<mark>.new`) of takers killed before they finished, whose process is gone. */
function removeStaleStaging(path: string): void {
  const base = basename(path);
  let names: string[] = [];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^(.*)\.(\d+)-[0-9a-f]{8}\.new$/.exec(name);
    if (!match || match[1] !== base || processIsAlive(Number(match[2]))) continue;
    try {
      unlinkSync(join(dirname(path), name));
    } catch {
      // gone already
    }
  }
}

/**
 * Creates `path` holding `text`, failing with EEXIST when it is there: as a hard link to the
 * staging file (the lock appears whole), or, on a file system without hard links, created
 * exclusively and then written (a reader may then briefly see it empty: the grace period).
 */
function createWhole(staging: string, path: string, text: string): void {
  try {
    linkSync(staging, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    writeFileSync(path, text, { flag: 'wx', mode: 0o644 });
  }
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Removes the stale lock at `path` (still the one judged stale), under a mutex; false when another program got there first. */
function takeOver(path: string, judged: LockOwner | undefined): boolean {
  const mutex = `${path}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - mtimeOf(mutex) > TAKEOVER_GRACE_MS) rmdirSync(mutex);
    return false;
  }
  try {
    const now = readOwner(path);
    const same = now !== 'missing' && JSON.stringify(now) === JSON.stringify(judged);
    if (same) unlinkSync(path);
    return same;
  } finally {
    rmdirSync(mutex);
  }
}
