// Save files under faults: the only good copy of an unfinished game is never overwritten,
// harmless editor damage does not make an intact save unreadable, an older format is refused,
// and the temporary files of an interrupted save are cleaned up (never another process's).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMatch } from '../../host/cli/open-match.ts';
import { parsePlayRequest, type PlayRequest } from '../../host/cli/play-request.ts';
import { playTable, randomTableBot } from '../../host/engine/table-play.ts';
import type { GameLog } from '../../host/engine/log.ts';
import { backupPathOf, canonicalJson, encodeSave, readSave, removeLeftoverTemps, writeSave } from '../../host/engine/save.ts';
import { rebelMissionsTable, tableBot } from '../../host/games/rebel-missions/table-game.ts';
import type { RebelMissionsConfig, RebelMissionsView, RebelTableMove as RebelMissionsMove, RebelTableState } from '../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../host/games/rebel-missions/rebel-bot.ts';
import { randomTimerBot } from '../../host/games/rebel-missions/timer-bot.ts';
import { testTempDir } from '../support/temp-dir.ts';

type Log = GameLog<RebelMissionsConfig, RebelMissionsMove>;
const game = rebelMissionsTable;
const CONFIG: RebelMissionsConfig = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
  ],
};

function playedLog(seed: number, steps: number): Log {
  const seats = {
    timer: tableBot('timer', randomTimerBot()),
    p1: tableBot('cooperative', rebelBot()),
    p2: randomTableBot<RebelTableState, RebelMissionsMove, RebelMissionsView>(),
  };
  return playTable(game, CONFIG, seed, seats, { maxSteps: steps }).log;
}

/** A new game's log (no move yet), as `play` starts it. */
const newLog = (seed: number): Log => ({ gameId: game.meta.id, config: CONFIG, seed, moves: [] });

function savePathIn(dir: string): string {
  return join(dir, 'rebel-missions.save.json');
}

function request(argv: string[], savePath: string): PlayRequest {
  const parsed = parsePlayRequest('rebel-missions', [...argv, '--save', savePath], '/home/x');
  if (parsed === 'help') throw new Error('help');
  return parsed;
}

const open = (argv: string[], savePath: string) =>
  openMatch(game, request(argv, savePath), { config: () => CONFIG, describeStop: (s) => `turn ${s.turnNumber}` });

/** Plays `count` more moves of a new game's log, saving after each, as the session does. */
function saveMoves(savePath: string, log: Log, more: Log, count: number): Log {
  let current = log;
  for (let i = 0; i < count; i++) {
    current = { ...current, moves: more.moves.slice(0, current.moves.length + 1) };
    writeSave(game, savePath, current);
  }
  return current;
}

const kept = (dir: string): string[] => readdirSync(dir).filter((n) => n.includes('.kept-'));

describe('a new game never costs the only good copy of an unfinished one', () => {
  it('a damaged save whose backup holds an unfinished game: plain play refuses and says how to go on', () => {
    const dir = testTempDir('save-');
    const savePath = savePathIn(dir);
    const unfinished = playedLog(3, 12);
    writeSave(game, savePath, { ...unfinished, moves: unfinished.moves.slice(0, 11) });
    writeSave(game, savePath, unfinished);
    writeFileSync(savePath, '{ "format": "imperial-timer-save", "vers');
    expect(() => open([], savePath)).toThrow(
      /is damaged or not a save file.*its backup .*\.bak holds a game in progress \(turn \d+\)\. Continue that game with --resume, or start a new game with --new/,
    );
    expect(readFileSync(backupPathOf(savePath), 'utf8')).toBe(
      encodeSave(game, { ...unfinished, moves: unfinished.moves.slice(0, 11) }, readSave(game, backupPathOf(savePath)).savedAt),
    );
  });

  it("with --new, the unfinished game of the backup is kept under a name of its own, and outlives the new game's saves", () => {
    const dir = testTempDir('save-');
    const savePath = savePathIn(dir);
    const unfinished = playedLog(3, 12);
    writeSave(game, savePath, unfinished);
    writeSave(game, savePath, { ...unfinished, moves: [...unfinished.moves] }); // same text: no backup yet
    writeSave(game, savePath, playedLog(3, 13));
    const goodBackup = readFileSync(backupPathOf(savePath), 'utf8');
    writeFileSync(savePath, 'garbage');
    const opened = open(['--new', '--seed', '8'], savePath);
    const keptPath = /is kept as (\S+\.kept-[^ ;]+\.json);/.exec(opened.warnings.join('\n'))?.[1];
    expect(opened.warnings.join('\n')).toMatch(/the damaged file is kept as .*\.damaged/);
    expect(keptPath, opened.warnings.join('\n')).toBeDefined();
    expect(readFileSync(keptPath!, 'utf8')).toBe(goodBackup);
    expect(opened.warnings.join('\n')).toMatch(/continue it later with --resume --save .*\.kept-/);
    saveMoves(savePath, opened.match.log, playedLog(8, 10), 5);
    expect(readFileSync(keptPath!, 'utf8')).toBe(goodBackup);
    expect(readFileSync(join(dir, 'rebel-missions.save.json.damaged'), 'utf8')).toBe('garbage');
  });

  it('with --new over an intact unfinished save, that game is kept (it used to be lost after two moves)', () => {
    const dir = testTempDir('save-');
    const savePath = savePathIn(dir);
    const unfinished = playedLog(4, 20);
    writeSave(game, savePath, unfinished);
    const text = readFileSync(savePath, 'utf8');
    const opened = open(['--new', '--seed', '9'], savePath);
    saveMoves(savePath, opened.match.log, playedLog(9, 10), 4);
    const keptFiles = kept(dir);
    expect(keptFiles).toHaveLength(1);
    expect(readFileSync(join(dir, keptFiles[0]!), 'utf8')).toBe(text);
    expect(opened.warnings.join('\n')).toContain(join(dir, keptFiles[0]!));
    // The kept file is a save: it resumes.
    expect(open(['--resume'], join(dir, keptFiles[0]!)).match.log).toEqual(unfinished);
  });

  it('a finished game is not kept aside (nothing of it is lost by playing on)', () => {
    const dir = testTempDir('save-');
    const savePath = savePathIn(dir);
    const seats = { timer: tableBot('timer', randomTimerBot()), p1: tableBot('cooperative', rebelBot()), p2: tableBot('cooperative', rebelBot()) };
    const finished = playTable(game, CONFIG, 5, seats, { maxSteps: 5000 });
    expect(finished.result.finished).toBe(true);
    writeSave(game, savePath, finished.log);
    const opened = open(['--seed', '1'], savePath);
    expect(opened.warnings).toEqual([]);
    expect(kept(dir)).toEqual([]);
  });

  it('writing a save never overwrites a backup holding another unfinished game; it keeps it and says where', () => {
    const dir = testTempDir('save-');
    const savePath = savePathIn(dir);
    const other = playedLog(6, 15);
    writeFileSync(backupPathOf(savePath), encodeSave(game, other));
    const backupText = readFileSync(backupPathOf(savePath), 'utf8');
    const mine = newLog(7);
    expect(writeSave(game, savePath, mine).kept).toEqual([]);
    const report = writeSave(game, savePath, { ...mine, moves: [{ actor: 'timer', type: 'start', leftMs: 720_000 }] });
    expect(report.kept).toHaveLength(1);
    expect(readFileSync(report.kept[0]!, 'utf8')).toBe(backupText);
    expect(readSave(game, backupPathOf(savePath)).log).toEqual(mine);
  });
});

describe('harmless editor damage and the old format', () => {
  const log = (): Log => playedLog(11, 25);

  it('reads an intact save with a byte-order mark, CRLF line ends, trailing blank lines or NULs, or in UTF-16', () => {
    const dir = testTempDir('save-');
    const text = encodeSave(game, log());
    const variants: Record<string, Buffer> = {
      bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      crlf: Buffer.from(text.replace(/\n/g, '\r\n')),
      trailing: Buffer.from(`${text}\n\n  \n`),
      nul: Buffer.concat([Buffer.from(text), Buffer.alloc(512)]),
      utf16le: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      utf16be: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
      'bom-crlf': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace(/\n/g, '\r\n'))]),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      const path = join(dir, `${name}.json`);
      writeFileSync(path, bytes);
      expect(readSave(game, path).log, name).toEqual(JSON.parse(text).log);
    }
    // An edited save is intact: saving over it keeps it as the backup, not as a damaged file.
    const path = join(dir, 'bom.json');
    const longer = playedLog(11, 26);
    writeSave(game, path, longer);
    expect(existsSync(`${path}.damaged`)).toBe(false);
    expect(readSave(game, backupPathOf(path)).log.moves).toHaveLength(JSON.parse(text).log.moves.length);
  });

  it('refuses a save of format version 1 (the older companion, before the table was kept) as an older format, leaving it as it is', () => {
    const dir = testTempDir('save-');
    const played = log();
    const body = { format: 'imperial-timer-save', version: 1, gameId: game.meta.id, savedAt: '2026-11-01T10:00:00.000Z', log: played };
    const checksum = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const path = join(dir, 'old.json');
    const text = JSON.stringify({ ...body, checksum }, null, 2);
    writeFileSync(path, text);
    expect(() => readSave(game, path)).toThrow(
      /old\.json is a save in an older format \(save format version 1, written by the older companion\): this version of the Imperial Timer cannot continue it\. Start a new game with --new/,
    );
    expect(() => open(['--resume'], path)).toThrow(/cannot resume: .*old\.json is a save in an older format/);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('keeps the table beside the log, sealed by the checksum', () => {
    const dir = testTempDir('save-');
    const path = join(dir, 'table.json');
    writeSave(game, path, log(), { table: { bots: { seats: ['p2'], rng: [1, 2, 3, 4] } } });
    expect(readSave(game, path)).toMatchObject({ version: 2, table: { bots: { seats: ['p2'], rng: [1, 2, 3, 4] } } });
    writeFileSync(path, readFileSync(path, 'utf8').replace('"p2"', '"p1"'));
    expect(() => readSave(game, path)).toThrow(/checksum does not match/);
  });
});

describe('temporary files of an interrupted save', () => {
  it('are named for their process, and cleaned up on the next start unless their process still runs', () => {
    const dir = testTempDir('save-');
    const savePath = savePathIn(dir);
    writeSave(game, savePath, newLog(1));
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const alive = process.ppid;
    const leftovers = [
      `${savePath}.${dead}-0badf00d.tmp`,
      `${savePath}.${dead}.tmp`,
      `${savePath}.bak.${dead}-12345678.tmp`,
      `${savePath}.damaged.${dead}-12345678.tmp`,
    ];
    const keep = [`${savePath}.${alive}-abcdef01.tmp`, join(dir, `other.save.json.${dead}-0badf00d.tmp`), join(dir, 'notes.tmp')];
    for (const file of [...leftovers, ...keep]) writeFileSync(file, 'partial');
    expect(removeLeftoverTemps(savePath).sort()).toEqual([...leftovers].sort());
    for (const file of keep) expect(existsSync(file)).toBe(true);
    expect(readSave(game, savePath).log.seed).toBe(1);
    // A save leaves no temporary file behind, and names its own with its pid and a mark of its own.
    writeSave(game, savePath, newLog(2));
    expect(readdirSync(dir).filter((n) => n.startsWith('rebel-missions.save.json') && n.endsWith('.tmp'))).toEqual([
      `rebel-missions.save.json.${alive}-abcdef01.tmp`,
    ]);
  });
});
