// The table host's saves: written after every move (the engine's atomic, checksummed save), a
// resumed match goes on exactly as the uninterrupted one (the bots' random stream is saved too),
// one program at a time (the lock), a damaged save falls back to its backup, a save of another
// front end is refused with what to do, and a new game never overwrites an unfinished one.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSave, writeSave } from '../../host/engine/save.ts';
import { SaveLockedError } from '../../host/engine/save-lock.ts';
import { TableHost } from '../../host/table/host.ts';
import { TABLE } from '../../host/table/entry.ts';
import { ambushEntry, gambitEntry } from './entries.ts';
import { testTempDir } from '../support/temp-dir.ts';
import type { ReactionEvent, ReactionMove, ReactionState, ReactionView } from '../engine/reaction-toy.ts';
import type { TableConfig } from '../../host/engine/table-game.ts';

const seats = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: 'heuristic' },
  { name: 'Cy', bot: 'random' },
] as const;

/** Ana's moves: the first legal one each time (a person who always takes the first menu entry). */
async function playAna(host: TableHost<TableConfig, ReactionState, ReactionMove, ReactionView, ReactionEvent>, limit: number): Promise<void> {
  for (let i = 0; i < limit && !host.result.finished; i++) {
    await host.settled();
    const moves = host.snapshot('p1').moves;
    if (moves.length === 0) continue;
    expect(host.submit('p1', moves[0]).ok).toBe(true);
  }
  await host.settled();
}

describe('table saves', () => {
  it('saves after every move (once it is sent); a resumed match goes on exactly as the uninterrupted one', async () => {
    const dir = testTempDir('table-save-');
    const path = join(dir, 'ambush.json');
    const whole = TableHost.start(ambushEntry, { seats, seed: 12 }, { savePath: null }).host;
    await playAna(whole, 10_000);
    expect(whole.result.finished).toBe(true);

    const first = TableHost.start(ambushEntry, { seats, seed: 12 }, { savePath: path, command: 'test' }).host;
    let saves = 0;
    first.subscribe(TABLE, (u) => {
      if (u.kind === 'snapshot') {
        // A move is sent to everyone, then written (nobody waits on the disk): every move before it is saved.
        const saved = readSave(ambushEntry.game, path).log.moves;
        expect(saved).toEqual(first.log.moves.slice(0, saved.length));
        expect(saved.length).toBeGreaterThanOrEqual(first.log.moves.length - 1);
        saves++;
      }
    });
    await playAna(first, 3);
    expect(saves).toBeGreaterThan(3);
    expect(readSave(ambushEntry.game, path).log.moves).toEqual(first.log.moves);
    const movesSoFar = first.log.moves.length;
    await first.close();

    const { host: resumed, notes } = TableHost.resume(ambushEntry, { savePath: path });
    expect(notes).toEqual([]);
    expect(resumed.log.moves).toHaveLength(movesSoFar);
    expect(resumed.seats.map((s) => [s.id, s.name, s.bot])).toEqual([
      ['p1', 'Ana', null],
      ['p2', 'Ben', 'heuristic'],
      ['p3', 'Cy', 'random'],
    ]);
    await playAna(resumed, 10_000);
    expect(resumed.log).toEqual(whole.log);
    expect(resumed.state).toEqual(whole.state);
    await resumed.close();
  });

  it('one program at a time: a second opening of the same save is refused while the first holds it', async () => {
    const dir = testTempDir('table-lock-');
    const path = join(dir, 'gambit.json');
    const { host } = TableHost.start(
      gambitEntry,
      {
        seats: [
          { name: 'A', bot: null },
          { name: 'B', bot: null },
        ],
        seed: 1,
      },
      { savePath: path, command: 'play gambit' },
    );
    expect(() => TableHost.resume(gambitEntry, { savePath: path })).toThrow(SaveLockedError);
    expect(() =>
      TableHost.start(
        gambitEntry,
        {
          seats: [
            { name: 'A', bot: null },
            { name: 'B', bot: null },
          ],
          seed: 2,
        },
        { savePath: path },
      ),
    ).toThrow(/play gambit/);
    await host.close();
    const again = TableHost.resume(gambitEntry, { savePath: path });
    expect(again.host.log.seed).toBe(1);
    await again.host.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("a damaged save falls back to its backup and says so; a save without the table's part is refused as an older format, saying what --new does", async () => {
    const dir = testTempDir('table-damaged-');
    const path = join(dir, 'ambush.json');
    const { host } = TableHost.start(ambushEntry, { seats, seed: 3 }, { savePath: path });
    await playAna(host, 2);
    const moves = host.log.moves.length;
    await host.close();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"seed"', '"sead"'));
    const { host: fromBackup, notes } = TableHost.resume(ambushEntry, { savePath: path });
    expect(notes.join('\n')).toMatch(/carrying on from the backup/);
    expect(fromBackup.log.moves.length).toBeLessThan(moves);
    expect(fromBackup.log.moves.length).toBeGreaterThan(0);
    await fromBackup.close();

    const other = join(dir, 'other.json');
    writeSave(
      ambushEntry.game,
      other,
      { gameId: 'ambush', config: { players: [{ name: 'A' }, { name: 'B' }] }, seed: 1, moves: [] },
      { table: { bots: { seats: [] } } },
    );
    expect(() => TableHost.resume(ambushEntry, { savePath: other })).toThrow(
      /other\.json is a save in an older format \(its table part seats: .*\): this version of the Imperial Timer cannot continue it\. Start a new game with --new; the old file is then kept under a name of its own/,
    );
    expect(existsSync(`${other}.lock`)).toBe(false);
    expect(() => TableHost.resume(ambushEntry, { savePath: join(dir, 'none.json') })).toThrow(/there is no save file at/);
  });

  it('a new game at the place of an unfinished one keeps the unfinished one and says where', async () => {
    const dir = testTempDir('table-keep-');
    const path = join(dir, 'ambush.json');
    const { host } = TableHost.start(ambushEntry, { seats, seed: 3 }, { savePath: path });
    await playAna(host, 2);
    await host.close();
    const next = TableHost.start(ambushEntry, { seats, seed: 4 }, { savePath: path });
    expect(next.notes.join('\n')).toMatch(/the unfinished game that was saved at .*ambush\.json is kept at .*kept-/);
    await next.host.close();
  });
});

describe('a save that cannot be written', () => {
  it('is said to everyone once, and play is held with the reason (save-hold.test.ts has the rest)', async () => {
    const { rmSync } = await import('node:fs');
    const dir = testTempDir('table-unwritable-');
    const path = join(dir, 'ambush.json');
    const { host } = TableHost.start(ambushEntry, { seats, seed: 3 }, { savePath: path });
    const failures: string[] = [];
    host.subscribe(TABLE, (u) => u.kind === 'save-failed' && failures.push(u.message));
    rmSync(dir, { recursive: true, force: true });
    await host.settled();
    const movesThen = host.log.moves.length;
    await playAna(host, 3);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^the game could not be saved to .*ambush\.json \(.+\); play is held until it can be saved \(the last move is kept, not yet saved\)$/,
    );
    expect(host.snapshot(TABLE).held).toMatch(/make sure the save folder is there and may be written/);
    expect(host.log.moves.length).toBeLessThanOrEqual(movesThen + 1);
    await host.close();
  });
});
