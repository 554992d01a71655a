// `stateAfterShuffle`: the generator advanced past a shuffle without shuffling, exactly as the
// shuffle itself leaves it (games advance their own generator past a deal drawn elsewhere).
import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng, shuffled, stateAfterShuffle } from '../../host/engine/rng.ts';

describe('stateAfterShuffle', () => {
  it('leaves the generator where shuffling the same number of items leaves it', () => {
    for (let seed = 0; seed < 300; seed++) {
      for (const size of [0, 1, 2, 3, 17, 40, 1000]) {
        const rng = seedRng(seed);
        const items = Array.from({ length: size }, (_, i) => i);
        expect(stateAfterShuffle(rng, size), `seed ${seed}, ${size} items`).toEqual(shuffled(items, rng).state);
      }
    }
  });

  it('draws again where a draw falls in the last partial block, as below() does', () => {
    // sfc32's first word is a + b + d: 0xffffffff here, past the last whole block of 3 (which ends at 0xfffffffe), so it is drawn again.
    const start = [0xffff_ffff, 0, 12345, 0] as const;
    const reference = randomFrom(start);
    const probe = randomFrom(start);
    expect(probe.uint32()).toBe(0xffff_ffff);
    for (let i = 2; i > 0; i--) reference.below(i + 1);
    expect(stateAfterShuffle(start, 3)).toEqual(reference.state());
    // One more word drawn than the two bounds: the rejected one.
    const twoDraws = randomFrom(start);
    twoDraws.uint32();
    twoDraws.uint32();
    expect(stateAfterShuffle(start, 3)).not.toEqual(twoDraws.state());
  });
});
