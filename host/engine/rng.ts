// Seeded pseudo-random numbers for game engines: sfc32 (Chris Doty-Humphrey's Small Fast
// Counting generator), 128 bits of state held as four unsigned 32-bit words. The state is a
// plain array so it can live inside a JSON game state and be saved, replayed and compared.

/** The generator's whole state: four unsigned 32-bit words. Never mutated by these functions. */
export type RngState = readonly [number, number, number, number];

/** A cursor over a generator state for code that draws several numbers in a row. */
export interface Random {
  /** The next unsigned 32-bit integer. */
  uint32(): number;
  /** A uniformly distributed integer in 0..bound-1 (no modulo bias). */
  below(bound: number): number;
  /** A uniformly chosen element; throws on an empty list. */
  pick<T>(items: readonly T[]): T;
  /** A new array with the items in a uniformly random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** A generator state independent of this cursor's stream, for a sub-task (a bot, a seating). */
  split(): RngState;
  /** The state after everything drawn so far: store it back into the game state. */
  state(): RngState;
}

const UINT32_MAX = 0xffff_ffff;

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e37_79b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85eb_ca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2_ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function step(s: [number, number, number, number]): number {
  const [a, b, c, d] = s;
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  const rotated = (c << 21) | (c >>> 11);
  s[2] = (rotated + t) | 0;
  return t >>> 0;
}

/** True when the value is a usable seed: an integer from 0 to 2^32-1. */
export function isSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= UINT32_MAX;
}

/** The generator state for a seed (an integer from 0 to 2^32-1). */
export function seedRng(seed: number): RngState {
  if (!isSeed(seed)) {
    throw new RangeError(`seed must be an integer from 0 to ${UINT32_MAX}, got ${String(seed)}`);
  }
  const mix = splitmix32(seed);
  const s: [number, number, number, number] = [mix(), mix(), mix(), mix()];
  for (let i = 0; i < 12; i++) step(s);
  return [s[0] >>> 0, s[1] >>> 0, s[2] >>> 0, s[3] >>> 0];
}

/** True when the value is a well-formed generator state (used when loading saved states). */
export function isRngState(value: unknown): value is RngState {
  return Array.isArray(value) && value.length === 4 && value.every((w) => isSeed(w));
}

/** The next unsigned 32-bit integer and the state after it. */
export function nextUint32(state: RngState): { value: number; state: RngState } {
  const s: [number, number, number, number] = [state[0], state[1], state[2], state[3]];
  const value = step(s);
  return { value, state: [s[0] >>> 0, s[1] >>> 0, s[2] >>> 0, s[3] >>> 0] };
}

/**
 * The cursor behind `randomFrom`: the four words as fields and the methods on the prototype, so
 * making one (a chance draw, a bot's turn, every playout step) costs one small object, not a
 * closure per method. It draws exactly what the step function above draws.
 */
class Sfc32 implements Random {
  // Each word begins as a small integer (0) before the constructor sets it: a field declared
  // without a value begins undefined, and V8 then keeps it as any value, every read and write
  // checked (about twice the time of a draw).
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(state: RngState) {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }

  uint32(): number {
    return this.int32() >>> 0;
  }

  /**
   * The next draw as a signed 32-bit integer (`uint32` reads it unsigned): a small integer
   * wherever it is returned, so a draw that is not inlined allocates no number (from 2^31 on,
   * an unsigned one is boxed).
   */
  private int32(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t;
  }

  below(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > UINT32_MAX + 1) {
      throw new RangeError(`below() needs a whole bound from 1 to 2^32, got ${String(bound)}`);
    }
    // Rejection sampling: drop the top partial block so every result is equally likely.
    const limit = Math.floor((UINT32_MAX + 1) / bound) * bound;
    for (;;) {
      const x = this.int32() >>> 0;
      // x % bound, without a floating-point remainder (x may not fit a small integer): the
      // quotient of two whole numbers below 2^32 rounds down exactly, so this is the same value.
      if (x < limit) return x - Math.floor(x / bound) * bound;
    }
  }

  pick<T>(items: readonly T[]): T {
    const n = items.length;
    if (n === 0) throw new RangeError('pick() needs at least one item');
    // `below(n)` without its checks: a list's length is always a whole number below 2^32 (a playout picks at every step).
    const limit = Math.floor((UINT32_MAX + 1) / n) * n;
    for (;;) {
      const x = this.int32() >>> 0;
      if (x < limit) return items[x - Math.floor(x / n) * n] as T;
    }
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    shuffleInPlace(this, out);
    return out;
  }

  split(): RngState {
    // Four draws, then twelve steps of `step` on them, in local words (every chance move splits).
    let a = this.int32();
    let b = this.int32();
    let c = this.int32();
    let d = this.int32();
    for (let i = 0; i < 12; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
    }
    return [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
  }

  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

/** A cursor that draws from a copy of `state`; the given state is left untouched. */
export function randomFrom(state: RngState): Random {
  return new Sfc32(state);
}

/**
 * Puts `items` in a uniformly random order where they are (Fisher-Yates: `below(i + 1)` for
 * i = n-1..1, the draws `shuffle` makes), for a caller that owns the array.
 */
export function shuffleInPlace<T>(random: Random, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}

/**
 * The generator state after a shuffle of `size` items drawn from `state` (`below(i + 1)` for
 * i = size-1..1, the draws of `shuffle`), without shuffling anything: for a game whose own
 * generator advances past a shuffle drawn from another stream, once a round, in playouts too.
 */
export function stateAfterShuffle(state: RngState, size: number): RngState {
  let a = state[0] | 0;
  let b = state[1] | 0;
  let c = state[2] | 0;
  let d = state[3] | 0;
  for (let i = size - 1; i > 0; i--) {
    // `below(i + 1)`: draw until the value falls below the last whole block of i + 1 (the value itself is not needed).
    const limit = Math.floor((UINT32_MAX + 1) / (i + 1)) * (i + 1);
    for (;;) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      if (t >>> 0 < limit) break;
    }
  }
  return [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
}

/** Two independent generator states derived from one: for handing a stream to a sub-task. */
export function splitRng(state: RngState): [RngState, RngState] {
  const r = randomFrom(state);
  const child = r.split();
  return [r.state(), child];
}

/** The items in a uniformly random order, and the state after shuffling. */
export function shuffled<T>(items: readonly T[], state: RngState): { items: T[]; state: RngState } {
  const r = randomFrom(state);
  const out = r.shuffle(items);
  return { items: out, state: r.state() };
}
