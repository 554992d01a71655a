// The fuzzer's shared parts (fuzz.ts) through `fuzzTable` over the dice toy: a correct game passes;
// a game that does not end within the bound and a broken invariant are caught, with the log to
// replay; `plainDataProblem` finds what JSON cannot hold.
import { describe, expect, it } from 'vitest';
import { plainDataProblem } from '../../host/engine/fuzz.ts';
import { fuzzTable } from '../../host/engine/table-check.ts';
import { diceGame } from './dice-toy.ts';

const config = { players: [{ name: 'Ana' }, { name: 'Ben' }] };

describe('random-playout fuzzer', () => {
  it('passes a correct game, counting its moves, finished games and results', () => {
    const report = fuzzTable(diceGame, { games: 30, config: () => config, maxSteps: 5_000 });
    expect(report.failures).toEqual([]);
    expect(report.finished).toBe(30);
    expect(Object.values(report.summaries).reduce((a, b) => a + b, 0)).toBe(30);
    expect(report.moves).toBeGreaterThan(30);
  });

  it('catches a game that does not end within the bound, with the moves up to there', () => {
    const report = fuzzTable(diceGame, { games: 2, config: () => config, maxSteps: 3 });
    expect(report.failures.map((f) => f.problem)).toEqual(['the game did not end within 3 moves', 'the game did not end within 3 moves']);
    expect(report.failures[0]?.log.moves).toHaveLength(3);
    expect(report.finished).toBe(0);
  });

  it('catches a broken game invariant', () => {
    const report = fuzzTable(diceGame, {
      games: 5,
      config: () => config,
      maxSteps: 5_000,
      invariants: (s) => (s.stack.length === 0 ? ['no decision is open'] : []),
    });
    expect(report.failures).toHaveLength(5);
    expect(report.failures[0]?.problem).toMatch(/no decision is open/);
  });

  it('plainDataProblem finds what JSON cannot hold', () => {
    expect(plainDataProblem({ a: [1, 'x', null, true] })).toBeNull();
    expect(plainDataProblem({ a: new Date() })).toBe('state.a is a class instance, not plain data');
    expect(plainDataProblem({ a: [1, Number.NaN] })).toBe('state.a[1] is NaN, not a finite number');
    expect(plainDataProblem({ f: () => 1 })).toBe('state.f is a function, not JSON data');
    expect(plainDataProblem({ u: undefined })).toBe('state.u is undefined (not JSON)');
  });
});
