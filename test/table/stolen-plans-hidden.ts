// Stolen Plans through the table front end: nothing it emits may differ with a hand other than to
// that hand's seat. From states of random games (every mix of the sets the rules play) and the
// same states dealt differently where a seat cannot tell (the game's `determinize`), that seat's
// snapshot, the table's, and every line the JSON stream writes for either are the same: views with
// their card faces, prompts, whose move and the order people are asked in, the menus and their
// labels and hints, the quick window's countdown. stolen-plans-hidden.test.ts plays one game of each
// mix, stolen-plans-hidden.soak.ts three.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sampledChanceMove } from '../../host/engine/chance.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import type { SpMove, SpState } from '../../host/games/stolen-plans/state.ts';
import { stolenPlansEntry, stolenPlansTable } from '../../host/games/stolen-plans/table-entry.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost } from '../../host/table/host.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { CapturedOutput } from './support.ts';

const game = stolenPlansTable;

/** Every 9th state of a few random games of a mix. */
function statesOf(options: Record<string, boolean>, players: number, games: number): SpState[] {
  const states: SpState[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const random = randomFrom(seedRng(seed));
    let s = game.setup({ players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })), options }, seed).state;
    for (let step = 0; step < 2000 && s.winners === null; step++) {
      const top = s.stack.at(-1);
      const actor = top?.asked.find((a) => !top.answered.includes(a)) as string;
      const moves: readonly SpMove[] = top?.chance ? [sampledChanceMove(top.chance, s.rng)] : game.legalMoves(s, actor);
      const applied = game.apply(s, random.pick(moves));
      if (!applied.ok) throw new Error(applied.reason);
      s = applied.state;
      if (step % 9 === 4 && s.winners === null && !s.stack.at(-1)?.chance) states.push(s);
    }
  }
  return states;
}

/** A host holding `state` with people at every seat (so nothing moves by itself), on a clock that stands still. */
function hostAt(state: SpState) {
  const held = { ...game, setup: () => ({ state, events: [] }) };
  const seats = game.players(state).map((p) => ({ name: `name-${p}`, bot: null }));
  return TableHost.start({ ...stolenPlansEntry, game: held }, { seats, seed: 1 }, { savePath: null, clock: new ManualClock(0) }).host;
}

async function linesFor(host: ReturnType<typeof hostAt>, as: string | null, seat: string): Promise<string[]> {
  const input = new PassThrough();
  const output = new CapturedOutput();
  const ended = runTableJson(host, { input, output }, { as });
  setImmediate(() => input.end());
  await ended;
  // A quick window's countdown carries its deadline on the wall clock (when the line was written): the time, not a hand.
  return output.lines
    .filter((l) => {
      const r = JSON.parse(l) as Record<string, unknown>;
      return !('seat' in r) || r['seat'] === seat;
    })
    .map((l) => l.replace(/"deadline":"[^"]*"/g, '"deadline":"(wall clock)"'));
}

/** The check over `games` random games of each mix. */
export function frontEndHidesHands(games: number): void {
  describe('what the table front end emits in Stolen Plans does not depend on hands', () => {
    for (const [label, options, players] of [
      ['the base deck, 3 players', {}, 3],
      ['bonus cards and New Ruling, 4 players', { bonus: true, 'new-ruling': true }, 4],
      ['bonus cards, There is another! and R2-D2 Where Are You?, 3 players', { bonus: true, 'there-is-another': true, 'r2-d2-where-are-you': true }, 3],
      ['Rogue One with the bonus cards and the Additional Bonus Cards, 4 players', { 'rogue-one': true, bonus: true, 'additional-bonus': true }, 4],
    ] as const) {
      it(label, async () => {
        const random = randomFrom(seedRng(5));
        let compared = 0;
        let differentDeals = 0;
        for (const state of statesOf(options, players, games)) {
          for (const seat of game.players(state)) {
            const other = game.determinize(state, seat, random);
            if (JSON.stringify(other.hands) !== JSON.stringify(state.hands)) differentDeals++;
            const a = hostAt(state);
            const b = hostAt(other);
            expect(b.snapshot(seat)).toEqual(a.snapshot(seat));
            expect(b.snapshot(TABLE)).toEqual(a.snapshot(TABLE));
            expect(await linesFor(b, seat, seat)).toEqual(await linesFor(a, seat, seat));
            expect(await linesFor(b, null, seat)).toEqual(await linesFor(a, null, seat));
            await a.close();
            await b.close();
            compared++;
          }
        }
        expect(compared).toBeGreaterThan(10 * games);
        expect(differentDeals).toBeGreaterThan(compared / 3); // the unknown really was dealt differently
      }, 120_000);
    }
  });
}
