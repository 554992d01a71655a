// The Queen's Gambit on the engine: the checks every table game runs, over many seeds at both
// table sizes: the engine's contract (fuzzTable), every card and every piece accounted for
// after every move, every game ending, the judge as oracle of the built legal moves, and the
// hidden-information check (views, prompts, legal moves, whose move and events).
import { describe, expect, it } from 'vitest';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../../host/engine/table-check.ts';
import { queensGambit } from '../../../host/games/queens-gambit/game.ts';
import { accountingProblems } from '../../../host/games/queens-gambit/rules.ts';
import { candidates, tableOf } from './play-helpers.ts';

describe.each([2, 4])("The Queen's Gambit, %i players: the engine's checks", (players) => {
  it('random playouts keep the contract, account for every card and piece after every move, and end', () => {
    const report = fuzzTable(queensGambit, {
      games: 6,
      firstSeed: players * 100,
      config: () => tableOf(players),
      maxSteps: 30_000,
      invariants: accountingProblems,
    });
    expect(report.failures.map((f) => `seed ${f.seed} step ${f.step}: ${f.problem.slice(0, 400)}`)).toEqual([]);
    expect(report.finished).toBe(6);
    expect(Object.values(report.summaries).reduce((a, b) => a + b, 0)).toBe(6);
  }, 120_000);

  it('the legal moves built directly are exactly the candidates the judge accepts', () => {
    const report = legalMovesMatchJudge(queensGambit, { games: 3, firstSeed: players * 10, config: () => tableOf(players), maxSteps: 2_500, candidates });
    expect(report.problems).toEqual([]);
    expect(report.compared).toBeGreaterThan(1_000);
  }, 120_000);

  it('nothing a player receives holds what they may not know, and it stays the same when the unknown is dealt differently', () => {
    const report = checkHiddenInformation(queensGambit, { games: 4, firstSeed: players * 1000, config: () => tableOf(players), maxSteps: 700, samples: 1 });
    expect(report.problems).toEqual([]);
    expect(report.checks).toBeGreaterThan(1_000);
  }, 120_000);
});
