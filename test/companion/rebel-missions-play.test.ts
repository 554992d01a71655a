// `play rebel-missions` on the table front end (host/cli/play.ts, play-variants.ts): the seats'
// Rebel profiles from `--players "Ana:hera,Ben"` (a seat without one takes the first one free),
// the flags it refuses with what to do, and a save of the older companion refused, saying what
// --new does with it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { encodeSave, readSave } from '../../host/engine/save.ts';
import type { RebelMissionsConfig } from '../../host/games/rebel-missions/model.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { memoryIo } from './cli-process.ts';
import { tempSavePath, until } from './table.ts';

const tableShape = rebelMissionsEntry.game;

/** Opens a new game with `players` (and `extra` flags), leaves at once (no input); the exit code, the output and the saved config. */
async function opened(players: string, extra: string[] = []): Promise<{ code: number; out: string; err: string; config?: RebelMissionsConfig }> {
  const savePath = tempSavePath();
  const { io, out, err } = memoryIo();
  const code = await runCli(['play', 'rebel-missions', '--players', players, '--seed', '7', '--save', savePath, ...extra], io);
  return { code, out: out(), err: err(), ...(existsSync(savePath) ? { config: readSave(tableShape, savePath).log.config } : {}) };
}

const profiles = (config: RebelMissionsConfig | undefined): string[] => (config?.players ?? []).map((p) => `${p.name}:${p.profile}`);

describe('play rebel-missions: the seats', () => {
  it("takes each player's profile after a colon; a player without one gets the first one free", async () => {
    expect(profiles((await opened('Ana:hera, Ben : ZEB')).config)).toEqual(['Ana:hera', 'Ben:zeb']);
    expect(profiles((await opened('Ana:KANAN,Ben')).config)).toEqual(['Ana:kanan', 'Ben:ezra']);
    // Ben's seat default (ezra) is Ana's: he takes the first one no one has.
    expect(profiles((await opened('Ana:ezra,Ben,Cy')).config)).toEqual(['Ana:ezra', 'Ben:kanan', 'Cy:hera']);
    expect(profiles((await opened('Ana,Ben', ['--profile-2', 'sabine'])).config)).toEqual(['Ana:kanan', 'Ben:sabine']);
  });

  it('refuses a profile twice, an unknown one, or one given twice for a seat, exit 2 and nothing saved', async () => {
    const twice = await opened('Ana:hera,Ben:hera');
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/--players: seats 1 and 2 both have the Rebel profile "hera"; each player needs a different one/);
    expect(twice.config).toBeUndefined();
    const unknown = await opened('Ana:yoda');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--players: Ana's Rebel profile "yoda" is not one of kanan, ezra, hera, sabine, zeb/);
    const both = await opened('Ana:hera', ['--profile-1', 'zeb']);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--profile-1: seat 1's Rebel profile is given in --players already; leave one out/);
    const malformed = await opened('Ana:hera:zeb');
    expect(malformed.code).toBe(2);
    expect(malformed.err).toMatch(/"Ana:hera:zeb" is not name or name:Rebel profile/);
    const name = await opened('Ana:hera,ana:zeb');
    expect(name.code).toBe(2);
    expect(name.err).toMatch(/--players: the name "ana" is given twice; each player needs a different name/);
    const many = await opened('A,B,C,D,E,F');
    expect(many.code).toBe(2);
    expect(many.err).toMatch(/played by 1 to 5 players, got 6/);
  });

  it('needs a timer: --no-timer and --turn-clock are refused with what to do', async () => {
    const noTimer = await opened('Ana:hera', ['--no-timer']);
    expect(noTimer.code).toBe(2);
    expect(noTimer.err).toMatch(/--no-timer: Star Wars: Rebel Missions is played on the timer's countdown, so it needs a timer/);
    const clock = await opened('Ana:hera', ['--turn-clock', '30']);
    expect(clock.code).toBe(2);
    expect(clock.err).toMatch(/--turn-clock: in Star Wars: Rebel Missions the timer runs the game's own clock; leave it out/);
  });

  it('documents the profiles and --pack in --help', async () => {
    const { io, out } = memoryIo();
    expect(await runCli(['play', 'rebel-missions', '--help'], io)).toBe(0);
    expect(out()).toMatch(/--players "Ana:hera,Ben"  the players' names, oldest player first, 1 to 5/);
    expect(out()).toMatch(/kanan, ezra, hera, sabine, zeb/);
    expect(out()).toMatch(/--pack FILE/);
    expect(out()).not.toMatch(/--no-timer/);
  });
});

describe('play rebel-missions: a save of the older companion', () => {
  // Its moves have no chance moves (the dice were rolled inside the older rules) and its table
  // part names only the bots: no public release wrote it, so it is refused, never converted.
  const config: RebelMissionsConfig = {
    players: [
      { name: 'Ana', profile: 'hera' },
      { name: 'Ben', profile: 'zeb' },
    ],
  };
  const olderSave = (): { savePath: string; before: string } => {
    const savePath = tempSavePath();
    const moves = [
      { actor: 'timer', type: 'start', leftMs: 720_000 },
      { actor: 'p1', type: 'roll' },
    ] as const;
    const text = encodeSave(tableShape, { gameId: 'rebel-missions', config, seed: 21, moves: [...moves] }, '2026-11-29T20:00:00.000Z', {
      bots: { seats: ['p2'] },
    });
    writeFileSync(savePath, text);
    return { savePath, before: text };
  };

  it('--resume refuses it, saying what it is, that this version cannot continue it and what --new does; the file stays as it was', async () => {
    const { savePath, before } = olderSave();
    const { io, err } = memoryIo();
    expect(await runCli(['play', 'rebel-missions', '--resume', '--json', '--save', savePath], io)).toBe(1);
    expect(err()).toMatch(
      /is a save in an older format \(it does not replay under the rules of "rebel-missions": move 1 of 2 .*\): this version of the Imperial Timer cannot continue it\. Start a new game with --new; the old file is then kept under a name of its own/,
    );
    expect(readFileSync(savePath, 'utf8')).toBe(before);
  });

  it('a new game without --new refuses to replace it; with --new it is kept under a name of its own, and the players are told where', async () => {
    const { savePath, before } = olderSave();
    const plain = memoryIo();
    expect(await runCli(['play', 'rebel-missions', '--players', 'Ana,Ben', '--json', '--save', savePath], plain.io)).toBe(1);
    expect(plain.err()).toMatch(/is a save in an older format .*Start a new game with --new/);
    expect(readFileSync(savePath, 'utf8')).toBe(before);
    const fresh = memoryIo();
    expect(await runCli(['play', 'rebel-missions', '--players', 'Ana,Ben', '--new', '--json', '--save', savePath], fresh.io)).toBe(0);
    const kept = `${savePath}.older.json`;
    expect(readFileSync(kept, 'utf8')).toBe(before);
    expect(fresh.out()).toContain(`held a save in an older format, which this version cannot continue; it is kept as ${kept}`);
    expect(readSave(tableShape, savePath).log.moves.length).toBeGreaterThan(0);
  });
});

describe('play rebel-missions: the countdown', () => {
  it('the command line records the time left when the table leaves (the built-in timer in real time)', async () => {
    const savePath = tempSavePath();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (c: Buffer) => (text += c.toString()));
    const stderr = new PassThrough();
    stderr.resume();
    const io = { stdin, stdout, stderr, stdoutIsTty: false, home: '/nonexistent-home', interrupted: new Promise<void>(() => undefined) };
    const done = runCli(['play', 'rebel-missions', '--players', 'Ana:hera,Ben:zeb', '--json', '--seed', '3', '--save', savePath], io);
    await until(() => text.includes('"type":"table"'), 'the first snapshot');
    stdin.write('{"action":"start-timer"}\n');
    await until(() => text.includes('"name":"START"'), 'the countdown');
    // Let more than a second pass with no move at all, then leave.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    stdin.end();
    expect(await done).toBe(0);
    const saved = readSave(tableShape, savePath);
    expect(saved.log.moves.at(-1)).toMatchObject({ actor: 'timer', type: 'time' });
    expect(saved.state.timeLeftMs).toBeLessThan(720_000 - 1000);
  });
});
