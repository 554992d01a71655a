// Pack files on disk: read and checked (pack-format.ts), or written atomically and never over
// an existing file unless asked to.

import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PackFileError, parsePack, type LoadedPack } from './pack-format.ts';

export { PACK_FORMAT, PackFileError, packJson, packText, parsePack, timerCodesOf } from './pack-format.ts';
export type { DraftPlacard, LoadedPack, PackDraft } from './pack-format.ts';

/** Reads and checks a pack file; a PackFileError says what is wrong with it and where. */
export function readPackFile(path: string): LoadedPack {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new PackFileError(`there is no pack file ${path} (make one with \`npm run -s companion -- pack\`)`, 'missing');
    if (code === 'EISDIR') throw new PackFileError(`${path} is a folder, not a pack file`);
    throw new PackFileError(`cannot read the pack file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PackFileError(`${path} is not a pack file: it is not valid JSON (${(error as Error).message})`);
  }
  return parsePack(value, path);
}

/** Where the walkthrough saves a pack unless told: `~/.imperial-timer/packs/my-placards.json`. */
export function defaultPackPath(home: string): string {
  return join(home, '.imperial-timer', 'packs', 'my-placards.json');
}

/**
 * Writes `text` to `path` all at once (a temporary file beside it, then moved into place), so an
 * interrupted write leaves no half-written pack. Without `overwrite` an existing file is kept and
 * a PackFileError says so (checked when the file is put in place, so nothing slips in between).
 */
export function writePackFile(path: string, text: string, overwrite: boolean): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new PackFileError(`cannot create the folder for ${path}: ${(error as Error).message}`);
  }
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (overwrite) renameSync(tmp, path);
    else {
      linkSync(tmp, path);
      unlinkSync(tmp);
    }
  } catch (error) {
    if (existsSync(tmp)) unlinkSync(tmp);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new PackFileError(`${path} already exists; it was kept as it was`);
    throw new PackFileError(`cannot write the pack file ${path}: ${(error as Error).message}`);
  }
}
