import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 20 s for what it polls (vitest's default is 1 s, which a busy machine
    // reaches: a page a second late drawing the answer to a click): a limit for a hang, as above.
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    // A worker keeps the modules it has loaded from one file to the next (isolate: false): the
    // import of the companion, the games and the browser helpers is paid once a worker, not once
    // a file (a third of the run's CPU). So a test file restores any module state it changes.
    isolate: false,
    // vitest's default is one worker fewer than the cores: one on the 2-core machines this suite
    // is measured on, where many files wait on a browser or a child process. Three at least: on 2
    // cores (2026-12-02, a fresh clone) two took 265 s, three 253 s, four 287 s; on a faster machine
    // (2026-12-03) three 199 s, four 193 s, and a poll then met vitest's 1 s limit (now 20 s, above).
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});
