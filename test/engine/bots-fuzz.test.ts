import { describe, expect, it } from 'vitest';
import { playGame, randomBot, runMatches, type Bot } from '../../host/engine/bots.ts';
import { fuzzGame, plainDataProblem } from '../../host/engine/fuzz.ts';
import { eventsFor } from '../../host/engine/game.ts';
import { toyGame, type ToyMove, type ToyState } from './toy-game.ts';

const seating = { a: randomBot<ToyState, ToyMove>(), b: randomBot<ToyState, ToyMove>() };

describe('headless runner', () => {
  it('plays seeded games reproducibly and tallies results', () => {
    const game = toyGame();
    const one = playGame(game, { target: 10 }, 4, seating, { maxSteps: 100 });
    expect(one.stopped).toBeUndefined();
    expect(one.outcome.finished).toBe(true);
    expect(playGame(game, { target: 10 }, 4, seating, { maxSteps: 100 })).toEqual(one);
    const report = runMatches(game, { seeds: [1, 2, 3, 4, 5, 6, 7, 8], config: () => ({ target: 10 }), seating: () => seating, maxSteps: 100 });
    expect(report.games).toBe(8);
    expect(report.finished).toBe(8);
    expect((report.wins.a ?? 0) + (report.wins.b ?? 0)).toBe(8);
    expect(report.outcomes['a wins']! + report.outcomes['b wins']!).toBe(8);
    expect(report.stopped).toEqual([]);
  });

  it('stops a game when a bot makes an illegal move, saying which and why', () => {
    const cheat: Bot<ToyState, ToyMove> = (view) => ({ actor: view.next, add: 5 });
    const played = playGame(toyGame(), { target: 10 }, 1, { a: cheat, b: cheat }, { maxSteps: 100 });
    expect(played.stopped).toMatch(/the bot for "a" made a rejected move .*add 1 or 2, not 5/);
  });

  it('reports an actor with no seated bot', () => {
    const played = playGame(toyGame(), { target: 10 }, 1, { a: seating.a }, { maxSteps: 100 });
    expect(played.stopped).toMatch(/no bot is seated for actor "b"/);
  });
});

describe('random-playout fuzzer', () => {
  it('passes a correct game', () => {
    const report = fuzzGame(toyGame(), { games: 50, config: () => ({ target: 10 }), seating: () => seating, maxSteps: 50 });
    expect(report.failures).toEqual([]);
    expect(report.finished).toBe(50);
  });

  it('catches an apply that mutates its input', () => {
    const report = fuzzGame(toyGame({ mutating: true }), { games: 3, config: () => ({ target: 10 }), seating: () => seating, maxSteps: 50 });
    expect(report.failures).toHaveLength(3);
    expect(report.failures[0]?.problem).toMatch(/apply mutated the state it was given/);
  });

  it('catches a game that does not end within the bound', () => {
    const report = fuzzGame(toyGame({ neverEnds: true }), { games: 2, config: () => ({ target: 10 }), seating: () => seating, maxSteps: 30 });
    expect(report.failures.map((f) => f.problem)).toEqual(['the game did not end within 30 moves', 'the game did not end within 30 moves']);
    expect(report.failures[0]?.log.moves).toHaveLength(30);
  });

  it('catches a broken game invariant', () => {
    const report = fuzzGame(toyGame(), {
      games: 5,
      config: () => ({ target: 10 }),
      seating: () => seating,
      maxSteps: 50,
      invariants: (s) => (s.total > 4 ? [`total ${s.total} is above 4`] : []),
    });
    expect(report.failures).toHaveLength(5);
    expect(report.failures[0]?.problem).toMatch(/total \d+ is above 4/);
  });

  it('plainDataProblem finds what JSON cannot hold', () => {
    expect(plainDataProblem({ a: [1, 'x', null, true] })).toBeNull();
    expect(plainDataProblem({ a: new Date() })).toBe('state.a is a class instance, not plain data');
    expect(plainDataProblem({ a: [1, Number.NaN] })).toBe('state.a[1] is NaN, not a finite number');
    expect(plainDataProblem({ f: () => 1 })).toBe('state.f is a function, not JSON data');
    expect(plainDataProblem({ u: undefined })).toBe('state.u is undefined (not JSON)');
  });

  it("eventsFor applies a game's event filter for one actor", () => {
    const secret = { eventFor: (e: { to: string }, actor: string) => (e.to === actor ? e : null) };
    expect(eventsFor(secret, [{ to: 'a' }, { to: 'b' }], 'a')).toEqual([{ to: 'a' }]);
    expect(eventsFor({}, [{ to: 'a' }, { to: 'b' }], 'a')).toHaveLength(2);
  });
});
