// `npm run soak` (test/support/soak-run.ts): the long randomised runs, test/**/*.soak.ts, every seed
// of test/soak-seeds.json. A soak test plays hundreds of games, so its time limit is only there to
// catch a hang; `npm test` (vitest.config.ts) plays a few seeds of the same runs.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.soak.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 20 s for what it polls (vitest's default is 1 s, which a busy machine
    // reaches: a page a second late drawing the answer to a click): a limit for a hang, as above.
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    // A worker keeps its loaded modules from one file to the next, as in vitest.config.ts.
    isolate: false,
    // Two files at once at least, as in vitest.config.ts (vitest's default is one on 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
