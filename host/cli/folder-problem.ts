// Why a folder for saves cannot be used, in words (not node's "ENOENT: ..., open '<temp file>'"):
// `play --save FILE` (its folder, where the save's lock and the save are written) and
// `serve --save-dir DIR` say it before anything is written, with the flag that chooses another.

import { mkdirSync, openSync, closeSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** What is wrong with `folder` for writing, from the error a write in it (or making it) threw. */
export function folderProblem(folder: string, error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const at = typeof e.path === 'string' && e.path !== folder && !e.path.startsWith(`${folder}/`) ? e.path : folder;
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return `this user may not write in ${at}`;
    case 'EEXIST':
    case 'ENOTDIR':
      return `${at} is a file, not a folder`;
    case 'ENOENT':
      return `${at} does not exist and cannot be made`;
    case 'EROFS':
      return `${at} is on a disk that is read-only`;
    case 'ENOSPC':
      return `the disk of ${at} is full`;
    default:
      return `${at} cannot be written (${e.message})`;
  }
}

/**
 * Makes `folder` if it is missing and writes (then removes) a small file in it: null when saves
 * can be written there, else the problem in words. Nothing else is touched.
 */
export function unwritableFolder(folder: string): string | null {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const probe = join(folder, `.write-check-${process.pid}`);
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
    return null;
  } catch (error) {
    return folderProblem(folder, error);
  }
}
