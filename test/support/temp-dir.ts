// Temporary folders for tests, all under build/test-tmp/, which the global set-up empties
// before a run and removes after it: a test run leaves nothing behind in the system's /tmp.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';

export const TEST_TMP_ROOT = join(import.meta.dirname, '..', '..', 'build', 'test-tmp');

/** A new empty folder whose name starts with `prefix`. */
export function testTempDir(prefix: string): string {
  mkdirSync(TEST_TMP_ROOT, { recursive: true });
  return mkdtempSync(join(TEST_TMP_ROOT, prefix));
}
