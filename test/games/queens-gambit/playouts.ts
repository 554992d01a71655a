// The Queen's Gambit's random playouts (the engine's fuzzTable) and its hidden-information check
// (checkHiddenInformation), one game a seed: a playout's seed 100 n + k and a hidden-information
// seed 1000 n + k play n players. table-game.test.ts plays a few seeds, table-game.soak.ts every one.
// Also the judge as oracle and the playouts with the other options, a few games in
// table-game.test.ts, more in table-game.soak.ts.
import { expect } from 'vitest';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../../host/engine/table-check.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import { accountingProblems } from '../../../host/games/queens-gambit/rules.ts';
import { candidates, tableOf } from './play-helpers.ts';

/** The players of seed 100 n + k: n, 2 or 4; another seed is an error. */
export function playersOfSeed(seed: number): 2 | 4 {
  const players = Math.floor(seed / 100);
  if (players !== 2 && players !== 4) throw new Error(`seed ${seed} names no Queen's Gambit playout: 100 n + k plays n players, 2 or 4`);
  return players;
}

/** Every seed's random playout keeps the contract, accounts for every card and piece after every move, and ends. */
export function randomPlayoutsHold(seeds: readonly number[]): void {
  expect(seeds.length).toBeGreaterThan(0);
  for (const seed of seeds) {
    const report = fuzzTable(queensGambit, {
      games: 1,
      firstSeed: seed,
      config: () => tableOf(playersOfSeed(seed)),
      maxSteps: 30_000,
      invariants: accountingProblems,
    });
    expect(report.failures.map((f) => `seed ${f.seed} step ${f.step}: ${f.problem.slice(0, 400)}`)).toEqual([]);
    expect(report.finished, `seed ${seed}`).toBe(1);
    expect(
      Object.values(report.summaries).reduce((a, b) => a + b, 0),
      `seed ${seed}`,
    ).toBe(1);
  }
}

/** The checks each game must at least make (1,000 over 4 games before the check took a seed list). */
const HIDDEN_CHECKS_PER_GAME = 250;

/**
 * Every seed's game (seed 1000 n + k: n players, 2 or 4): nothing a player receives holds what they
 * may not know, and it stays the same when the unknown is dealt differently.
 */
export function hiddenInformationHolds(seeds: readonly number[]): void {
  expect(seeds.length).toBeGreaterThan(0);
  for (const seed of seeds) {
    const players = Math.floor(seed / 1000);
    if (players !== 2 && players !== 4) throw new Error(`seed ${seed} names no Queen's Gambit hidden-information game: 1000 n + k plays n players, 2 or 4`);
    const report = checkHiddenInformation(queensGambit, { games: 1, firstSeed: seed, config: () => tableOf(players), maxSteps: 700, samples: 1 });
    expect(report.problems, `seed ${seed}`).toEqual([]);
    expect(report.checks, `seed ${seed}`).toBeGreaterThan(HIDDEN_CHECKS_PER_GAME);
  }
}

/** `games` random playouts at `players` (from seed 10 n): the legal moves built directly are exactly the candidates the judge accepts. */
export function judgeHolds(players: 2 | 4, games: number): void {
  const report = legalMovesMatchJudge(queensGambit, { games, firstSeed: players * 10, config: () => tableOf(players), maxSteps: 2_500, candidates });
  expect(report.problems).toEqual([]);
  expect(report.compared).toBeGreaterThan(333 * games);
}

/** `games` random playouts at `players` (from seed 7 n) with deck-out "stop", droid pool "eliminated" and a planning clock: the contract holds and every game ends. */
export function otherOptionsHold(players: 2 | 4, games: number): void {
  const report = fuzzTable(queensGambit, {
    games,
    firstSeed: players * 7,
    config: () => ({ ...tableOf(players), options: { 'deck-out': 'stop', 'droid-pool': 'eliminated', 'planning-seconds': 60 } }),
    maxSteps: 30_000,
    invariants: accountingProblems,
  });
  expect(report.failures.map((f) => `seed ${f.seed} step ${f.step}: ${f.problem.slice(0, 400)}`)).toEqual([]);
  expect(report.finished).toBe(games);
}
