// Save files: a versioned JSON document holding the game id and the game log, sealed with a
// SHA-256 checksum. Writing is atomic (temporary file, fsync, rename), and the save being
// replaced is first kept as `<file>.bak`, so a crash or a damaged file never costs the last
// good save. Loading checks the format, the version, the game, the checksum, and that the
// log replays under the rules; anything else is rejected with a message that says why.
// This is the only module of the engine that touches the file system.

import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Game, MoveBase } from './game.ts';
import { replay, ReplayError, type GameLog } from './log.ts';
import { isSeed } from './rng.ts';

export const SAVE_FORMAT = 'imperial-timer-save';
export const SAVE_VERSION = 1;

export interface SaveFile<Config, Move extends MoveBase> {
  readonly format: typeof SAVE_FORMAT;
  readonly version: typeof SAVE_VERSION;
  readonly gameId: string;
  /** ISO 8601 time of saving, for people choosing between saves. */
  readonly savedAt: string;
  readonly log: GameLog<Config, Move>;
  /** SHA-256 (hex) of the canonical JSON of every other field. */
  readonly checksum: string;
}

export interface LoadedSave<Config, State, Move extends MoveBase> {
  readonly log: GameLog<Config, Move>;
  readonly state: State;
  readonly savedAt: string;
}

export class SaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveError';
  }
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

function checksumOf(body: Omit<SaveFile<unknown, MoveBase>, 'checksum'>): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The text of a save file for `log`. */
export function encodeSave<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  log: GameLog<Config, Move>,
  savedAt: string = new Date().toISOString(),
): string {
  if (log.gameId !== game.id) {
    throw new SaveError(`cannot save a log of game "${log.gameId}" as game "${game.id}"`);
  }
  const body = { format: SAVE_FORMAT, version: SAVE_VERSION, gameId: game.id, savedAt, log } as const;
  const file: SaveFile<Config, Move> = { ...body, checksum: checksumOf(body) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Check a save file's text without replaying it: the format, the version, the game, the
 * checksum and the shape of the log. Throws SaveError saying what is wrong.
 */
function checkSaveText<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  text: string,
  source: string,
): { log: GameLog<Config, Move>; savedAt: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
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
  if (file.version !== SAVE_VERSION) {
    throw new SaveError(
      `${source} has save format version ${JSON.stringify(file.version)}; this program reads version ${SAVE_VERSION}`,
    );
  }
  if (file.gameId !== game.id) {
    throw new SaveError(`${source} is a save of game "${String(file.gameId)}", not of "${game.id}"`);
  }
  const { checksum, ...body } = file;
  if (typeof checksum !== 'string' || checksum !== checksumOf(body as Omit<SaveFile<unknown, MoveBase>, 'checksum'>)) {
    throw new SaveError(`${source} is damaged: its checksum does not match its contents`);
  }
  const log = file.log as Record<string, unknown> | null;
  if (
    typeof file.savedAt !== 'string' ||
    typeof log !== 'object' ||
    log === null ||
    log.gameId !== game.id ||
    !isSeed(log.seed) ||
    !Array.isArray(log.moves) ||
    !('config' in log)
  ) {
    throw new SaveError(`${source} is damaged: its game log is incomplete`);
  }
  return { log: log as unknown as GameLog<Config, Move>, savedAt: file.savedAt };
}

/** Check a save file's text and rebuild its game; throws SaveError saying what is wrong. */
export function decodeSave<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  text: string,
  source = 'the save file',
): LoadedSave<Config, State, Move> {
  const { log, savedAt } = checkSaveText(game, text, source);
  try {
    const state = replay(game, log);
    return { log, state, savedAt };
  } catch (error) {
    const why = error instanceof ReplayError || error instanceof Error ? error.message : String(error);
    throw new SaveError(`${source} does not replay under the rules of "${game.id}": ${why}`);
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

function writeFileDurably(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(tmp);
    throw error;
  }
  closeSync(fd);
  renameSync(tmp, path);
  syncDirectory(dirname(path));
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

/**
 * Save `log` to `path` atomically. If `path` holds an intact save of this game (its checksum
 * matches: it was written whole), it is first copied to `<path>.bak`; any other file there is
 * first copied to `<path>.damaged`, so nothing is lost, and the backup is kept. The check does
 * not replay the old log, so saving after every move costs the same at move 900 as at move 1.
 */
export function writeSave<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  path: string,
  log: GameLog<Config, Move>,
  savedAt?: string,
): void {
  const text = encodeSave(game, log, savedAt);
  if (existsSync(path)) {
    const previous = readFileSync(path, 'utf8');
    if (previous !== text) {
      writeFileDurably(isIntactSave(game, previous) ? backupPathOf(path) : damagedPathOf(path), previous);
    }
  }
  writeFileDurably(path, text);
}

function isIntactSave<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  text: string,
): boolean {
  try {
    checkSaveText(game, text, 'the previous save');
    return true;
  } catch {
    return false;
  }
}

function isGoodSave<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  text: string,
): boolean {
  try {
    decodeSave(game, text);
    return true;
  } catch {
    return false;
  }
}

/** Load the save at `path`; throws SaveError (mentioning a good backup if there is one). Never writes. */
export function readSave<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
  path: string,
): LoadedSave<Config, State, Move> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SaveError(code === 'ENOENT' ? `there is no save file at ${path}` : `cannot read ${path}: ${code ?? String(error)}`);
  }
  try {
    return decodeSave(game, text, path);
  } catch (error) {
    const backup = backupPathOf(path);
    const message = error instanceof Error ? error.message : String(error);
    if (existsSync(backup) && isGoodSave(game, readFileSync(backup, 'utf8'))) {
      throw new SaveError(`${message}. The previous good save is kept at ${backup}`);
    }
    throw error;
  }
}

/** Load the save at `path`, or its backup when the save itself is missing or damaged. */
export function readSaveOrBackup<Config, State, Move extends MoveBase, View, Event>(
  game: Game<Config, State, Move, View, Event>,
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
