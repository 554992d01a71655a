// A bot game interrupted and resumed goes on exactly as the uninterrupted one: the save keeps the
// bots' random state, and (so --resume needs no --bots again) which seats the bots play and which bot.
// Rebel Missions plays the test seeds of "rebel-missions-resumed-bot-games" (every seed: bots-resume.soak.ts).
import { describe, expect, it } from 'vitest';
import { readSave } from '../../host/engine/index.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { testSeeds } from '../support/soak-seeds.ts';
import { PROCESS_TEST_TIMEOUT_MS, runInProcess } from './cli-process.ts';
import { checkRebelMissionsResume, killWhen } from './resumed-bot-games.ts';
import { tempSavePath as siSavePath } from './secret-invasion-support.ts';

const secretInvasion = secretInvasionTable;

describe('a resumed bot game goes on as the uninterrupted one', () => {
  it.each(testSeeds('rebel-missions-resumed-bot-games'))(
    'Rebel Missions (seed %i): --resume without --bots plays on with the saved bots, making the same moves as without the break',
    async (seed) => {
      await checkRebelMissionsResume(seed);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('Secret Invasion: --resume without --bots plays on with the saved bots, and the game ends as the uninterrupted one', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const base = ['play', 'secret-invasion', '--players', 'Ana,Ben,Cy', '--bots', 'all', '--bot', 'random', '--json', '--no-timer', '--seed', '21'];
    const wholeSave = siSavePath();
    const whole = await runInProcess([...base, '--save', wholeSave, '--bot-delay', '0']);
    expect(whole.code).toBe(0);
    const wholeLog = readSave(secretInvasion, wholeSave).log;

    const savePath = siSavePath();
    const saved = (): number => {
      try {
        return readSave(secretInvasion, savePath).log.moves.length;
      } catch {
        return 0;
      }
    };
    await killWhen([...base, '--save', savePath, '--bot-delay', '40'], () => saved() >= 6, 'six saved moves');
    const interrupted = readSave(secretInvasion, savePath);
    expect(interrupted.state.stage).not.toBe('over');
    expect(interrupted.table).toMatchObject({
      seats: [
        { name: 'Ana', bot: 'random' },
        { name: 'Ben', bot: 'random' },
        { name: 'Cy', bot: 'random' },
      ],
      chance: 'sample',
    });

    const resumed = await runInProcess(['play', 'secret-invasion', '--resume', '--json', '--no-timer', '--save', savePath, '--bot-delay', '0']);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/"type":"start".*"players":\[\{"id":"p1","name":"Ana","bot":"random"\}/);
    expect(resumed.stdout).toMatch(/"resumed":true/);
    expect(resumed.stdout).toMatch(/Bot \(random\) plays Ana\..*Bot \(random\) plays Cy\./);
    expect(readSave(secretInvasion, savePath).log).toEqual(wholeLog);
  });
});
