// `npm run soak`: the long randomised runs (every seed of test/soak-seeds.json, whole browser games
// with every option) in vitest with vitest.soak.config.ts. The first line says about how long it
// takes, the last how long it took; arguments go to vitest (a file or a name to run only those).
import { spawnSync } from 'node:child_process';
import { announceRun } from './run-time.ts';

const done = announceRun('soak', 'Imperial Timer soak, every seed');
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.soak.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
done();
process.exitCode = vitest.status ?? 1;
