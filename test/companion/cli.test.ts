import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBots, UsageError } from '../../host/cli/args.ts';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import { openMatch as openSaved } from '../../host/cli/open-match.ts';
import { parsePlayRequest, type PlayRequest } from '../../host/cli/play-request.ts';
import { writeSave } from '../../host/engine/index.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { setUpOf } from '../games/rebel-missions/fixtures.ts';
import { memoryIo } from './cli-process.ts';
import { tempSavePath, TWO_PLAYERS } from './table.ts';

async function usageError(argv: string[]): Promise<string> {
  const { io, err } = memoryIo();
  expect(await runCli(argv, io)).toBe(2);
  return err();
}

describe('the imperial-timer command line', () => {
  it('shows help everywhere, exit 0', async () => {
    for (const argv of [['help'], ['--help'], ['play', 'rebel-missions', '--help'], ['ports', '--help'], ['bridge', '--help'], ['serve', '--help']]) {
      const { io, out } = memoryIo();
      expect(await runCli(argv, io)).toBe(0);
      expect(out()).toMatch(/usage: imperial-timer/);
    }
  });

  it('names the flag and the allowed values on a bad flag or value, exit 2', async () => {
    expect(await usageError([])).toMatch(/usage: imperial-timer <command>/);
    expect(await usageError(['dance'])).toMatch(/unknown command "dance" \(commands: play, serve, pack, print, ports, bridge, flash, check, help\)/);
    expect(await usageError(['play', 'chess'])).toMatch(/unknown game "chess" \(games: rebel-missions, secret-invasion, stolen-plans, queens-gambit\)/);
    expect(await usageError(['play', 'rebel-missions', '--colour'])).toMatch(/unknown flag --colour \(the flags are --players, --seed,/);
    // Only the flags Rebel Missions takes are listed: it refuses --no-timer and --turn-clock (its countdown is the timer's).
    const listed = await usageError(['play', 'rebel-missions', '--colour']);
    expect(listed).toMatch(/--pack/);
    expect(listed).not.toMatch(/--no-timer|--turn-clock/);
    expect(await usageError(['play', 'secret-invasion', '--colour'])).toMatch(/--no-timer, --turn-clock/);
    expect(await usageError(['play', 'rebel-missions', '--players'])).toMatch(/--players needs a value/);
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', 'extra'])).toMatch(/unexpected word "extra"/);
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--seed', '-3'])).toMatch(/--seed/);
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--seed', 'x'])).toMatch(
      /--seed must be a whole number from 0 to 4294967295, got "x"/,
    );
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--port', '/dev/x', '--baud', '1200'])).toMatch(
      /--baud must be one of 9600, 19200, 38400, 57600, 115200, 230400/,
    );
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--baud', '115200'])).toMatch(/--baud goes with --port/);
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--port', '/dev/x', '--pty'])).toMatch(/--port and --pty exclude each other/);
    expect(await usageError(['play', 'rebel-missions', '--resume', '--new'])).toMatch(/--resume and --new exclude each other/);
    expect(await usageError(['play', 'rebel-missions', '--resume', '--players', 'Ana:hera'])).toMatch(/--players is taken from the saved game/);
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--bot-delay', 'soon'])).toMatch(
      /--bot-delay must be a whole number of milliseconds/,
    );
    expect(await usageError(['play', 'rebel-missions'])).toMatch(/--players is required.*profiles: kanan, ezra, hera, sabine, zeb/);
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera', '--bots', 'Zed', '--save', tempSavePath()])).toMatch(
      /--bots: "Zed" is not at the table; the players are Ana/,
    );
    expect(await usageError(['bridge', '--seed', '99999999999'])).toMatch(/--seed must be a whole number/);
  });

  it('parses the bots (the players: rebel-missions-play.test.ts)', () => {
    expect(parseBots('all', ['Ana', 'Ben'])).toEqual(['Ana', 'Ben']);
    expect(parseBots('ben', ['Ana', 'Ben'])).toEqual(['Ben']);
    expect(parseBots(undefined, ['Ana'])).toEqual([]);
    expect(() => parseBots(',', ['Ana'])).toThrow(UsageError);
  });

  it("takes the rules' word on a table they cannot seat, as a usage error", async () => {
    expect(await usageError(['play', 'rebel-missions', '--players', 'Ana:hera,Ben:hera', '--save', tempSavePath()])).toMatch(/--players: .*hera/);
  });

  it('lists the serial ports, or says why it cannot', async () => {
    const { io, out, err } = memoryIo();
    expect(await runCli(['ports'], io)).toBe(0);
    expect(out() + err()).toMatch(/\/dev\/|No serial ports found|udev/);
  });

  it("says what to check when the timer's port cannot be opened, exit 1", async () => {
    const { io, err } = memoryIo();
    expect(await runCli(['play', 'rebel-missions', '--players', 'Ana:hera', '--port', '/dev/no-such-timer', '--save', tempSavePath()], io)).toBe(1);
    expect(err()).toMatch(/cannot reach the timer: cannot open \/dev\/no-such-timer.*Is the timer plugged in/);
  });

  it("--save in a folder that cannot be written names the folder and what to do (not the lock's file), exit 1, nothing written", async () => {
    const blocker = tempSavePath(); // a file where the save's folder should be
    writeFileSync(blocker, 'not a folder');
    const cases: [string, RegExp][] = [[dirname(blocker), new RegExp(`${blocker.replace(/[.]/g, '\\.')} is a file, not a folder`)]];
    if (process.getuid?.() !== 0) {
      // Root may write anywhere: a folder without write permission is only a refusal for other users.
      const locked = dirname(tempSavePath());
      chmodSync(locked, 0o555);
      cases.push([locked, /this user may not write in /]);
    }
    for (const [parent, why] of cases) {
      const folder = parent === dirname(blocker) ? blocker : parent;
      const { io, err } = memoryIo();
      expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben', '--save', join(folder, 'si.save.json')], io)).toBe(1);
      expect(err()).toMatch(new RegExp(`cannot save the game in ${folder.replace(/[.]/g, '\\.')}: `));
      expect(err()).toMatch(why);
      expect(err()).toMatch(
        /Nothing was written; choose a folder you may write in with --save FILE, e\.g\. --save \/nonexistent-home\/\.imperial-timer\/si\.save\.json/,
      );
      expect(err()).not.toMatch(/EEXIST|ENOENT|EACCES|\.new|\.lock/);
    }
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
  });

  it('defaults the save file to ~/.imperial-timer/<game>.save.json', () => {
    const request = parsePlayRequest('rebel-missions', ['--players', 'Ana:hera'], '/home/ana');
    expect(request).toMatchObject({ savePath: '/home/ana/.imperial-timer/rebel-missions.save.json', timerKind: 'virtual', json: false });
  });
});

describe('choosing the game to play', () => {
  // What `play rebel-missions` opens (play.ts through open-match.ts), on the table game's saves.
  const rebelMissions = rebelMissionsEntry.game;
  const openMatch = (request: PlayRequest) =>
    openSaved(rebelMissions, request, {
      config: () => rebelMissionsEntry.configFor(['Ana'], { 'profile-1': 'hera' }),
      describeStop: (state) => `turn ${state.turnNumber}`,
    });
  /** A new game of seed 1, as `play` starts it: its state and its log (no move yet). */
  const newMatch = () => ({ state: rebelMissions.setup(TWO_PLAYERS, 1).state, log: { gameId: 'rebel-missions', config: TWO_PLAYERS, seed: 1, moves: [] } });
  const request = (argv: string[], savePath: string): PlayRequest => {
    const parsed = parsePlayRequest('rebel-missions', [...argv, '--save', savePath], '/home/x');
    if (parsed === 'help') throw new Error('help');
    return parsed;
  };

  it('refuses to overwrite an unfinished saved game without --new, and says how to continue', () => {
    const savePath = tempSavePath();
    writeSave(rebelMissions, savePath, newMatch().log);
    expect(() => openMatch(request(['--players', 'Ana:hera'], savePath))).toThrow(/a game in progress is saved in .*--resume.*--new/);
    expect(openMatch(request(['--players', 'Ana:hera', '--new', '--seed', '4'], savePath)).match.log.seed).toBe(4);
  });

  it('resumes the saved game, from the backup when the save is damaged, and says so', () => {
    const savePath = tempSavePath();
    const match = newMatch();
    writeSave(rebelMissions, savePath, match.log);
    // The set-up's two shuffles, then the timer's START.
    const setUp = setUpOf(rebelMissionsEntry.game, match.state).moves;
    writeSave(rebelMissions, savePath, { ...match.log, moves: [...setUp, { actor: 'timer', type: 'start', leftMs: 720_000 }] });
    expect(openMatch(request(['--resume'], savePath))).toMatchObject({ resumed: true, warnings: [], match: { state: { stage: 'roll' } } });
    writeFileSync(savePath, '{ "format": "imperial-timer-save", "version": 1, ');
    const fromBackup = openMatch(request(['--resume'], savePath));
    expect(fromBackup.match.state.stage).toBe('awaiting-start');
    expect(fromBackup.warnings[0]).toMatch(/not valid JSON.*Continuing from the previous good save \(.*\.bak\)/);
  });

  it('starts a new game over a damaged save with a warning, keeping the damaged file aside', () => {
    const savePath = tempSavePath();
    writeFileSync(savePath, 'not a save at all');
    const opened = openMatch(request(['--players', 'Ana:hera', '--seed', '2'], savePath));
    expect(opened.resumed).toBe(false);
    expect(opened.warnings[0]).toMatch(/not valid JSON\. A new game starts; the damaged file is kept as .*\.damaged/);
    writeSave(rebelMissions, savePath, opened.match.log);
    expect(readFileSync(`${savePath}.damaged`, 'utf8')).toBe('not a save at all');
  });

  it('fails clearly when there is nothing to resume', () => {
    const savePath = tempSavePath();
    expect(existsSync(dirname(savePath))).toBe(true);
    expect(() => openMatch(request(['--resume'], savePath))).toThrow(CommandFailure);
    expect(() => openMatch(request(['--resume'], savePath))).toThrow(/cannot resume: there is no save file at .*To play, start a new game without --resume/);
  });
});
