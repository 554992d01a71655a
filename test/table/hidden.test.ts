// Nothing the table front end emits may differ with a hand other than to that hand's seat: from a
// state and another dealt differently where a player cannot tell (the game's `determinize`), that
// player's snapshot, the table's, and every line the JSON stream writes for either are the same
// (whose move, the order people are asked in, the menus, the prompts, a quick window's countdown).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { MoveBase } from '../../host/engine/table-game.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { CHANCE } from '../../host/engine/decisions.ts';
import { toMove, type HiddenTableGame } from '../../host/engine/table-game.ts';
import { playTable, randomTableBot, type TableBot } from '../../host/engine/table-play.ts';
import { TABLE, type TableEntry } from '../../host/table/entry.ts';
import { TableHost } from '../../host/table/host.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { ambushEntry, gambitEntry, secretInvasionEntry } from './entries.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { CapturedOutput } from './support.ts';

/**
 * The states of a few random games (every 3rd, to keep it short), but for those waiting on
 * chance: the host draws that outcome at once from the state's generator, which `determinize`
 * replaces (nobody knows how the cards will fall), and people are never shown such a state.
 */
function statesOf<Config, State, Move extends MoveBase, View, Event>(
  game: HiddenTableGame<Config, State, Move, View, Event>,
  config: Config,
  games: number,
): State[] {
  const states: State[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const bot = randomTableBot<State, Move, View>();
    const seating: Record<string, TableBot<State, Move, View>> = {};
    const first = game.setup(config, seed).state;
    for (const p of game.players(first)) seating[p] = bot;
    let i = 0;
    playTable(game, config, seed, seating, {
      maxSteps: 400,
      check: ({ after }) => {
        if (i++ % 3 === 0 && !toMove(game, after).includes(CHANCE)) states.push(after);
        return [];
      },
    });
  }
  return states;
}

/** A host holding `state` with people at every seat (so nothing moves by itself), on a clock standing still (a quick window counts alike in both). */
function hostAt<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, state: State) {
  const game = { ...entry.game, setup: () => ({ state, events: [] }) } as typeof entry.game;
  const seats = entry.game.players(state).map((p) => ({ name: `name-${p}`, bot: null }));
  return TableHost.start({ ...entry, game }, { seats, seed: 1 }, { savePath: null, clock: new ManualClock(0) }).host;
}

async function linesFor<Config, State, Move extends MoveBase, View, Event>(
  host: TableHost<Config, State, Move, View, Event>,
  as: string | null,
  seat: string,
): Promise<string[]> {
  const input = new PassThrough();
  const output = new CapturedOutput();
  const ended = runTableJson(host, { input, output }, { as });
  setImmediate(() => input.end());
  await ended;
  // The public stream: its lines for everyone, and those for `seat`.
  return output.lines.filter((l) => {
    const r = JSON.parse(l) as Record<string, unknown>;
    return !('seat' in r) || r['seat'] === seat;
  });
}

function check<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, config: Config) {
  return async (): Promise<void> => {
    const game = entry.game;
    if (!game.hidden) throw new Error('a hidden game is needed');
    const random = randomFrom(seedRng(5));
    let compared = 0;
    let differentDeals = 0;
    for (const state of statesOf(game, config, 4)) {
      for (const seat of game.players(state)) {
        const other = game.determinize(state, seat, random);
        if (JSON.stringify(other) !== JSON.stringify(state)) differentDeals++;
        const a = hostAt(entry, state);
        const b = hostAt(entry, other);
        expect(b.snapshot(seat)).toEqual(a.snapshot(seat));
        expect(b.snapshot(TABLE)).toEqual(a.snapshot(TABLE));
        // The open quick window a pass-and-play front end times each person by (kind, length, number).
        expect(b.openWindow()).toEqual(a.openWindow());
        expect(await linesFor(b, seat, seat)).toEqual(await linesFor(a, seat, seat));
        expect(await linesFor(b, null, seat)).toEqual(await linesFor(a, null, seat));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect(differentDeals).toBeGreaterThan(compared / 3); // the unknown really was dealt differently
  };
}

describe('what the table front end emits does not depend on hands', () => {
  it('Ambush (reaction windows)', check(ambushEntry, { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }), 60_000);
  it(
    'Ambush with quick windows (the countdown in snapshots and lines)',
    check(ambushEntry, { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], options: { 'quick-seconds': 5 } }),
    60_000,
  );
  it('Gambit (simultaneous plans)', check(gambitEntry, { players: [{ name: 'A' }, { name: 'B' }] }), 60_000);
  it('Secret Invasion', check(secretInvasionEntry, { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }), 60_000);
});
