// Builds build/firmware.wasm once before any suite runs (a no-op when it is up to date), gives
// this run an empty folder under build/test-tmp/ that is removed when the run ends, and the broker
// of the run's one Chromium (support/shared-chromium.ts: launched when a suite first needs it,
// closed when the run ends).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_CHROMIUM_ENV, startChromiumBroker } from './support/shared-chromium.ts';
import { TEST_TMP_ENV, TEST_TMP_PARENT } from './support/temp-dir.ts';

export default async function setup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['--import', 'tsx', 'firmware/build.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  mkdirSync(TEST_TMP_PARENT, { recursive: true });
  const runDir = mkdtempSync(join(TEST_TMP_PARENT, 'run-'));
  process.env[TEST_TMP_ENV] = runDir;
  const chromium = await startChromiumBroker();
  process.env[SHARED_CHROMIUM_ENV] = chromium.url;
  return async () => {
    await chromium.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}
