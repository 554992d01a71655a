// Temporary folders for tests, under build/test-tmp/: each test run gets a folder of its own
// there (named in IMPERIAL_TEST_TMP by the global set-up), removed when the run ends, so a run
// leaves nothing behind in the system's /tmp and two runs at once do not disturb each other.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';

export const TEST_TMP_PARENT = join(import.meta.dirname, '..', '..', 'build', 'test-tmp');
export const TEST_TMP_ENV = 'IMPERIAL_TEST_TMP';

/** A new empty folder whose name starts with `prefix`. */
export function testTempDir(prefix: string): string {
  const root = process.env[TEST_TMP_ENV] ?? TEST_TMP_PARENT;
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, prefix));
}
