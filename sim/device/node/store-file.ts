// Node-only: keeps a device's store in a file, saved after every commit.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
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
  const store = new NvStore(readImage(path, warn));
  store.onCommit((bytes) => {
    // A file that cannot be written is the host's problem, not the firmware's: the device keeps
    // working with the store in memory, and says so at every commit that is not saved.
    try {
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

function readImage(path: string, warn: Warn): Uint8Array | undefined {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warn(`cannot read the store file ${path} (${(error as Error).message}); starting with a blank store`);
    }
    return undefined;
  }
  if (!isStoreImageSize(data.length)) {
    warn(
      `the store file ${path} holds ${data.length} bytes, not ${STORE_SIZE} (or ${LEGACY_STORE_SIZE} from an older version); starting with a blank store ` +
        '(the file is replaced at the next settings change)',
    );
    return undefined;
  }
  return new Uint8Array(data);
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
