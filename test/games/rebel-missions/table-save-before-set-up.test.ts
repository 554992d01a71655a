// Saves of the table front end written before Rebel Missions' set-up was a chance move (by the
// program of that time, through its TableHost on the virtual timer:
// fixtures/table-save-v2.json, two codes in, with its state beside it, and
// fixtures/table-save-v2-awaiting-start.json, set up and waiting for START). Their logs start
// with the timer's START: the deal was made inside `setup` from the seed.
// - Handed to the table game as they are, they do not replay (the set-up is waited for).
// - `upgradeOldSave` (and so `TableHost.resume`, through the entry's `upgradeSave`, and `play`)
//   writes that deal, as the seed made it then, as the two set-up moves at the head of the log:
//   the game is the very state the old program saved (hands, piles in their order, placards,
//   codes, time and the generator), the file as it was kept beside it.
// - A save of no moves gets the deal the seed made then, silently (the placard shown face up
//   before START stays the one shown).
// - `play rebel-missions --resume` does it before it opens the save, and says so.
// - One that cannot be carried on here (dealt from a pack not given, or damaged) is left as it is,
//   and resuming it says what it is and what to do.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../host/cli/imperial-timer.ts';
import { encodeSave, readSave } from '../../../host/engine/save.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { componentsWithPack } from '../../../host/games/rebel-missions/components.ts';
import { createRebelMissions, rebelMissions } from '../../../host/games/rebel-missions/game.ts';
import type { RebelMissionsConfig, RebelTableMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import type { GameLog } from '../../../host/engine/log.ts';
import { dealtInSetUp, oldFormatPathOf, upgradeOldSave } from '../../../host/games/rebel-missions/old-save.ts';
import { dealFromSeed } from '../../../host/games/rebel-missions/setup.ts';
import { createRebelMissionsEntry, rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { saveShapeOf } from '../../../host/table/save-shape.ts';
import { testTempDir } from '../../support/temp-dir.ts';
import { memoryIo } from '../../companion/cli-process.ts';
import { catalog } from './fixtures.ts';

const fixturePath = (name: string): string => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const savedState = (name: string): RebelTableState => JSON.parse(readFileSync(fixturePath(name), 'utf8')) as RebelTableState;

/** A copy of a fixture at a save's place of its own. */
function copied(name: string): string {
  const path = join(testTempDir('rm-before-set-up-'), 'rebel-missions.save.json');
  copyFileSync(fixturePath(name), path);
  return path;
}

const shape = saveShapeOf(entry.game);

describe('a table save of Rebel Missions from before the set-up was a chance move', () => {
  it('as it is, its log does not replay under the table game: the set-up is waited for', () => {
    const path = copied('table-save-v2.json');
    expect(() => readSave(shape, path, { mentionBackup: false })).toThrow(
      /does not replay under the rules of "rebel-missions": move 1 of \d+ \(\{"actor":"timer","type":"start","leftMs":720000\}\) was rejected: waiting for the set-up: the tokens to be mixed/,
    );
    // It is a good save of the rules as they were: dealt inside set-up from the seed.
    expect(readSave(dealtInSetUp(entry, rebelMissions), path, { mentionBackup: false }).state).toEqual(savedState('table-save-v2.state.json'));
  });

  it('is brought over in place: the deal the seed made then as the two set-up moves, the very state it saved (the generator too), the file as it was kept', () => {
    const path = copied('table-save-v2.json');
    const before = readFileSync(path, 'utf8');
    const oldLog = (JSON.parse(before) as { log: { moves: unknown[] } }).log;
    const note = upgradeOldSave(path, entry);
    expect(note).toMatch(/was saved by an earlier version, whose set-up was not a move: the deal it made from the seed is written into its log now/);
    expect(note).toContain(oldFormatPathOf(path));
    expect(readFileSync(oldFormatPathOf(path), 'utf8')).toBe(before);
    const loaded = readSave(shape, path, { mentionBackup: false });
    expect(loaded.state).toEqual(savedState('table-save-v2.state.json'));
    expect(loaded.table).toEqual((JSON.parse(before) as { table: unknown }).table);
    // The log: the two set-up shuffles (the orders dealFromSeed draws, as positions in catalog order), then the old moves as they were.
    const deal = dealFromSeed(catalog, loaded.log.seed);
    expect(loaded.log.moves.slice(0, 2)).toEqual([
      { actor: 'chance', type: 'chance', outcome: deal.tokens },
      { actor: 'chance', type: 'chance', outcome: deal.placards },
    ]);
    expect(loaded.log.moves.slice(2)).toEqual(oldLog.moves);
    expect(upgradeOldSave(path, entry)).toBeNull(); // once is enough
  });

  it('TableHost.resume brings it over itself (the browser companion resumes this way): the same table, the seats kept, and it goes on', async () => {
    const path = copied('table-save-v2.json');
    const { host, notes } = TableHost.resume(entry, { savePath: path });
    try {
      expect(notes.join('\n')).toMatch(/saved by an earlier version, whose set-up was not a move/);
      expect(host.state).toEqual(savedState('table-save-v2.state.json'));
      expect(host.seats.map((s) => [s.name, s.bot])).toEqual([
        ['Ana', 'cooperative'],
        ['Ben', 'cooperative'],
        ['Cy', 'random'],
      ]);
      // It waits for the timer's answer to the code asked for, and takes it.
      expect(host.state.stage).toBe('enter-code');
      expect(toMove(entry.game, host.state)).toEqual(['timer']);
      const answered = entry.game.apply(host.state, { actor: 'timer', type: 'buzz', reason: 'decoy' });
      expect(answered.ok).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('one of no moves (set up, waiting for START) gets the deal the seed made then, silently: the placard face up stays the one shown', async () => {
    const path = copied('table-save-v2-awaiting-start.json');
    const saved = savedState('table-save-v2-awaiting-start.state.json');
    const { host, notes } = TableHost.resume(entry, { savePath: path });
    try {
      expect(notes).toEqual([]);
      expect(existsSync(oldFormatPathOf(path))).toBe(false);
      expect(host.state).toEqual(saved);
      expect(host.log.moves.map((m) => m.actor)).toEqual(['chance', 'chance']);
      expect(host.snapshot(TABLE).view.placard?.id).toBe(saved.placard);
    } finally {
      await host.close();
    }
  });

  it('one dealt from a pack not given is left as it is, and resuming it says to give the pack; with the pack it is brought over', () => {
    const packJson = JSON.parse(readFileSync(new URL('../../../firmware/pack/rebel-missions.json', import.meta.url), 'utf8')) as {
      placards: { name: string }[];
    };
    for (const p of packJson.placards) p.name = `Our ${p.name}`;
    const identity = { name: 'Our placards', file: 'our-placards.json', sum: '0abc' };
    const components = componentsWithPack(packJson, 'our-placards.json');
    const packEntry = createRebelMissionsEntry(components, identity);
    const packOld = createRebelMissions(components, identity);
    const config = packEntry.configFor(['Ana', 'Ben'], {});
    const log = { gameId: 'rebel-missions', config, seed: 5, moves: [{ actor: 'timer', type: 'start', leftMs: 600_000 } as const] };
    const path = join(testTempDir('rm-before-set-up-pack-'), 'rebel-missions.save.json');
    const text = encodeSave(dealtInSetUp(packEntry, packOld), log, '2026-11-30T20:00:00.000Z', {
      seats: [
        { name: 'Ana', bot: null },
        { name: 'Ben', bot: null },
      ],
      botRng: [1, 2, 3, 4],
      chance: 'sample',
    });
    writeFileSync(path, text);
    expect(upgradeOldSave(path, entry)).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(() => TableHost.resume(entry, { savePath: path })).toThrow(
      /dealt from the placards of "Our placards" \(our-placards.json\): play it with --pack our-placards.json/,
    );
    expect(existsSync(oldFormatPathOf(path))).toBe(false);
    expect(upgradeOldSave(path, packEntry, packOld)).toMatch(/saved by an earlier version/);
    expect(readSave(saveShapeOf(packEntry.game), path, { mentionBackup: false }).state.stage).toBe('roll');
  });

  it('a damaged one (a move its rules refuse) is left as it is: resuming it says it does not replay', () => {
    const path = copied('table-save-v2.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { log: GameLog<RebelMissionsConfig, RebelTableMove>; table: Record<string, unknown> };
    const moves = [...file.log.moves];
    moves[3] = { actor: 'p2', type: 'end-turn' }; // not p2's turn
    const text = encodeSave(dealtInSetUp(entry, rebelMissions), { ...file.log, moves }, '2026-11-30T20:00:00.000Z', file.table);
    writeFileSync(path, text);
    expect(upgradeOldSave(path, entry)).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(() => TableHost.resume(entry, { savePath: path })).toThrow(/does not replay under the rules of "rebel-missions"/);
  });
});

describe('play rebel-missions --resume on a table save from before the set-up was a move', () => {
  it('brings it over before it opens it, says so, and resumes the same game', async () => {
    const path = copied('table-save-v2.json');
    const oldMoves = (JSON.parse(readFileSync(path, 'utf8')) as { log: { moves: unknown[] } }).log.moves;
    const { io, out, err } = memoryIo();
    // Ana and Ben played by people here (the input ends at once: the stream stops at their first prompt).
    const code = await runCli(['play', 'rebel-missions', '--resume', '--json', '--save', path, '--bot-delay', '0', '--bots', 'Cy'], io);
    expect(err()).not.toMatch(/imperial-timer:/);
    expect(code).toBe(0);
    const lines = out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'start', resumed: true });
    expect(lines.filter((l) => l.type === 'note').map((l) => String(l.text))).toContainEqual(
      expect.stringMatching(/was saved by an earlier version, whose set-up was not a move: the deal it made from the seed is written into its log now/),
    );
    expect(existsSync(oldFormatPathOf(path))).toBe(true);
    const after = readSave(shape, path, { mentionBackup: false }).log.moves;
    expect(after.slice(0, 2).map((m) => m.actor)).toEqual(['chance', 'chance']);
    expect(after.slice(2, 2 + oldMoves.length)).toEqual(oldMoves);
  });
});
