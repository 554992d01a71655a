// "Be quick" windows in the engine: a decision's time limit, the generic pass, and telling a
// window that goes on from one that closed (and perhaps opened again).

import { describe, expect, it } from 'vitest';
import { answer, decision, limitOf, stackProblems, type Decision } from '../../host/engine/decisions.ts';
import { resolveOptions } from '../../host/engine/meta.ts';
import { passersAtTimeout, passFor, quickLimit, quickSecondsOption, timedWindow, timedWindowProblems, windowContinues } from '../../host/engine/quick.ts';
import { fuzzTable } from '../../host/engine/table-check.ts';
import { dealtState, REACTION_META, reactionGame, type ReactionMove } from './reaction-toy.ts';

const quick = (over: Partial<Parameters<typeof decision>[0]> = {}): Decision =>
  decision({ kind: 'protect', asked: ['p2', 'p3', 'p4'], mayPass: true, close: 'first-taker', limitSeconds: 5, data: null, ...over });
const turn = (): Decision => decision({ kind: 'turn', asked: ['p1'], close: 'first-taker', data: { at: 'turn' } });
const copy = (d: Decision): Decision => JSON.parse(JSON.stringify(d)) as Decision;

describe('a decision with a time limit', () => {
  it('carries whole seconds from 1 to 3600; untimed decisions carry none', () => {
    expect(limitOf(quick())).toBe(5);
    expect(limitOf(turn())).toBeNull();
    expect('limitSeconds' in turn()).toBe(false);
    expect(limitOf(quick({ limitSeconds: null }))).toBeNull();
    expect(() => quick({ limitSeconds: 0 })).toThrow(/whole seconds from 1 to 3600/);
    expect(() => quick({ limitSeconds: 2.5 })).toThrow(/whole seconds/);
    expect(() => quick({ limitSeconds: 3601 })).toThrow(/3600/);
    expect(() => quick({ mayPass: false })).toThrow(/nobody asked may pass/);
  });

  it('stackProblems names a malformed limit', () => {
    const bad = { ...quick(), limitSeconds: -1 };
    expect(stackProblems([turn(), bad])).toEqual(['decision 1 (protect) has a time limit of -1 s (1..3600)']);
    expect(stackProblems([turn(), { ...quick(), mayPass: [] }])).toContain('decision 1 (protect) is timed but nobody may pass');
  });

  it('timedWindow and passersAtTimeout read the top decision only', () => {
    const d = quick({ mayPass: ['p2', 'p4'] });
    expect(timedWindow([turn(), d])).toEqual({ kind: 'protect', seconds: 5, depth: 1, asked: ['p2', 'p3', 'p4'] });
    expect(timedWindow([d, turn()])).toBeNull();
    expect(passersAtTimeout([turn(), d])).toEqual(['p2', 'p4']);
    answer(d, 'p2', 'pass');
    expect(passersAtTimeout([turn(), d])).toEqual(['p4']);
  });
});

describe('the pass a front end makes when the time runs out', () => {
  it('is the one legal move of type "pass"', () => {
    const moves = [
      { actor: 'p2', type: 'protect', card: 'protect-1' },
      { actor: 'p2', type: 'pass' },
    ];
    expect(passFor(moves, 'p2')).toEqual({ move: { actor: 'p2', type: 'pass' } });
    expect(passFor(moves.slice(0, 1), 'p2')).toEqual({ problem: expect.stringMatching(/no move of type "pass"/) as string });
    expect(passFor([...moves, { actor: 'p2', type: 'pass' }], 'p2')).toEqual({
      problem: expect.stringMatching(/2 moves of type "pass"; a timed window needs exactly one/) as string,
    });
  });

  it('timedWindowProblems (part of fuzzTable) names a game that offers no pass in a timed window', () => {
    const stack = [turn(), quick()];
    expect(timedWindowProblems(stack, (actor) => [{ actor, type: 'pass' }])).toEqual([]);
    expect(timedWindowProblems(stack, (actor) => (actor === 'p3' ? [] : [{ actor, type: 'pass' }]))).toEqual([
      'the timed protect window: "p3" may pass but has no move of type "pass" among its legal moves',
    ]);
  });
});

describe('windowContinues: the same window, or a new one', () => {
  const before = [turn(), quick()];
  it('a pass that leaves others asked: the same window', () => {
    const after = before.map(copy);
    answer(after[1] as Decision, 'p3', 'pass');
    expect(windowContinues(before, after, 'p3')).toBe(true);
    expect(windowContinues(before, after, 'p2')).toBe(false);
  });

  it('a take that closes it, or anything that changes it, ends it', () => {
    expect(windowContinues(before, [turn()], 'p2')).toBe(false);
    expect(windowContinues(before, [turn(), quick(), quick()], 'p2')).toBe(false);
    expect(windowContinues(before, [turn(), quick({ kind: 'miss-turn' })], 'p2')).toBe(false);
    expect(windowContinues(before, [turn(), quick({ asked: ['p2', 'p3'] })], 'p2')).toBe(false);
    expect(windowContinues(before, [turn(), quick({ limitSeconds: 6 })], 'p2')).toBe(false);
    const other = decision({ kind: 'turn', asked: ['p2'], close: 'first-taker', data: { at: 'turn' } });
    expect(windowContinues(before, [other, quick()], 'p2')).toBe(false);
  });

  it('an identical window opened afresh by a move of one it asks is new (it has no answers yet)', () => {
    expect(windowContinues(before, [turn(), quick()], 'p2')).toBe(false);
  });

  it('a move of someone it does not ask (the timer) leaves it open', () => {
    expect(windowContinues(before, [turn(), quick()], 'timer')).toBe(true);
  });

  it('a step inside an all-committed window leaves it open; an untimed window never "continues"', () => {
    const plan = [turn(), quick({ close: 'all-committed', data: { picked: [] } })];
    const stepped = [turn(), quick({ close: 'all-committed', data: { picked: [1] } })];
    expect(windowContinues(plan, stepped, 'p3')).toBe(true);
    expect(windowContinues([turn()], [turn()], 'p1')).toBe(false);
  });
});

describe('the quick-seconds option', () => {
  it('defaults to 5 s; 0 plays the quick windows untimed', () => {
    expect(quickSecondsOption()).toMatchObject({ id: 'quick-seconds', kind: 'number', min: 0, max: 60, default: 5 });
    expect(quickLimit({ 'quick-seconds': 5 })).toBe(5);
    expect(quickLimit({ 'quick-seconds': 0 })).toBeNull();
    expect(quickLimit({})).toBeNull();
    expect(() => resolveOptions(REACTION_META, { 'quick-seconds': 61 })).toThrow(/"quick-seconds" must be a whole number from 0 to 60/);
  });
});

describe("Ambush's quick windows", () => {
  it("Miss a Turn and Protection windows carry the option's seconds; the others none", () => {
    const { state } = reactionGame.setup({ players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], options: { 'quick-seconds': 7 } }, 3);
    expect(state.stack.map((d) => [d.kind, limitOf(d)])).toEqual([
      ['turn', null],
      ['miss-turn', 7],
    ]);
    const s = dealtState(
      [
        ['attack5-1', 'plans-1'],
        ['defend3-1', 'steal-2'],
        ['protect-1', 'steal-1'],
      ],
      ['attack3-1', 'attack3-2'],
      1,
      4,
    );
    const noMiss = { ...s, stack: s.stack.slice(0, 1) };
    const attacked = reactionGame.apply(noMiss, { actor: 'p1', type: 'attack', card: 'attack5-1', target: 'p2' } as ReactionMove);
    if (!attacked.ok) throw new Error(attacked.reason);
    expect(timedWindow(attacked.state.stack)).toBeNull();
    const defended = reactionGame.apply(attacked.state, { actor: 'p2', type: 'defend', card: 'defend3-1' });
    if (!defended.ok) throw new Error(defended.reason);
    expect(timedWindow(defended.state.stack)).toEqual({ kind: 'protect', seconds: 4, depth: 1, asked: ['p3', 'p1'] });
  });

  it('random playouts with quick windows keep the contract (every passer has exactly one pass)', () => {
    const config = (seed: number) => ({ players: Array.from({ length: 2 + (seed % 3) }, (_, i) => ({ name: `P${i}` })), options: { 'quick-seconds': 5 } });
    const report = fuzzTable(reactionGame, { games: 60, config, maxSteps: 3_000 });
    expect(report.failures).toEqual([]);
  });
});
