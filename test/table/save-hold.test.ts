// A game that cannot be saved (a full disk) is held: nothing more is played (people's moves are
// refused with the reason and what to do, bots wait) until a save succeeds, tried again with the
// next move sent and every few seconds; then play goes on and the save holds every move.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSave, useSaveWriter, type SaveWriter } from '../../host/engine/save.ts';
import { TableHost, type TableUpdate } from '../../host/table/host.ts';
import { TABLE } from '../../host/table/entry.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { ambushEntry } from './entries.ts';
import { CapturedOutput, typedInput } from './support.ts';
import { testTempDir } from '../support/temp-dir.ts';
import type { ReactionEvent, ReactionMove, ReactionView } from '../engine/reaction-toy.ts';

const seats = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: 'heuristic' },
  { name: 'Cy', bot: 'random' },
] as const;

/** A full disk: every write fails with ENOSPC. */
const FULL_DISK: SaveWriter = {
  write: () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  },
  fsync: () => undefined,
};

let restore: (() => void) | null = null;
const fillDisk = (): void => {
  restore = useSaveWriter(FULL_DISK);
};
const freeDisk = (): void => {
  restore?.();
  restore = null;
};
afterEach(freeDisk);

type Update = TableUpdate<ReactionMove, ReactionView, ReactionEvent>;

async function openHeld(retryMs: number) {
  const path = join(testTempDir('save-hold-'), 'ambush.json');
  const { host } = TableHost.start(ambushEntry, { seats, seed: 5 }, { savePath: path, saveRetryMs: retryMs });
  const updates: Update[] = [];
  host.subscribe(TABLE, (u) => updates.push(u));
  const seat: Update[] = [];
  host.subscribe('p1', (u) => seat.push(u));
  // Ana's first turn (the bots play until she is asked).
  for (let i = 0; i < 50 && host.snapshot('p1').moves.length === 0; i++) await host.settled();
  const first = host.snapshot('p1').moves[0];
  expect(first).toBeDefined();
  fillDisk();
  expect(host.submit('p1', first).ok).toBe(true);
  await host.settled();
  return { host, path, updates, seat };
}

describe('a game that cannot be saved is held', () => {
  it('after the move that could not be saved, nothing is played: bots wait, moves are refused with the reason, every page is told', async () => {
    const { host, updates, seat } = await openHeld(1_000_000);
    const movesThen = host.log.moves.length;
    const failed = updates.filter((u) => u.kind === 'save-failed');
    expect(failed).toHaveLength(1);
    expect((failed[0] as { message: string }).message).toMatch(/could not be saved to .*ambush\.json \(.*disk is full.*\); play is held until it can be saved/);
    const table = host.snapshot(TABLE);
    expect(table.held).toMatch(/^the game could not be saved \(the disk is full\): nothing is played until it is\. To go on, free some space on that disk/);
    // Every page gets the held reason: it names no file of the computer's (the save-failed update does, for its own terminal).
    expect(table.held).not.toMatch(/ambush|\.json|\//);
    expect(table.prompt).toBe(table.held);
    expect(host.snapshot('p1').moves).toEqual([]);
    expect(host.snapshot('p1').held).toBe(table.held);
    // The bots wait, however long.
    await host.settled();
    expect(host.log.moves.length).toBe(movesThen);
    // A move sent meanwhile tries the save again (the disk is still full): refused with the reason, nothing changes.
    const answer = host.submit('p1', { actor: 'p1', type: 'pass' });
    expect(answer).toEqual({ ok: false, reason: table.held });
    expect(seat.some((u) => u.kind === 'rejected' && u.reason === table.held)).toBe(true);
    expect(host.log.moves.length).toBe(movesThen);
    expect(updates.filter((u) => u.kind === 'save-failed')).toHaveLength(1);
    await host.close();
  });

  it('the next move sent once the disk has room saves the game and play goes on; the save holds every move', async () => {
    const { host, path, updates } = await openHeld(1_000_000);
    const movesThen = host.log.moves.length;
    freeDisk();
    // Whatever the move (here one out of turn), sending it saves first; then the rules judge it.
    host.submit('p1', { actor: 'p1', type: 'no such move' });
    expect(host.snapshot(TABLE).held).toBeNull();
    expect(updates.some((u) => u.kind === 'note' && /the game is saved again .*: play goes on/.test(u.text))).toBe(true);
    await host.settled();
    expect(host.log.moves.length).toBeGreaterThan(movesThen);
    expect(readSave(ambushEntry.game, path).log.moves).toEqual(host.log.moves);
    await host.close();
  });

  it('with nobody sending a move, the save is tried again by itself and play goes on once it succeeds', async () => {
    const { host, path } = await openHeld(20);
    const movesThen = host.log.moves.length;
    expect(host.snapshot(TABLE).held).not.toBeNull();
    freeDisk();
    await vi.waitFor(() => expect(host.snapshot(TABLE).held).toBeNull(), { timeout: 10_000, interval: 20 });
    await host.settled();
    expect(host.log.moves.length).toBeGreaterThan(movesThen);
    expect(readSave(ambushEntry.game, path).log.moves).toEqual(host.log.moves);
    await host.close();
  });

  it('the JSON stream carries held on its lines while the game cannot be saved, then goes on', async () => {
    const path = join(testTempDir('save-hold-json-'), 'ambush.json');
    fillDisk();
    const { host } = TableHost.start(ambushEntry, { seats, seed: 5 }, { savePath: path, saveRetryMs: 1_000_000 });
    const output = new CapturedOutput();
    const input = typedInput();
    const ended = runTableJson(host, { input, output }, { as: null });
    const records = (): Record<string, unknown>[] => output.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    await vi.waitFor(() => expect(records().some((r) => r['type'] === 'table' && typeof r['held'] === 'string')).toBe(true), { timeout: 10_000 });
    const held = records().find((r) => r['type'] === 'table' && typeof r['held'] === 'string');
    expect(held?.['held']).toMatch(/^the game could not be saved \(.*disk is full.*\): nothing is played until it is/);
    expect(held?.['prompt']).toBe(held?.['held']);
    freeDisk();
    host.submit('p1', { actor: 'p1', type: 'no such move' });
    await vi.waitFor(() => expect(records().some((r) => r['type'] === 'note' && /saved again/.test(String(r['text'])))).toBe(true), { timeout: 10_000 });
    input.end('quit\n');
    await ended;
    await host.close();
  });
});
