// Every seed of "rebel-missions-resumed-bot-games": a Rebel Missions bot game killed and resumed
// goes on as the uninterrupted one (npm test plays the test seeds: bots-resume.test.ts).
import { describe, it } from 'vitest';
import { soakSeeds } from '../support/soak-seeds.ts';
import { PROCESS_TEST_TIMEOUT_MS } from './cli-process.ts';
import { checkRebelMissionsResume } from './resumed-bot-games.ts';

describe('a resumed bot game goes on as the uninterrupted one, every seed', () => {
  it.each(soakSeeds('rebel-missions-resumed-bot-games'))(
    'Rebel Missions (seed %i): --resume without --bots makes the same moves as without the break',
    async (seed) => {
      await checkRebelMissionsResume(seed);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
