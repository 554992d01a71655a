// Saves of the older companion (save format versions 1 and 2, whole moves with the deals drawn
// inside them, the bots in `table.bots` or no table at all when every seat was a person) are
// converted when opened on the table front end: the moves into the table game's steps and deals
// (`stepLogOf`), the seats' names from the saved configuration, the bots on their seats with their
// bot and random state, the file as it was kept beside it. A table part of neither shape is
// refused, saying what to do, and nothing is changed.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { newBotRng, savedSeatsOf } from '../../host/cli/saved-seats.ts';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import { canonicalJson, encodeSave, readSave, writeSave } from '../../host/engine/save.ts';
import { startMatch } from '../../host/engine/log.ts';
import { rebelMissions } from '../../host/games/rebel-missions/index.ts';
import { secretInvasion, stepLogOf } from '../../host/games/secret-invasion/game.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { saveShapeOf } from '../../host/table/save-shape.ts';
import { memoryIo } from './cli-process.ts';
import { tempSavePath } from './secret-invasion-support.ts';

const SAVE_GAME = saveShapeOf(secretInvasionTable);
/** The older companion's shape, which reads its saves (whole moves, the deals drawn inside them). */
const OLDER = secretInvasion;
const FIXTURE = new URL('../games/fixtures/secret-invasion-save-v2.json', import.meta.url);

const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** `--resume --json --no-timer` on `save` with no input: the start, then the stop at the first person's prompt. */
async function resumeJson(save: string, extra: string[] = []): Promise<{ code: number; lines: Record<string, unknown>[]; err: string }> {
  const { io, out, err } = memoryIo('');
  const code = await runCli(['play', 'secret-invasion', '--resume', '--json', '--no-timer', '--bot-delay', '0', '--save', save, ...extra], io);
  return { code, lines: code === 0 ? jsonLines(out()) : [], err: err() };
}

describe("an older companion's Secret Invasion save", () => {
  it('version 2 with its bots: converted (seats, the bot, its random state), the old file kept as the backup, and play goes on', async () => {
    const save = tempSavePath();
    copyFileSync(FIXTURE, save);
    const original = readFileSync(save, 'utf8');
    const before = readSave(OLDER, save);
    expect(before.table).toEqual({ bots: { seats: ['p2'], kind: 'tracking', rng: [1, 2, 3, 4] } });
    const steps = stepLogOf(before.log).moves;

    const { code, lines } = await resumeJson(save);
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({
      type: 'start',
      resumed: true,
      players: [
        { id: 'p1', name: 'Ana', bot: null },
        { id: 'p2', name: 'Ben', bot: 'tracking' },
        { id: 'p3', name: 'Cal', bot: null },
      ],
    });
    expect(lines.filter((l) => l.type === 'note').map((l) => l.text)).toContainEqual(
      `${save} was saved by the older companion: its moves are converted to this version's, its seats and bots carried over, and the file as it was is kept as ${save}.older-format.json.`,
    );
    expect(readFileSync(`${save}.older-format.json`, 'utf8')).toBe(original);
    const after = readSave(SAVE_GAME, save);
    expect(after.log.moves.slice(0, steps.length)).toEqual(steps);
    expect(after.state.round).toBe(before.state.round);
    const table = after.table as { seats: unknown; botRng: number[]; chance: string };
    expect(table.seats).toEqual([
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: 'tracking' },
      { name: 'Cal', bot: null },
    ]);
    expect(table.chance).toBe('sample');
    // The bots' stream goes on from the saved state: unchanged until the bot moves.
    if (after.log.moves.length === steps.length) expect(table.botRng).toEqual([1, 2, 3, 4]);

    // Converted once: the next resume reads the table front end's own part.
    const again = await resumeJson(save);
    expect(again.code).toBe(0);
    expect(again.lines.filter((l) => l.type === 'note' && String(l.text).includes('older companion'))).toEqual([]);
  });

  it('version 2 with --bots: the seats given replace the saved ones', async () => {
    const save = tempSavePath();
    copyFileSync(FIXTURE, save);
    const { code, lines } = await resumeJson(save, ['--bots', 'Ana,Cal', '--bot', 'random']);
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({
      players: [
        { name: 'Ana', bot: 'random' },
        { name: 'Ben', bot: null },
        { name: 'Cal', bot: 'random' },
      ],
    });
  });

  it('version 1 (no table: the bots were given again with --bots): converted with a fresh bot stream, saying so', async () => {
    const save = tempSavePath();
    const fixture = readSave(OLDER, FIXTURE.pathname);
    const body = { format: 'imperial-timer-save', version: 1, gameId: 'secret-invasion', savedAt: '2026-11-01T10:00:00.000Z', log: fixture.log };
    const checksum = createHash('sha256').update(canonicalJson(body)).digest('hex');
    writeFileSync(save, JSON.stringify({ ...body, checksum }, null, 2));

    const people = await resumeJson(save);
    expect(people.code).toBe(0);
    expect(people.lines[0]).toMatchObject({ players: [{ bot: null }, { bot: null }, { bot: null }] });
    expect((readSave(SAVE_GAME, save).table as { botRng: unknown }).botRng).toEqual([...newBotRng(fixture.log.seed)]);

    const save1 = tempSavePath();
    writeFileSync(save1, JSON.stringify({ ...body, checksum }, null, 2));
    const withBots = await resumeJson(save1, ['--bots', 'Cal']);
    expect(withBots.code).toBe(0);
    expect(withBots.lines[0]).toMatchObject({ players: [{ bot: null }, { bot: null }, { bot: 'tracking' }] });
    expect(withBots.lines.filter((l) => l.type === 'note').map((l) => String(l.text))).toContainEqual(
      expect.stringMatching(/was written by an older version, which did not keep the bots' random state/),
    );
  });

  it('a table part of neither shape is refused, saying what to do, and the file is left as it was', async () => {
    const save = tempSavePath();
    const fixture = readSave(OLDER, FIXTURE.pathname);
    writeFileSync(save, encodeSave(OLDER, fixture.log, '2026-11-30T20:00:00.000Z', { robots: ['p2'] }));
    const text = readFileSync(save, 'utf8');
    const { code, err } = await resumeJson(save);
    expect(code).toBe(1);
    expect(err).toMatch(/cannot resume: .* holds a table part this companion does not know \(.*\)\. Start a new game with --new/);
    expect(readFileSync(save, 'utf8')).toBe(text);

    writeFileSync(save, encodeSave(OLDER, fixture.log, '2026-11-30T20:00:00.000Z', { bots: { seats: ['p7'], rng: [1, 2, 3, 4] } }));
    const seat = await resumeJson(save);
    expect(seat.code).toBe(1);
    expect(seat.err).toMatch(/has the bots play seat "p7", which is not at the table \(p1, p2, p3\)/);
  });
});

describe("an older companion's Rebel Missions save", () => {
  it('has its seats and bots converted the same way (the bot of the game by default, the saved random state)', () => {
    const save = tempSavePath();
    const match = startMatch(
      rebelMissions,
      {
        players: [
          { name: 'Ana', profile: 'hera' },
          { name: 'Ben', profile: 'zeb' },
        ],
      },
      8,
    );
    writeSave(rebelMissions, save, match.log, { table: { bots: { seats: ['p2'], rng: [5, 6, 7, 8] } } });
    const saved = readSave(rebelMissions, save);
    const facts = {
      title: 'Star Wars: Rebel Missions',
      bots: ['random', 'rebel'],
      defaultBot: 'rebel',
      seatIds: ['p1', 'p2'],
      config: saved.log.config,
      seed: 8,
    };
    const seats = savedSeatsOf(facts, saved.table, saved.version, save);
    expect(seats).toMatchObject({
      seats: [
        { name: 'Ana', bot: null },
        { name: 'Ben', bot: 'rebel' },
      ],
      botRng: [5, 6, 7, 8],
      chance: 'sample',
      converted: true,
    });
    // A table of other seats than the game's is refused.
    expect(() => savedSeatsOf({ ...facts, seatIds: ['p1'] }, saved.table, saved.version, save)).toThrow(CommandFailure);
  });
});
