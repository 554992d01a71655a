import { describe, expect, it } from 'vitest';
import { isRngState, nextUint32, randomFrom, seedRng, shuffled, shuffleInPlace, splitRng } from '../../host/engine/rng.ts';

describe('seeded generator', () => {
  it('the same seed gives the same stream; different seeds differ', () => {
    const a = randomFrom(seedRng(1));
    const b = randomFrom(seedRng(1));
    const c = randomFrom(seedRng(2));
    const sa = Array.from({ length: 8 }, () => a.uint32());
    expect(Array.from({ length: 8 }, () => b.uint32())).toEqual(sa);
    expect(Array.from({ length: 8 }, () => c.uint32())).not.toEqual(sa);
    expect(sa.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff)).toBe(true);
  });

  it('states are plain data, never mutated, and survive a JSON round trip', () => {
    const s = seedRng(99);
    const copy = [...s];
    const { value, state } = nextUint32(s);
    expect([...s]).toEqual(copy);
    const again = nextUint32(JSON.parse(JSON.stringify(s)) as typeof s);
    expect(again.value).toBe(value);
    expect(isRngState(state)).toBe(true);
    expect(isRngState([1, 2, 3])).toBe(false);
    expect(isRngState([1, 2, 3, -4])).toBe(false);
  });

  it('a cursor resumes exactly where its saved state left off', () => {
    const r = randomFrom(seedRng(5));
    r.uint32();
    const saved = r.state();
    const next = r.uint32();
    expect(randomFrom(saved).uint32()).toBe(next);
  });

  it('rejects seeds that are not 32-bit whole numbers', () => {
    expect(() => seedRng(-1)).toThrow(/seed must be an integer from 0 to 4294967295/);
    expect(() => seedRng(1.5)).toThrow(RangeError);
    expect(() => seedRng(2 ** 32)).toThrow(RangeError);
  });

  it('below(n) stays in range and covers every value roughly evenly', () => {
    const r = randomFrom(seedRng(3));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) counts[r.below(6)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(() => r.below(0)).toThrow(/whole bound/);
    expect(() => r.pick([])).toThrow(/at least one item/);
  });

  it('shuffles into a permutation, reproducibly, without touching the input', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = shuffled(items, seedRng(8));
    const b = shuffled(items, seedRng(8));
    expect(a.items).toEqual(b.items);
    expect([...a.items].sort((x, y) => x - y)).toEqual(items);
    expect(a.items).not.toEqual(items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('split gives an independent stream and advances the parent', () => {
    const parent = seedRng(11);
    const [after, child] = splitRng(parent);
    expect(after).not.toEqual(parent);
    const x = Array.from(
      { length: 4 },
      (
        (r) => () =>
          r.uint32()
      )(randomFrom(child)),
    );
    const y = Array.from(
      { length: 4 },
      (
        (r) => () =>
          r.uint32()
      )(randomFrom(after)),
    );
    expect(x).not.toEqual(y);
    expect(splitRng(parent)).toEqual([after, child]);
  });

  it('the cursor draws what nextUint32 draws: below is rejection sampling with the remainder, shuffleInPlace is shuffle', () => {
    let state = seedRng(77);
    const r = randomFrom(state);
    const bounds = [1, 2, 3, 6, 17, 1000, 65_537, 0x7fff_ffff, 0x8000_0001, 0xffff_ffff, 0x1_0000_0000];
    for (let i = 0; i < 2_000; i++) {
      const bound = bounds[i % bounds.length] as number;
      const limit = Math.floor(0x1_0000_0000 / bound) * bound;
      let expected: number;
      for (;;) {
        const next = nextUint32(state);
        state = next.state;
        if (next.value < limit) {
          expected = next.value % bound;
          break;
        }
      }
      expect(r.below(bound)).toBe(expected);
    }
    expect(r.state()).toEqual(state);
    const items = Array.from({ length: 17 }, (_, i) => i);
    const inPlace = items.slice();
    const a = randomFrom(seedRng(5));
    shuffleInPlace(a, inPlace);
    const b = randomFrom(seedRng(5));
    expect(inPlace).toEqual(b.shuffle(items));
    expect(a.state()).toEqual(b.state());
  });

  it('split is four draws stepped twelve times more (as nextUint32 steps), whatever the words', () => {
    for (const seed of [0, 1, 2, 77, 0x7fff_ffff, 0xffff_ffff]) {
      let state = seedRng(seed);
      const r = randomFrom(state);
      for (let i = 0; i < 50; i++) {
        const words: number[] = [];
        for (let w = 0; w < 4; w++) {
          const next = nextUint32(state);
          words.push(next.value);
          state = next.state;
        }
        let child = words as unknown as typeof state;
        for (let s = 0; s < 12; s++) child = nextUint32(child).state;
        expect(r.split()).toEqual(child);
        expect(r.state()).toEqual(state);
      }
    }
  });
});
