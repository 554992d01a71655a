// The Stolen Plans bots' whole-game runs, over a list of seeds: a few in bots.test.ts (npm test),
// every seed of test/soak-seeds.json in bots.soak.ts (npm run soak).
import { expect } from 'vitest';
import { playTable, type TableBot } from '../../../host/engine/table-play.ts';
import { spBots } from '../../../host/games/stolen-plans/bots.ts';
import { cardAccountingProblems, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove, SpState, SpView } from '../../../host/games/stolen-plans/state.ts';

const cfg = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] };

/** "Well above a third": the share of its games the hunter must win against two random bots (140 of 300). */
export const HUNTER_WINS_ABOVE = 140 / 300;

/** The games `strong` wins against two random bots, one game a seed, its seat moving round; a rejected move or an unfinished game fails. */
export function winsAgainstRandom(strong: () => TableBot<SpState, SpMove, SpView>, seeds: readonly number[]): number {
  let wins = 0;
  for (const seed of seeds) {
    const seat = `p${1 + (seed % 3)}`;
    const seating: Record<string, TableBot<SpState, SpMove, SpView>> = { p1: spBots.random(), p2: spBots.random(), p3: spBots.random() };
    seating[seat] = strong();
    const played = playTable(stolenPlans, cfg, seed, seating, { maxSteps: 10_000 });
    expect(played.stopped, `seed ${seed}`).toBeUndefined();
    if (played.result.finished && played.result.winners.includes(seat)) wins++;
  }
  return wins;
}

/** Every supported set and option: hunters and random bots (the search bot too at seeds 1 to 3), 3 to 5 players; every game ends with every card accounted for. */
export function playEverySet(seeds: readonly number[]): void {
  const options = {
    bonus: true,
    'include-lose-the-game': true,
    'include-pass-a-card': true,
    'include-student-of-the-force': true,
    'starting-resources': true,
    'additional-resources': true,
    'additional-bonus': true,
    'new-ruling': true,
    'rogue-one': true,
  };
  for (const seed of seeds) {
    const n = 3 + (seed % 3);
    const config = { players: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}` })), options };
    const seating: Record<string, TableBot<SpState, SpMove, SpView>> = {};
    for (let i = 1; i <= n; i++) seating[`p${i}`] = i % 2 === 1 ? spBots.hunter() : spBots.random();
    // A few games seat the search bot too: its determinized states hold the new cards and windows.
    if (seed <= 3) seating.p2 = spBots.search({ timeMs: null, iterations: 4 });
    const played = playTable(stolenPlans, config, seed, seating, { maxSteps: 20_000 });
    expect(played.result.finished, `seed ${seed}`).toBe(true);
    expect(cardAccountingProblems(played.state), `seed ${seed}`).toEqual([]);
  }
}
