// Node-only: keeps a device's store in a file, saved after every commit.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { LEGACY_STORE_SIZE, NvStore, STORE_SIZE, isStoreImageSize } from '../store.ts';

export type Warn = (message: string) => void;

/**
 * Opens the store kept in `path`. A missing file gives a blank store (created at the first
 * commit); an unreadable or wrong-sized file gives a blank store and a warning; a path that is
 * a device or a pipe gives a blank store kept in memory only, and a warning.
 */
export function openStoreFile(path: string, warn: Warn): NvStore {
  // A device or a pipe (/dev/full, a FIFO) is neither read (it may never end) nor replaced.
  const kind = kindOf(path);
  if (kind !== undefined && !kind.isFile() && !kind.isDirectory()) {
    warn(
      `the store file ${path} is not a file (a device or a pipe); the device starts with a blank store kept in memory, ` +
        'which is lost when it stops. Give --store a file in a folder you can write.',
    );
    return new NvStore();
  }
  const read = readImage(path, warn);
  let unusable = read.unusable;
  const store = new NvStore(read.image);
  store.onCommit((bytes) => {
    // A file that cannot be written is the host's problem, not the firmware's: the device keeps
    // working with the store in memory, and says so at every commit that is not saved.
    try {
      // A file that was not a store (the wrong file given, a damaged one) is never written over:
      // it is moved aside whole at the first commit, and the store takes its place.
      if (unusable) {
        const aside = setAside(path);
        unusable = false;
        warn(`the store file ${path} was not a timer store: it is kept as ${aside}, and ${path} now holds the timer's store`);
      }
      saveImage(path, bytes);
    } catch (error) {
      warn(
        `cannot write the store file ${path} (${(error as Error).message}); the device goes on with the ` +
          'changed store in memory, which is lost when it stops. Give --store a file in a folder you can write.',
      );
    }
  });
  return store;
}

/** What is at `path`, or undefined when nothing can be found there (read below says why). */
function kindOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The store image in `path` (undefined: start blank); `unusable` when a file is there that is not a store image. */
function readImage(path: string, warn: Warn): { image: Uint8Array | undefined; unusable: boolean } {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warn(`cannot read the store file ${path} (${(error as Error).message}); starting with a blank store`);
    }
    return { image: undefined, unusable: false };
  }
  if (!isStoreImageSize(data.length)) {
    warn(
      `the store file ${path} holds ${data.length} bytes, not ${STORE_SIZE} (or ${LEGACY_STORE_SIZE} from an older version); starting with a blank store ` +
        `(the file is left as it is until the timer first stores something, then kept as ${asidePathOf(path)}; give --store another file to keep it where it is)`,
    );
    return { image: undefined, unusable: true };
  }
  return { image: new Uint8Array(data), unusable: false };
}

/** `<path>.not-a-store`, or `-2`, `-3`... after it: the first name not taken. */
function asidePathOf(path: string): string {
  const base = `${path}.not-a-store`;
  if (!existsSync(base)) return base;
  for (let n = 2; ; n++) if (!existsSync(`${base}-${n}`)) return `${base}-${n}`;
}

/** Moves the file at `path` to a free name beside it; returns that name. */
function setAside(path: string): string {
  const target = asidePathOf(path);
  renameSync(path, target);
  return target;
}

/** Writes the image atomically (a temporary file renamed over the old one); throws when it cannot. */
export function saveImage(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
