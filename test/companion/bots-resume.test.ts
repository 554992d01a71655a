// A bot game interrupted and resumed goes on exactly as the uninterrupted one: the save keeps the
// bots' random state, and (so --resume needs no --bots again) which seats the bots play and which bot.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BotTable } from '../../host/companion/rebel-missions/bot-table.ts';
import { RebelMissionsSession } from '../../host/companion/rebel-missions/session.ts';
import { botsTable, savedBotsOf } from '../../host/companion/saved-bots.ts';
import { connectTimer } from '../../host/companion/timer-connection.ts';
import { readSave, startMatch } from '../../host/engine/index.ts';
import { rebelMissions, type RebelMissionsConfig, type RebelMissionsMove } from '../../host/games/rebel-missions/index.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { saveShapeOf } from '../../host/table/save-shape.ts';
import { runCompanion } from './cli-process.ts';
import { tempSavePath as siSavePath } from './secret-invasion-support.ts';
import { tempSavePath, until } from './table.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const secretInvasion = saveShapeOf(secretInvasionTable);

const THREE: RebelMissionsConfig = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
    { name: 'Cy', profile: 'kanan' },
  ],
};
const playerMoves = (moves: readonly RebelMissionsMove[]) => moves.filter((m) => m.actor !== 'timer');

/** A table of Rebel Missions bots on the built-in timer in virtual time, saving to `savePath`, until `stop` says so. */
async function playRebels(options: { savePath: string; seed: number; resume: boolean; stop: (moves: number) => boolean }): Promise<RebelMissionsMove[]> {
  const connection = await connectTimer({ kind: 'virtual', seed: options.seed, realTime: false });
  const saved = options.resume ? readSave(rebelMissions, options.savePath) : undefined;
  const match = saved ? { state: saved.state, log: saved.log } : startMatch(rebelMissions, THREE, options.seed);
  const bots = saved ? savedBotsOf(saved.table, options.savePath) : undefined;
  const seats = bots?.seats ?? ['p1', 'p2', 'p3'];
  const session = new RebelMissionsSession({ match, timer: connection.link, savePath: options.savePath, assist: connection.assist });
  let table: BotTable | undefined;
  session.saveTableWith(() => (table ? botsTable({ seats, rng: table.rngState }) : undefined));
  session.syncWith(connection.status);
  table = new BotTable(session, { seats, delayMs: 0, seed: options.seed, ...(bots ? { rng: bots.rng } : {}) });
  table.kick();
  try {
    await until(() => session.over || options.stop(session.match.log.moves.length), 'the bots to play', 30_000);
  } finally {
    table.stop();
    session.close();
    await connection.close();
  }
  return [...readSave(rebelMissions, options.savePath).log.moves];
}

describe('a resumed bot game goes on as the uninterrupted one', () => {
  it('Rebel Missions: the bots make the same moves after a break as without it', async () => {
    for (const seed of [3, 8]) {
      const whole = await playRebels({ savePath: tempSavePath(), seed, resume: false, stop: () => false });
      expect(whole.length).toBeGreaterThan(30);
      const savePath = tempSavePath();
      const before = await playRebels({ savePath, seed, resume: false, stop: (n) => n >= 20 });
      expect(readSave(rebelMissions, savePath).table).toMatchObject({ bots: { seats: ['p1', 'p2', 'p3'] } });
      const after = await playRebels({ savePath, seed, resume: true, stop: () => false });
      expect(after.slice(0, before.length)).toEqual(before);
      // The timer's moves differ (the resumed timer starts its countdown again); the players' do not.
      expect(playerMoves(after)).toEqual(playerMoves(whole));
    }
  });

  it('Secret Invasion: --resume without --bots plays on with the saved bots, and the game ends as the uninterrupted one', async () => {
    const base = ['play', 'secret-invasion', '--players', 'Ana,Ben,Cy', '--bots', 'all', '--bot', 'random', '--json', '--no-timer', '--seed', '21'];
    const wholeSave = siSavePath();
    const whole = await runCompanion([...base, '--save', wholeSave, '--bot-delay', '0']);
    expect(whole.code).toBe(0);
    const wholeLog = readSave(secretInvasion, wholeSave).log;

    const savePath = siSavePath();
    const first = spawn(process.execPath, ['--import', 'tsx', 'host/cli/imperial-timer.ts', ...base, '--save', savePath, '--bot-delay', '40'], {
      cwd: root,
      stdio: 'ignore',
    });
    try {
      await until(
        () => {
          try {
            return readSave(secretInvasion, savePath).log.moves.length >= 6;
          } catch {
            return false;
          }
        },
        'six saved moves',
        30_000,
      );
    } finally {
      first.kill('SIGKILL');
    }
    await new Promise((resolve) => first.once('exit', resolve));
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

    const resumed = await runCompanion(['play', 'secret-invasion', '--resume', '--json', '--no-timer', '--save', savePath, '--bot-delay', '0']);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/"type":"start".*"players":\[\{"id":"p1","name":"Ana","bot":"random"\}/);
    expect(resumed.stdout).toMatch(/"resumed":true/);
    expect(resumed.stdout).toMatch(/Bot \(random\) plays Ana\..*Bot \(random\) plays Cy\./);
    expect(readSave(secretInvasion, savePath).log).toEqual(wholeLog);
  });
});
