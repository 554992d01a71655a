// The generic checks every table game runs, on Stolen Plans: random playouts keep the engine's
// contract and always end with every card accounted for; the legal moves built directly equal
// what the judge accepts; nothing a player receives tells them a card they may not know.
import { describe, expect, it } from 'vitest';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../../host/engine/table-check.ts';
import { cardAccountingProblems, stolenPlans } from '../../../host/games/stolen-plans/game.ts';
import { spCandidates } from './sp-fixtures.ts';

const MIXES: Record<string, Record<string, boolean>> = {
  base: {},
  'R2-D2 Where Are You?': { 'r2-d2-where-are-you': true },
  'There is another!': { 'there-is-another': true },
  'New Ruling': { 'new-ruling': true },
  'bonus cards (those played so far)': { bonus: true },
  'every supported set': { bonus: true, 'r2-d2-where-are-you': true, 'there-is-another': true, 'new-ruling': true },
};

const configFor = (options: Record<string, boolean>) => (seed: number) => ({
  players: Array.from({ length: 2 + (seed % 4) }, (_, i) => ({ name: `P${i + 1}` })),
  options: { ...options, 'first-player': 1 + (seed % 2) },
});

describe.each(Object.entries(MIXES))('Stolen Plans, %s: the generic checks', (_name, options) => {
  const config = configFor(options);

  it('random playouts keep the contract, account for every card after every move, replay and end', () => {
    const report = fuzzTable(stolenPlans, { games: 120, config, maxSteps: 5_000, invariants: cardAccountingProblems });
    expect(report.failures.slice(0, 3)).toEqual([]);
    expect(report.finished).toBe(120);
  });

  it('the legal moves built directly equal the candidates the judge accepts', () => {
    const report = legalMovesMatchJudge(stolenPlans, { games: 25, config, maxSteps: 5_000, candidates: spCandidates });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(500);
  });

  it('no view, event, prompt, legal move list or whose-move tells a player a card they may not know', () => {
    const report = checkHiddenInformation(stolenPlans, { games: 12, config, maxSteps: 5_000, samples: 2 });
    expect(report.problems).toEqual([]);
    expect(report.checks).toBeGreaterThan(500);
  });
});
