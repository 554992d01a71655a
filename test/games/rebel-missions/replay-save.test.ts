import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playGame, randomBot } from '../../../host/engine/bots.ts';
import { playMove, replay, ReplayError, startMatch, type GameLog } from '../../../host/engine/log.ts';
import {
  backupPathOf,
  damagedPathOf,
  canonicalJson,
  decodeSave,
  encodeSave,
  readSave,
  readSaveOrBackup,
  SaveError,
  writeSave,
} from '../../../host/engine/save.ts';
import type { RebelMissionsConfig, RebelMissionsMove, RebelMissionsView } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { randomTimerBot } from '../../../host/games/rebel-missions/timer-bot.ts';
import { toyGame } from '../../engine/toy-game.ts';
import { configFor, game } from './fixtures.ts';

function playedLog(seed: number, steps: number): GameLog<RebelMissionsConfig, RebelMissionsMove> {
  const seats = { timer: randomTimerBot(), p1: rebelBot(), p2: randomBot<RebelMissionsView, RebelMissionsMove>(), p3: rebelBot() };
  const played = playGame(game, configFor(3), seed, seats, { maxSteps: steps });
  return played.log;
}

describe('game logs', () => {
  it('replaying a log gives the same state, move by move', () => {
    const seats = { timer: randomTimerBot(), p1: rebelBot(), p2: randomBot<RebelMissionsView, RebelMissionsMove>(), p3: rebelBot() };
    const played = playGame(game, configFor(3), 77, seats, { maxSteps: 400 });
    expect(played.log.moves.length).toBeGreaterThan(50);
    expect(replay(game, played.log)).toEqual(played.state);
    expect(replay(game, JSON.parse(JSON.stringify(played.log)) as typeof played.log)).toEqual(played.state);
  });

  it('a match records accepted moves and leaves rejected ones out', () => {
    let match = startMatch(game, configFor(2), 3);
    const rejected = playMove(game, match, { actor: 'p1', type: 'roll' });
    expect(rejected.ok).toBe(false);
    const started = playMove(game, match, { actor: 'timer', type: 'start', leftMs: 60_000 });
    if (!started.ok) throw new Error(started.reason);
    match = started.match;
    expect(match.log.moves).toEqual([{ actor: 'timer', type: 'start', leftMs: 60_000 }]);
    expect(replay(game, match.log)).toEqual(match.state);
  });

  it('a log with an illegal move fails to replay, naming the move and the reason', () => {
    const log = playedLog(5, 30);
    const bad = { ...log, moves: [...log.moves.slice(0, 1), { actor: 'p2', type: 'end-turn' } as const, ...log.moves.slice(1)] };
    expect(() => replay(game, bad)).toThrow(ReplayError);
    expect(() => replay(game, bad)).toThrow(/move 2 of \d+ .* was rejected: it is p1's turn/);
    expect(() => replay(game, { ...log, gameId: 'stolen-plans' })).toThrow(/the log is for game "stolen-plans"/);
  });
});

describe('save files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rm-save-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('round trip: a saved game loads to the same log and state', () => {
    const log = playedLog(9, 200);
    const path = join(dir, 'game.json');
    writeSave(game, path, log, { savedAt: '2026-11-29T20:00:00.000Z' });
    const loaded = readSave(game, path);
    expect(loaded.log).toEqual(log);
    expect(loaded.state).toEqual(replay(game, log));
    expect(loaded.savedAt).toBe('2026-11-29T20:00:00.000Z');
    expect(readdirSync(dir)).toEqual(['game.json']); // no temporary file left behind
    const file = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ format: 'imperial-timer-save', version: 2, gameId: 'rebel-missions' });
    expect(file.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a damaged save is rejected with a clear message and the previous good save is kept', () => {
    const path = join(dir, 'game.json');
    const first = playedLog(9, 100);
    const second = playedLog(9, 150);
    writeSave(game, path, first);
    writeSave(game, path, second);
    expect(readSave(game, backupPathOf(path)).log).toEqual(first);
    // Damage the current save: change one move's time reading without fixing the checksum.
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(/"leftMs": (\d)/, '"leftMs": 9$1'));
    expect(() => readSave(game, path)).toThrow(SaveError);
    expect(() => readSave(game, path)).toThrow(/is damaged: its checksum does not match its contents\. The previous good save is kept at .*game\.json\.bak/);
    const fallback = readSaveOrBackup(game, path);
    expect(fallback.source).toBe('backup');
    expect(fallback.log).toEqual(first);
    expect(fallback.problem).toMatch(/checksum/);
    // Saving again over the damaged file keeps the good backup rather than the damaged file,
    // and keeps the damaged file itself aside: nothing is lost.
    const damaged = readFileSync(path, 'utf8');
    writeSave(game, path, second);
    expect(readSave(game, backupPathOf(path)).log).toEqual(first);
    expect(readSave(game, path).log).toEqual(second);
    expect(readFileSync(damagedPathOf(path), 'utf8')).toBe(damaged);
  });

  it('a truncated file (a crash mid-write elsewhere) and a stray temporary file do not affect loading', () => {
    const path = join(dir, 'game.json');
    const log = playedLog(2, 60);
    writeSave(game, path, log);
    writeFileSync(`${path}.12345.tmp`, encodeSave(game, log).slice(0, 100));
    expect(readSave(game, path).log).toEqual(log);
    const truncated = join(dir, 'cut.json');
    writeFileSync(truncated, encodeSave(game, log).slice(0, 100));
    expect(() => readSave(game, truncated)).toThrow(/cut\.json is damaged or not a save file: it is not valid JSON/);
  });

  it('rejects foreign files: another format, another game, another version, a missing file', () => {
    const log = playedLog(2, 20);
    const text = encodeSave(game, log);
    expect(() => decodeSave(game, '{"hello": 1}')).toThrow(/not an Imperial Timer save file/);
    expect(() => decodeSave(game, '[1,2]')).toThrow(/expected a JSON object/);
    const toy = toyGame();
    expect(() => decodeSave(toy, text)).toThrow(/is a save of game "rebel-missions", not of "toy"/);
    const newer = text.replace('"version": 2', '"version": 3');
    expect(() => decodeSave(game, newer)).toThrow(
      /written by a newer Imperial Timer \(save format version 3; this program reads versions 1 and 2\): update the program/,
    );
    expect(() => decodeSave(game, text.replace('"version": 2', '"version": 0'))).toThrow(/save format version 0, which no Imperial Timer wrote/);
    expect(() => readSave(game, join(dir, 'nothing.json'))).toThrow(/there is no save file at .*nothing\.json/);
  });

  it('rejects a well-sealed save whose moves break the rules', () => {
    const log = playedLog(4, 20);
    const forged = { ...log, moves: [{ actor: 'p1', type: 'roll' } as const, ...log.moves] };
    const text = encodeSave(game, forged);
    expect(() => decodeSave(game, text, 'forged.json')).toThrow(/forged\.json does not replay under the rules of "rebel-missions": move 1 of/);
  });

  it('the checksum does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });
});
