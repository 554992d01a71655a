// A bot game interrupted and resumed goes on exactly as the uninterrupted one: the save keeps the
// bots' random state, and (so --resume needs no --bots again) which seats the bots play and which bot.
// Rebel Missions plays the test seeds of "rebel-missions-resumed-bot-games" (every seed: bots-resume.soak.ts),
// the real program killed mid-game; Secret Invasion is broken by Ctrl-C in this process here (no
// program started) and killed as a program in bots-resume.soak.ts (resumed-bot-games.ts).
import { describe, it } from 'vitest';
import { testSeeds } from '../support/soak-seeds.ts';
import { PROCESS_TEST_TIMEOUT_MS } from './cli-process.ts';
import { checkRebelMissionsResume, checkSecretInvasionResume } from './resumed-bot-games.ts';

describe('a resumed bot game goes on as the uninterrupted one', () => {
  it.each(testSeeds('rebel-missions-resumed-bot-games'))(
    'Rebel Missions (seed %i): --resume without --bots plays on with the saved bots, making the same moves as without the break',
    async (seed) => {
      await checkRebelMissionsResume(seed);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('Secret Invasion (broken by Ctrl-C; killed in bots-resume.soak.ts): --resume without --bots plays on with the saved bots, and the game ends as the uninterrupted one', async () => {
    await checkSecretInvasionResume('ctrl-c');
  });
});
