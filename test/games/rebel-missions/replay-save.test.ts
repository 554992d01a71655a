import { createHash } from 'node:crypto';
// Logs and save files of the table game people play: a log replays move by move to the same
// state; a save round-trips; damage, foreign files and older formats are refused saying what.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplayError, type GameLog } from '../../../host/engine/log.ts';
import {
  backupPathOf,
  canonicalJson,
  damagedPathOf,
  decodeSave,
  encodeSave,
  OlderSaveError,
  readSave,
  readSaveOrBackup,
  SaveError,
  writeSave,
} from '../../../host/engine/save.ts';
import { playTable, randomTableBot, replayTable } from '../../../host/engine/table-play.ts';
import type { RebelMissionsConfig, RebelMissionsView, RebelTableMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { rebelMissionsTable as game, tableBot } from '../../../host/games/rebel-missions/table-game.ts';
import { randomTimerBot } from '../../../host/games/rebel-missions/timer-bot.ts';
import { secretInvasionTable } from '../../../host/games/secret-invasion/table-game.ts';
import { configFor } from './fixtures.ts';

const seats = () => ({
  timer: tableBot('timer', randomTimerBot()),
  p1: tableBot('cooperative', rebelBot()),
  p2: randomTableBot<RebelTableState, RebelTableMove, RebelMissionsView>(),
  p3: tableBot('cooperative', rebelBot()),
});

function playedLog(seed: number, steps: number): GameLog<RebelMissionsConfig, RebelTableMove> {
  return playTable(game, configFor(3), seed, seats(), { maxSteps: steps }).log;
}

describe('game logs', () => {
  it('replaying a log gives the same state, move by move', () => {
    const played = playTable(game, configFor(3), 77, seats(), { maxSteps: 400 });
    expect(played.log.moves.length).toBeGreaterThan(50);
    expect(replayTable(game, played.log)).toEqual(played.state);
    expect(replayTable(game, JSON.parse(JSON.stringify(played.log)) as typeof played.log)).toEqual(played.state);
  });

  it('a log with an illegal move fails to replay, naming the move and the reason', () => {
    const log = playedLog(5, 30);
    const bad = { ...log, moves: [...log.moves.slice(0, 3), { actor: 'p2', type: 'end-turn' } as RebelTableMove, ...log.moves.slice(3)] };
    expect(() => replayTable(game, bad)).toThrow(ReplayError);
    expect(() => replayTable(game, bad)).toThrow(/move 4 of \d+ .* was rejected: /);
    expect(() => replayTable(game, { ...log, gameId: 'stolen-plans' })).toThrow(/the log is for game "stolen-plans"/);
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
    expect(loaded.state).toEqual(replayTable(game, log));
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
    expect(() => decodeSave(secretInvasionTable, text)).toThrow(/is a save of game "rebel-missions", not of "secret-invasion"/);
    const newer = text.replace('"version": 2', '"version": 3');
    expect(() => decodeSave(game, newer)).toThrow(
      /written by a newer Imperial Timer \(save format version 3; this program reads versions 1 and 2\): update the program/,
    );
    expect(() => decodeSave(game, text.replace('"version": 2', '"version": 0'))).toThrow(/save format version 0, which no Imperial Timer wrote/);
    expect(() => readSave(game, join(dir, 'nothing.json'))).toThrow(/there is no save file at .*nothing\.json/);
  });

  it('rejects a well-sealed save whose moves break the rules', () => {
    const log = playedLog(4, 20);
    const forged = { ...log, moves: [{ actor: 'p1', type: 'roll' } as RebelTableMove, ...log.moves] };
    const text = encodeSave(game, forged);
    expect(() => decodeSave(game, text, 'forged.json')).toThrow(OlderSaveError);
    expect(() => decodeSave(game, text, 'forged.json')).toThrow(
      /forged\.json is a save in an older format \(it does not replay under the rules of "rebel-missions": move 1 of .*\): this version of the Imperial Timer cannot continue it\. Start a new game with --new; the old file is then kept under a name of its own/,
    );
  });

  it('refuses a save of format version 1 (the older companion, no table part) as an older format, not as damage', () => {
    const body = { format: 'imperial-timer-save', version: 1, gameId: 'rebel-missions', savedAt: '2026-11-29T20:00:00.000Z', log: playedLog(4, 0) };
    const text = JSON.stringify({ ...body, checksum: createHash('sha256').update(canonicalJson(body)).digest('hex') });
    expect(() => decodeSave(game, text, 'v1.json')).toThrow(OlderSaveError);
    expect(() => decodeSave(game, text, 'v1.json')).toThrow(
      /v1\.json is a save in an older format \(save format version 1, written by the older companion\): this version .* cannot continue it\. Start a new game with --new/,
    );
  });

  it('the checksum does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });
});
