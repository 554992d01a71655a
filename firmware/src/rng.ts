// The seeded random generator (mulberry32): the same seed gives the same games.

let state: u32 = 0;

export function seedRandom(seed: u32): void {
  state = seed;
}

export function nextRandom(): u32 {
  state += 0x6d2b79f5;
  let t = state;
  t = (t ^ (t >>> 15)) * (t | 1);
  t ^= t + (t ^ (t >>> 7)) * (t | 61);
  return t ^ (t >>> 14);
}

/** A uniform number in 0..n-1 (n >= 1). */
export function randomBelow(n: u32): u32 {
  return <u32>((<u64>nextRandom() * <u64>n) >>> 32);
}
