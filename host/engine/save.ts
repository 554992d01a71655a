// Save files: a versioned JSON document holding the game id, the game log and the table's own
// state (which seats the bots play and their random state), sealed with a SHA-256 checksum.
// Writing is atomic (a temporary file named for this process alone, written whole, fsynced and
// read back and checked, then renamed), and the save being replaced is first kept as `<file>.bak`
// (a hard link: no room needed), so a crash, a full disk or a damaged file never costs the last
// good save: a save that cannot be written whole fails and replaces nothing. Every file kept is
// readable by its owner only (a save holds the seed that deals every hand). The only good copy of an unfinished game is never overwritten: it is kept under a
// name of its own (`<file>.kept-<time>.json`) and the caller is told where.
// Loading checks the format, the version, the game, the checksum, and that the log replays under
// the rules; anything else is rejected with a message that says why. Harmless editor damage (a
// byte-order mark, UTF-16, CRLF line ends, trailing blank lines or NUL bytes) is not damage.
// With save-lock.ts, the only modules of the engine that touch the file system.

import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { MoveBase } from './table-game.ts';
import { ReplayError, type GameLog } from './log.ts';
import { isSeed } from './rng.ts';
import type { TableGame } from './table-game.ts';
import { replayTable } from './table-play.ts';

export const SAVE_FORMAT = 'imperial-timer-save';
/** The version this program writes (and the only one it continues). Version 2 added `table`. */
export const SAVE_VERSION = 2;
/** The versions this program reads: version 1 (no `table`) is known, and refused as an older format. */
export const READABLE_SAVE_VERSIONS: readonly number[] = [1, 2];

/** The table's own state beside the log (the bots' seats and random state): a JSON object the companion validates. */
export type SaveTable = Readonly<Record<string, unknown>>;

export interface SaveFile<Config, Move extends MoveBase> {
  readonly format: typeof SAVE_FORMAT;
  readonly version: typeof SAVE_VERSION;
  readonly gameId: string;
  /** ISO 8601 time of saving, for people choosing between saves. */
  readonly savedAt: string;
  readonly log: GameLog<Config, Move>;
  /** What the table needs to go on exactly as it would have (absent when there is nothing). */
  readonly table?: SaveTable;
  /** SHA-256 (hex) of the canonical JSON of every other field. */
  readonly checksum: string;
}

export interface LoadedSave<Config, State, Move extends MoveBase> {
  readonly log: GameLog<Config, Move>;
  readonly state: State;
  readonly savedAt: string;
  /** The save format version the file was written in (1: before `table`). */
  readonly version: number;
  /** The table's state, when the file holds one. */
  readonly table: SaveTable | undefined;
}

export class SaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveError';
  }
}

/** An intact save of another game than the one asked for (a `--save` of the wrong game, most likely). */
export class OtherGameSaveError extends SaveError {
  constructor(
    message: string,
    /** The game the file is a save of. */
    readonly savedGameId: string,
  ) {
    super(message);
    this.name = 'OtherGameSaveError';
  }
}

/**
 * A save of this game in a format this version does not continue (written before the game took
 * its current shape: version 1, the older companion's moves or table part). No public release
 * wrote such saves, so none is converted: it is refused, saying what to do.
 */
export class OlderSaveError extends SaveError {
  constructor(source: string, what: string) {
    super(olderFormatMessage(source, what));
    this.name = 'OlderSaveError';
  }
}

/** The one wording of a refused older save: what it is, that this version cannot continue it, and what to do. */
export function olderFormatMessage(source: string, what: string): string {
  return `${source} is a save in an older format (${what}): this version of the Imperial Timer cannot continue it. Start a new game with --new; the old file is then kept under a name of its own`;
}

/** JSON with object keys sorted at every level: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`cannot store ${typeof value} in a save file`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

function checksumOf(body: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The text of a save file for `log` (and the table's state, when given). */
export function encodeSave<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  log: GameLog<Config, Move>,
  savedAt: string = new Date().toISOString(),
  table?: SaveTable,
): string {
  if (log.gameId !== game.meta.id) {
    throw new SaveError(`cannot save a log of game "${log.gameId}" as game "${game.meta.id}"`);
  }
  const body = { format: SAVE_FORMAT, version: SAVE_VERSION, gameId: game.meta.id, savedAt, log, ...(table === undefined ? {} : { table }) } as const;
  const file: SaveFile<Config, Move> = { ...body, checksum: checksumOf(body) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * The text of a save file's bytes, undoing what editors do to a file without changing it: a
 * UTF-8 byte-order mark, UTF-16 (with its byte-order mark, as Windows editors write "Unicode"),
 * and trailing NUL bytes (left by a crash on some file systems). CRLF and blank lines are JSON
 * whitespace already.
 */
export function saveTextOf(bytes: Buffer): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = bytes.subarray(2).toString('utf16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    text = swapped.toString('utf16le');
  } else text = bytes.toString('utf8');
  return text.replace(/^\uFEFF/, '').replace(/[\0\s]+$/, '');
}

function versionProblem(source: string, version: unknown): string {
  const readable = READABLE_SAVE_VERSIONS.join(' and ');
  if (typeof version === 'number' && Number.isInteger(version) && version > SAVE_VERSION) {
    return `${source} was written by a newer Imperial Timer (save format version ${version}; this program reads versions ${readable}): update the program to continue that game`;
  }
  return `${source} has save format version ${JSON.stringify(version)}, which no Imperial Timer wrote; this program reads versions ${readable}`;
}

/**
 * Check a save file's text without replaying it: the format, the version, the game, the
 * checksum and the shape of the log. Throws SaveError saying what is wrong.
 */
function checkSaveText<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  text: string,
  source: string,
): { log: GameLog<Config, Move>; savedAt: string; version: number; table: SaveTable | undefined } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new SaveError(`${source} is damaged or not a save file: it is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SaveError(`${source} is not a save file: expected a JSON object`);
  }
  const file = parsed as Record<string, unknown>;
  if (file.format !== SAVE_FORMAT) {
    throw new SaveError(`${source} is not an Imperial Timer save file (format ${JSON.stringify(file.format)})`);
  }
  if (typeof file.version !== 'number' || !READABLE_SAVE_VERSIONS.includes(file.version)) {
    throw new SaveError(versionProblem(source, file.version));
  }
  if (file.gameId !== game.meta.id) {
    throw new OtherGameSaveError(`${source} is a save of game "${String(file.gameId)}", not of "${game.meta.id}"`, String(file.gameId));
  }
  const { checksum, ...body } = file;
  if (typeof checksum !== 'string' || checksum !== checksumOf(body)) {
    throw new SaveError(`${source} is damaged: its checksum does not match its contents`);
  }
  const log = file.log as Record<string, unknown> | null;
  if (
    typeof file.savedAt !== 'string' ||
    typeof log !== 'object' ||
    log === null ||
    log.gameId !== game.meta.id ||
    !isSeed(log.seed) ||
    !Array.isArray(log.moves) ||
    !('config' in log)
  ) {
    throw new SaveError(`${source} is damaged: its game log is incomplete`);
  }
  const table = file.table;
  if (file.version === 1 && table !== undefined) throw new SaveError(`${source} is damaged: a version 1 save has no table`);
  if (file.version === 1) throw new OlderSaveError(source, 'save format version 1, written by the older companion');
  if (table !== undefined && (typeof table !== 'object' || table === null || Array.isArray(table))) {
    throw new SaveError(`${source} is damaged: its table is not a JSON object`);
  }
  return { log: log as unknown as GameLog<Config, Move>, savedAt: file.savedAt, version: file.version, table: table as SaveTable | undefined };
}

/** Check a save file's text and rebuild its game; throws SaveError saying what is wrong. */
export function decodeSave<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  text: string,
  source = 'the save file',
): LoadedSave<Config, State, Move> {
  const checked = checkSaveText(game, text, source);
  try {
    const state = replayTable(game, checked.log);
    return { ...checked, state };
  } catch (error) {
    const why = error instanceof ReplayError || error instanceof Error ? error.message : String(error);
    // The checksum holds, so the file was written whole as it is: by an earlier version, whose moves were not these.
    throw new OlderSaveError(source, `it does not replay under the rules of "${game.meta.id}": ${why}`);
  }
}

/** The path where the save replaced last is kept. */
export function backupPathOf(path: string): string {
  return `${path}.bak`;
}

/** The path where a damaged file found at a save's place is kept before a new save replaces it. */
export function damagedPathOf(path: string): string {
  return `${path}.damaged`;
}

/** `2026-11-29T20-00-00Z`: a time for a file name (no colons, which some systems refuse). */
function fileTime(iso: string): string {
  const time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(iso) ? iso.slice(0, 19) : new Date().toISOString().slice(0, 19);
  return `${time.replace(/:/g, '-')}Z`;
}

/** `base`, or `base-2`, `base-3`... + `ext`: the first name not taken. */
function freeName(base: string, ext: string): string {
  for (let n = 1; ; n++) {
    const candidate = `${base}${n === 1 ? '' : `-${n}`}${ext}`;
    if (!existsSync(candidate)) return candidate;
  }
}

/** A name of its own for an unfinished game kept beside the save `path` (saved at `savedAt`): `<path>.kept-<time>.json`. */
export function keptPathOf(path: string, savedAt: string): string {
  return freeName(`${path}.kept-${fileTime(savedAt)}`, '.json');
}

/** Where a damaged file at the save's place goes: `<path>.damaged`, or `.damaged-2`... when that is taken by another. */
function freeDamagedPath(path: string, bytes: Uint8Array): string {
  const first = damagedPathOf(path);
  if (existsSync(first) && readFileSync(first).equals(bytes)) return first;
  return freeName(first, '');
}

/** This process's mark on its temporary files, so one process's temporary file is never taken for another's. */
const TEMP_TOKEN = `${process.pid}-${randomBytes(4).toString('hex')}`;
const TEMP_NAME = /\.(\d+)(?:-([0-9a-f]{8}))?\.tmp$/;

/**
 * The two calls through which a save's bytes reach the disk, replaceable so a test can play a
 * disk that takes fewer bytes than asked (`useSaveWriter`). `write` returns how many bytes it
 * wrote, as `writeSync` does; a full disk may take some and then throw ENOSPC.
 */
export interface SaveWriter {
  write(fd: number, bytes: Uint8Array, offset: number, length: number): number;
  fsync(fd: number): void;
}

const DISK_WRITER: SaveWriter = {
  write: (fd, bytes, offset, length) => writeSync(fd, bytes, offset, length),
  fsync: (fd) => fsyncSync(fd),
};

let saveWriter: SaveWriter = DISK_WRITER;

/** Writes saves through `writer` from now on (a test's faulty disk); returns what puts the previous writer back. */
export function useSaveWriter(writer: SaveWriter): () => void {
  const previous = saveWriter;
  saveWriter = writer;
  return () => {
    saveWriter = previous;
  };
}

/** A save (or its backup) that could not be written whole; nothing that was there before was replaced. */
export class SaveWriteError extends SaveError {
  constructor(
    message: string,
    /** The system's error code (ENOSPC: the disk is full; EDQUOT: over quota...), when there was one. */
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SaveWriteError';
  }
}

/** Error codes that mean the disk (or the user's share of it) has no room left. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Whether a save failed for want of room on the disk (freeing space lets it succeed). */
export function isNoRoom(error: unknown): boolean {
  const code = error instanceof SaveWriteError ? error.code : (error as NodeJS.ErrnoException | null)?.code;
  return code !== undefined && NO_ROOM.has(code);
}

function writeProblem(path: string, error: unknown): SaveWriteError {
  if (error instanceof SaveWriteError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const what = code !== undefined && NO_ROOM.has(code) ? 'the disk is full' : error instanceof Error ? error.message : String(error);
  return new SaveWriteError(
    `${path} could not be written (${what}${code !== undefined && !what.includes(code) ? `, ${code}` : ''}); the file that was there is unchanged`,
    code,
  );
}

/**
 * Writes `bytes` whole to a temporary file beside `path` (this process's own name, owner-only),
 * fsyncs it and reads it back: every byte must be there, and `verify` (when given) must accept
 * the text. Returns the temporary file, ready to be renamed over `path`; on any failure the
 * temporary file is removed and a SaveWriteError says why (nothing at `path` was touched).
 */
function stageFile(path: string, bytes: Uint8Array, verify?: (bytes: Buffer) => void): string {
  const tmp = `${path}.${TEMP_TOKEN}.tmp`;
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w', 0o600);
    for (let offset = 0; offset < bytes.length; ) {
      const wrote = saveWriter.write(fd, bytes, offset, bytes.length - offset);
      if (!(wrote > 0)) {
        throw new SaveWriteError(
          `${path} could not be written (the disk took ${offset} of its ${bytes.length} bytes: it is probably full); the file that was there is unchanged`,
          'ENOSPC',
        );
      }
      offset += wrote;
    }
    saveWriter.fsync(fd);
    closeSync(fd);
    fd = undefined;
    const back = readFileSync(tmp);
    if (!back.equals(bytes)) {
      throw new SaveWriteError(
        `${path} could not be written (${back.length} of its ${bytes.length} bytes read back as written); the file that was there is unchanged`,
        undefined,
      );
    }
    verify?.(back);
    return tmp;
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // never created, or gone already
    }
    throw writeProblem(path, error);
  }
}

/** Puts the staged file `tmp` in `path`'s place (atomic) and makes the rename durable. */
function commitFile(tmp: string, path: string): void {
  renameSync(tmp, path);
  syncDirectory(dirname(path));
}

function writeFileDurably(path: string, bytes: Uint8Array): void {
  commitFile(stageFile(path, bytes), path);
}

/** Codes with which a file system refuses a hard link (then the file is copied instead). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Keeps the file at `source` (whose bytes are `bytes`) also at `target`, replacing what is there:
 * as a hard link (no room needed on a full disk, and the bytes are the very ones that were
 * verified when they were written), or, where the file system has no hard links, as a verified
 * copy. Owner-only either way. Throws SaveWriteError, leaving `target` as it was, when it cannot.
 */
function preserveAs(source: string, target: string, bytes: Buffer): void {
  const tmp = `${target}.${TEMP_TOKEN}.tmp`;
  try {
    unlinkSync(tmp);
  } catch {
    // no leftover of ours
  }
  try {
    linkSync(source, tmp);
  } catch (error) {
    if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw writeProblem(target, error);
    writeFileDurably(target, bytes);
    return;
  }
  chmodSync(tmp, 0o600);
  commitFile(tmp, target);
  // (Two names of one file: a rename between them does nothing, and the temporary name stays.)
  if (existsSync(tmp)) unlinkSync(tmp);
}

/** Makes a file this program keeps (a save, a backup, a kept game, a damaged file set aside) readable by its owner only. */
function ownerOnly(path: string): void {
  try {
    chmodSync(path, 0o600);
  } catch {
    // not ours to change (another user's file): it stays as it is
  }
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
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

/**
 * Removes the temporary files an interrupted save of `path` left behind (`<path>.<pid>-<mark>.tmp`,
 * and those of its backup and damaged copies): only those of processes that are gone, never
 * another running process's. Call it holding the save's lock. Returns the files removed.
 */
export function removeLeftoverTemps(path: string): string[] {
  const dir = dirname(path);
  const base = basename(path);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match) continue;
    const target = name.slice(0, match.index);
    if (target !== base && target !== `${base}.bak` && !target.startsWith(`${base}.damaged`)) continue;
    const pid = Number(match[1]);
    const mine = `${match[1]}-${match[2] ?? ''}` === TEMP_TOKEN;
    if (mine || (pid !== process.pid && processIsAlive(pid))) continue;
    try {
      unlinkSync(join(dir, name));
      removed.push(join(dir, name));
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}

/** Whether `older` is an earlier stage of the game `newer` records (same game, config, seed; its moves a prefix). */
function isEarlierStageOf<Config, Move extends MoveBase>(older: GameLog<Config, Move>, newer: GameLog<Config, Move>): boolean {
  if (older.gameId !== newer.gameId || older.seed !== newer.seed || older.moves.length > newer.moves.length) return false;
  if (canonicalJson(older.config) !== canonicalJson(newer.config)) return false;
  return older.moves.every((move, i) => canonicalJson(move) === canonicalJson(newer.moves[i]));
}

function unfinishedGame<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  text: string,
): LoadedSave<Config, State, Move> | undefined {
  try {
    const loaded = decodeSave(game, text);
    return game.result(loaded.state).finished ? undefined : loaded;
  } catch {
    return undefined;
  }
}

/**
 * Moves the save at `file` (beside the save `path`) to a name of its own when it holds an
 * unfinished game, so nothing overwrites it. Returns the new path, or undefined when there was
 * no unfinished game there (nothing moved).
 */
export function keepIfUnfinished<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
  file: string,
): string | undefined {
  if (!existsSync(file)) return undefined;
  const kept = unfinishedGame(game, saveTextOf(readFileSync(file)));
  if (kept === undefined) return undefined;
  const target = keptPathOf(path, kept.savedAt);
  renameSync(file, target);
  ownerOnly(target);
  syncDirectory(dirname(path));
  return target;
}

/**
 * Moves a damaged file at the save's place aside (`<path>.damaged`, or `.damaged-2`... when that
 * holds another), so a new save may take the place; returns where it went (undefined: no file).
 */
export function setDamagedAside(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const target = freeDamagedPath(path, readFileSync(path));
  renameSync(path, target);
  ownerOnly(target);
  syncDirectory(dirname(path));
  return target;
}

/** Moves a save in an older format at the save's place to a name of its own (`<path>.older.json`, `.older-2.json`...); returns where it went. */
export function setOlderAside(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const target = freeName(`${path}.older`, '.json');
  renameSync(path, target);
  ownerOnly(target);
  syncDirectory(dirname(path));
  return target;
}

/** What was moved out of the way so a new game could take a save's place. */
export interface ClearedForNewGame<State> {
  /** Unfinished games kept under names of their own: where each was (`from`), where it is now (`to`), how it stands. */
  readonly kept: readonly { readonly from: string; readonly to: string; readonly state: State }[];
  /** A damaged file (or a save in an older format, `older`) found at the save's place: what is wrong with it and where it was set aside. */
  readonly damaged: { readonly why: string; readonly to: string; readonly older: boolean } | undefined;
}

/**
 * Makes way for a new game at the save `path` without losing a game: an unfinished game saved
 * there is kept under a name of its own; so is one in the backup, unless the backup is only an
 * earlier stage of the saved game; a damaged file there is set aside. A finished game stays
 * (the new game's first save turns it into the backup, as usual).
 */
export function clearForNewGame<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
): ClearedForNewGame<State> {
  const kept: { from: string; to: string; state: State }[] = [];
  let damaged: { why: string; to: string; older: boolean } | undefined;
  let saved: LoadedSave<Config, State, Move> | undefined;
  if (existsSync(path)) {
    try {
      saved = readSave(game, path, { mentionBackup: false });
    } catch (error) {
      const older = error instanceof OlderSaveError;
      const to = older ? setOlderAside(path) : setDamagedAside(path);
      if (to !== undefined) damaged = { why: error instanceof Error ? error.message : String(error), to, older };
    }
  }
  const backup = backupPathOf(path);
  let backupLoaded: LoadedSave<Config, State, Move> | undefined;
  if (existsSync(backup)) {
    try {
      backupLoaded = decodeSave(game, saveTextOf(readFileSync(backup)), backup);
    } catch {
      backupLoaded = undefined; // not a good save: nothing to keep
    }
  }
  if (saved !== undefined && !game.result(saved.state).finished) {
    const to = keptPathOf(path, saved.savedAt);
    renameSync(path, to);
    ownerOnly(to);
    kept.push({ from: path, to, state: saved.state });
  }
  if (backupLoaded !== undefined && !game.result(backupLoaded.state).finished && !(saved !== undefined && isEarlierStageOf(backupLoaded.log, saved.log))) {
    const to = keptPathOf(path, backupLoaded.savedAt);
    renameSync(backup, to);
    ownerOnly(to);
    kept.push({ from: backup, to, state: backupLoaded.state });
  }
  if (kept.length > 0) syncDirectory(dirname(path));
  return { kept, damaged };
}

/** The unfinished game in the backup of `path`, if it holds one (for refusing to start a new game over it). */
export function unfinishedBackup<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
): State | undefined {
  const backup = backupPathOf(path);
  if (!existsSync(backup)) return undefined;
  return unfinishedGame(game, saveTextOf(readFileSync(backup)))?.state;
}

export interface WriteSaveOptions {
  /** The time of saving (default now). */
  readonly savedAt?: string;
  /** The table's state to keep beside the log. */
  readonly table?: SaveTable;
}

/** What writing a save had to do to lose nothing: people should hear about each of these. */
export interface SaveWriteReport {
  /** An unfinished game that would have been overwritten was kept at each of these paths. */
  readonly kept: readonly string[];
  /** A damaged file at the save's place was kept here. */
  readonly damaged: string | undefined;
}

/**
 * Save `log` to `path` atomically. The new save is first written whole beside it and read back
 * and checked (its checksum); a disk that takes fewer bytes, or none, makes this throw a
 * SaveWriteError with the save and its backup as they were. Then, if `path` holds an intact save
 * of this game (its checksum matches: it was written whole), it becomes `<path>.bak`; any other
 * file there is kept as `<path>.damaged` (or `.damaged-2`...), so nothing is lost, and the backup
 * is kept. A backup about to be replaced that holds an unfinished game of which `log` is not a
 * continuation (another game: the only good copy of it) is first moved to `<path>.kept-<time>.json`.
 * The checks do not replay the old logs (except such a foreign backup's, once), so saving after
 * every move costs the same at move 900 as at move 1.
 */
export function writeSave<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
  log: GameLog<Config, Move>,
  options: WriteSaveOptions = {},
): SaveWriteReport {
  const text = encodeSave(game, log, options.savedAt, options.table);
  const bytes = Buffer.from(text, 'utf8');
  const kept: string[] = [];
  let damaged: string | undefined;
  const previous = existsSync(path) ? readFileSync(path) : undefined;
  if (previous?.equals(bytes)) {
    ownerOnly(path);
    return { kept, damaged };
  }
  // The new save is written whole and checked before anything is moved: a disk that cannot take
  // it leaves the save and its backup as they were.
  const staged = stageFile(path, bytes, (back) => {
    checkSaveText(game, saveTextOf(back), path);
  });
  try {
    if (previous !== undefined) {
      if (isIntactSave(game, previous)) {
        const keptBackup = keepForeignBackup(game, path, log);
        if (keptBackup !== undefined) kept.push(keptBackup);
        preserveAs(path, backupPathOf(path), previous);
      } else {
        damaged = freeDamagedPath(path, previous);
        preserveAs(path, damaged, previous);
      }
    }
    commitFile(staged, path);
  } catch (error) {
    try {
      unlinkSync(staged);
    } catch {
      // renamed already, or gone
    }
    throw writeProblem(path, error);
  }
  return { kept, damaged };
}

/** The backup of `path`, when it holds an unfinished game that `log` does not continue, moved to a name of its own. */
function keepForeignBackup<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
  log: GameLog<Config, Move>,
): string | undefined {
  const backup = backupPathOf(path);
  if (!existsSync(backup)) return undefined;
  const text = saveTextOf(readFileSync(backup));
  let checked;
  try {
    checked = checkSaveText(game, text, backup);
  } catch {
    return undefined; // not a good save: nothing to keep
  }
  if (isEarlierStageOf(checked.log, log)) return undefined;
  return keepIfUnfinished(game, path, backup);
}

function isIntactSave<Config, State, Move extends MoveBase, View, Event>(game: TableGame<Config, State, Move, View, Event>, bytes: Buffer): boolean {
  try {
    checkSaveText(game, saveTextOf(bytes), 'the previous save');
    return true;
  } catch {
    return false;
  }
}

function isGoodSave<Config, State, Move extends MoveBase, View, Event>(game: TableGame<Config, State, Move, View, Event>, text: string): boolean {
  try {
    decodeSave(game, text);
    return true;
  } catch {
    return false;
  }
}

/** Load the save at `path`; throws SaveError (mentioning a good backup if there is one). Never writes. */
export function readSave<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
  options: { readonly mentionBackup?: boolean } = {},
): LoadedSave<Config, State, Move> {
  let text: string;
  try {
    text = saveTextOf(readFileSync(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SaveError(code === 'ENOENT' ? `there is no save file at ${path}` : `cannot read ${path}: ${code ?? String(error)}`);
  }
  try {
    return decodeSave(game, text, path);
  } catch (error) {
    const backup = backupPathOf(path);
    const message = error instanceof Error ? error.message : String(error);
    if (options.mentionBackup !== false && existsSync(backup) && isGoodSave(game, saveTextOf(readFileSync(backup)))) {
      throw new SaveError(`${message}. The previous good save is kept at ${backup}`);
    }
    throw error;
  }
}

/** Load the save at `path`, or its backup when the save itself is missing or damaged. */
export function readSaveOrBackup<Config, State, Move extends MoveBase, View, Event>(
  game: TableGame<Config, State, Move, View, Event>,
  path: string,
): LoadedSave<Config, State, Move> & { readonly source: 'save' | 'backup'; readonly problem?: string } {
  try {
    return { ...readSave(game, path), source: 'save' };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    const backup = backupPathOf(path);
    if (!existsSync(backup)) throw error;
    return { ...readSave(game, backup), source: 'backup', problem };
  }
}
