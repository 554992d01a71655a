// The Queen's Gambit's random playouts (the engine's fuzzTable) and its hidden-information check
// (checkHiddenInformation), one game a seed: a playout's seed 100 n + k and a hidden-information
// seed 1000 n + k play n players. table-game.test.ts plays a few seeds, table-game.soak.ts every one.
import { expect } from 'vitest';
import { checkHiddenInformation, fuzzTable } from '../../../host/engine/table-check.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import { accountingProblems } from '../../../host/games/queens-gambit/rules.ts';
import { tableOf } from './play-helpers.ts';

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
