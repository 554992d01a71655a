// A small seeded 32-bit generator (mulberry32) and a seed mixer: every random thing in the
// simulator is reproducible from its seed.

export type Random = () => number;

/** Returns a generator of uniform floats in [0, 1), fully determined by `seed`. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] (both inclusive). */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Mixes two 32-bit values into a well-spread 32-bit value (a splitmix-style finalizer). */
export function mixSeed(seed: number, salt: number): number {
  let z = (seed ^ Math.imul(salt + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}
