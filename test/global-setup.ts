// Builds build/firmware.wasm once before any suite runs (a no-op when it is up to date), and
// gives the tests an empty build/test-tmp/ that is removed when the run ends.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { TEST_TMP_ROOT } from './support/temp-dir.ts';

export default function setup(): () => void {
  execFileSync(process.execPath, ['firmware/build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
  rmSync(TEST_TMP_ROOT, { recursive: true, force: true });
  return () => rmSync(TEST_TMP_ROOT, { recursive: true, force: true });
}
