// Contact bounce: a seeded model of the edges a real push button makes when it closes or opens.
// A change of level is a burst: the first edge reaches the new level, then the contact chatters
// (pairs of edges away and back) for a few milliseconds, and the last edge settles on the new level.

import { randomInt, seededRandom, type Random } from './random.ts';

export type PinLevel = 0 | 1;

/** One raw edge, `offsetMs` after the start of its burst. */
export interface PinEdge {
  offsetMs: number;
  level: PinLevel;
}

export interface BounceOptions {
  /** Longest burst: the last edge comes at most this many ms after the first (default 5). */
  maxBurstMs: number;
  /** Most chatter pairs (away and back) in one burst (default 3); 0 makes clean edges. */
  maxBounces: number;
}

export const DEFAULT_BOUNCE: BounceOptions = { maxBurstMs: 5, maxBounces: 3 };

export class BounceModel {
  private readonly random: Random;
  readonly options: BounceOptions;

  constructor(seed: number, options: Partial<BounceOptions> = {}) {
    this.options = { ...DEFAULT_BOUNCE, ...options };
    const { maxBurstMs, maxBounces } = this.options;
    if (!Number.isInteger(maxBurstMs) || maxBurstMs < 0) {
      throw new RangeError(`bounce maxBurstMs must be a whole number of ms >= 0, got ${maxBurstMs}`);
    }
    if (!Number.isInteger(maxBounces) || maxBounces < 0) {
      throw new RangeError(`bounce maxBounces must be a whole number >= 0, got ${maxBounces}`);
    }
    this.random = seededRandom(seed);
  }

  /**
   * The edges of one change to `level`: odd in number, offsets strictly increasing from 0,
   * alternating levels, the first and the last at `level`, the last at most maxBurstMs.
   */
  burst(level: PinLevel): PinEdge[] {
    const { maxBurstMs, maxBounces } = this.options;
    const bounces = randomInt(this.random, 0, Math.min(maxBounces, Math.floor(maxBurstMs / 2)));
    const offsets = this.distinctOffsets(bounces * 2, maxBurstMs);
    const away: PinLevel = level === 1 ? 0 : 1;
    const edges: PinEdge[] = [{ offsetMs: 0, level }];
    offsets.forEach((offsetMs, i) => edges.push({ offsetMs, level: i % 2 === 0 ? away : level }));
    return edges;
  }

  /** `count` distinct sorted integers drawn from 1..max. */
  private distinctOffsets(count: number, max: number): number[] {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(randomInt(this.random, 1, max));
    return [...chosen].sort((a, b) => a - b);
  }
}

/** The duration of a burst: the offset of its last edge. */
export function burstLength(edges: readonly PinEdge[]): number {
  return edges.at(-1)?.offsetMs ?? 0;
}
