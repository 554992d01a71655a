// Every seed of "rebel-missions-resumed-bot-games": a Rebel Missions bot game killed and resumed
// goes on as the uninterrupted one (npm test plays the test seeds: bots-resume.test.ts); and Secret
// Invasion's bot game killed as a program (bots-resume.test.ts breaks it by Ctrl-C in its process).
import { describe, it } from 'vitest';
import { soakSeeds } from '../support/soak-seeds.ts';
import { PROCESS_TEST_TIMEOUT_MS } from './cli-process.ts';
import { checkRebelMissionsResume, checkSecretInvasionResume } from './resumed-bot-games.ts';

describe('a resumed bot game goes on as the uninterrupted one, every seed', () => {
  it.each(soakSeeds('rebel-missions-resumed-bot-games'))(
    'Rebel Missions (seed %i): --resume without --bots makes the same moves as without the break',
    async (seed) => {
      await checkRebelMissionsResume(seed);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('Secret Invasion, the program killed: --resume without --bots plays on with the saved bots, and the game ends as the uninterrupted one', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    await checkSecretInvasionResume('kill');
  });
});
