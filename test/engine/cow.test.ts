// One set of rules, two ways to apply them: copy-on-write copies only what a move changes and
// shares the rest; in place changes the caller's own clone. Checked on the toy games.
import { describe, expect, it } from 'vitest';
import { copyOnWrite, inPlaceWriter } from '../../host/engine/cow.ts';
import { relabelUnknown } from '../../host/engine/determinize.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { diceGame } from './dice-toy.ts';
import { planGame } from './plan-toy.ts';

describe('copy-on-write', () => {
  it('copies each claimed object once, along its path, and shares everything else', () => {
    const state = { a: { list: [1, 2], other: [9] }, b: { deep: { x: 1 } } };
    const { root, writer } = copyOnWrite(state);
    const a = writer.own(root, 'a');
    writer.own(a, 'list').push(3);
    expect(writer.own(root, 'a')).toBe(a);
    expect(state.a.list).toEqual([1, 2]);
    expect(root.a.list).toEqual([1, 2, 3]);
    expect(root.a.other).toBe(state.a.other);
    expect(root.b).toBe(state.b);
  });

  it("refuses a claim through an object it did not hand out (a write that would reach the caller's state)", () => {
    const state = { a: { b: { c: [1] } } };
    const { writer } = copyOnWrite(state);
    expect(() => writer.own(state.a, 'b')).toThrow(/was not claimed first/);
    expect(inPlaceWriter().own(state.a, 'b')).toBe(state.a.b);
  });

  it('a writer says whether it writes in place, so hot rules may skip claiming', () => {
    expect(inPlaceWriter().inPlace).toBe(true);
    expect(copyOnWrite({ a: [1] }).writer.inPlace).toBe(false);
  });

  it('a move shares the parts of the state it did not change', () => {
    const before = diceGame.setup({ players: [{ name: 'A' }, { name: 'B' }] }, 3).state;
    const applied = diceGame.apply(before, { actor: 'p1', type: 'step', step: { step: 'choose', option: 'p1-tank-3' } });
    if (!applied.ok) throw new Error(applied.reason);
    expect(applied.state.units).toBe(before.units);
    expect(applied.state.pilots).toBe(before.pilots);
    expect(applied.state.stack).not.toBe(before.stack);
    expect(before.stack[0]?.data).toEqual({ at: 'turn', player: 'p1', path: [] });
  });

  it('apply and applyInPlace on a clone give the same state and events', () => {
    const s = planGame.setup({ players: [{ name: 'A' }, { name: 'B' }] }, 2).state;
    const move = planGame.legalMoves(s, 'p2')[3]!;
    const applied = planGame.apply(s, move);
    const own = planGame.clone(s);
    const events = planGame.applyInPlace(own, move);
    if (!applied.ok) throw new Error(applied.reason);
    expect(own).toEqual(applied.state);
    expect(events).toEqual(applied.events);
    expect(own.plans).not.toBe(s.plans);
  });
});

describe('relabelUnknown', () => {
  it('deals the unknown cards afresh among their places, the rest untouched, the generator replaced', () => {
    const state = {
      hands: [
        ['a1', 'x'],
        ['b2', 'c3'],
      ],
      deck: ['d4', 'e5'],
      rng: seedRng(1),
    };
    const out = relabelUnknown(state, [['b2', 'c3', 'd4', 'e5']], randomFrom(seedRng(2)));
    expect(out.hands[0]).toEqual(['a1', 'x']);
    expect([...out.hands[1]!, ...out.deck].sort()).toEqual(['b2', 'c3', 'd4', 'e5']);
    expect(out.rng).not.toEqual(state.rng);
    expect(state.hands[1]).toEqual(['b2', 'c3']);
  });

  it('gives the same sample from two states the player cannot tell apart', () => {
    const one = { hands: [['a1'], ['b2', 'c3']], deck: ['d4'], rng: seedRng(1) };
    const two = { hands: [['a1'], ['d4', 'b2']], deck: ['c3'], rng: seedRng(9) };
    const group = ['b2', 'c3', 'd4'];
    expect(relabelUnknown(one, [group], randomFrom(seedRng(5)))).toEqual(relabelUnknown(two, [[...group].reverse()], randomFrom(seedRng(5))));
  });

  it('refuses a card in two groups', () => {
    expect(() => relabelUnknown({ rng: seedRng(1), a: ['x'] }, [['x'], ['x']], randomFrom(seedRng(1)))).toThrow(/"x" is in two groups/);
  });
});
