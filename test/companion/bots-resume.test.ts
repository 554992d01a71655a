// A bot game interrupted and resumed goes on exactly as the uninterrupted one: the save keeps the
// bots' random state, and (so --resume needs no --bots again) which seats the bots play and which bot.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSave } from '../../host/engine/index.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { runCompanion } from './cli-process.ts';
import { tempSavePath as siSavePath } from './secret-invasion-support.ts';
import { tempSavePath, until } from './table.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const secretInvasion = secretInvasionTable;

const rebelMissions = rebelMissionsEntry.game;
const playerMoves = (moves: readonly { actor: string }[]) => moves.filter((m) => m.actor !== 'timer');

/** The moves saved in `path` so far (none while it is not there yet). */
function savedMoves(path: string): readonly { actor: string }[] {
  try {
    return readSave(rebelMissions, path).log.moves;
  } catch {
    return [];
  }
}

describe('a resumed bot game goes on as the uninterrupted one', () => {
  it('Rebel Missions: --resume without --bots plays on with the saved bots, making the same moves as without the break', async () => {
    for (const seed of [3, 8]) {
      const base = ['play', 'rebel-missions', '--players', 'Ana:hera,Ben:zeb,Cy:kanan', '--bots', 'all', '--json', '--seed', String(seed)];
      const wholeSave = tempSavePath();
      const whole = await runCompanion([...base, '--save', wholeSave, '--bot-delay', '0']);
      expect(whole.code).toBe(0);
      const wholeMoves = readSave(rebelMissions, wholeSave).log.moves;
      expect(wholeMoves.length).toBeGreaterThan(30);

      const savePath = tempSavePath();
      const first = spawn(process.execPath, ['--import', 'tsx', 'host/cli/imperial-timer.ts', ...base, '--save', savePath, '--bot-delay', '40'], {
        cwd: root,
        stdio: 'ignore',
      });
      try {
        await until(() => savedMoves(savePath).length >= 20, 'twenty saved moves', 30_000);
      } finally {
        first.kill('SIGKILL');
      }
      await new Promise((resolve) => first.once('exit', resolve));
      const before = readSave(rebelMissions, savePath);
      expect(before.table).toMatchObject({
        seats: [
          { name: 'Ana', bot: 'cooperative' },
          { name: 'Ben', bot: 'cooperative' },
          { name: 'Cy', bot: 'cooperative' },
        ],
      });

      // The built-in timer stopped with the program: the bots start its countdown again themselves (nobody is there to), then play on.
      const resumed = spawn(
        process.execPath,
        ['--import', 'tsx', 'host/cli/imperial-timer.ts', 'play', 'rebel-missions', '--resume', '--json', '--save', savePath, '--bot-delay', '0'],
        { cwd: root },
      );
      let out = '';
      resumed.stdout.on('data', (c: Buffer) => (out += c.toString()));
      const exited = new Promise<number | null>((resolve) => resumed.once('exit', resolve));
      try {
        await until(() => out.includes('"type":"table"'), 'the resumed snapshot', 30_000);
        expect(out).toMatch(/"type":"start".*"resumed":true/);
        await until(() => out.includes('"type":"result"'), 'the end of the game', 30_000);
        resumed.stdin.end();
        expect(await exited).toBe(0);
      } finally {
        if (resumed.exitCode === null) resumed.kill('SIGKILL');
      }
      const after = readSave(rebelMissions, savePath).log.moves;
      expect(after.slice(0, before.log.moves.length)).toEqual(before.log.moves);
      // The timer's moves differ (the resumed timer starts its countdown again); the players' and chance's do not.
      expect(playerMoves(after)).toEqual(playerMoves(wholeMoves));
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
