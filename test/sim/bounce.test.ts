import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BounceModel, burstLength } from '../../sim/device/index.ts';

describe('BounceModel', () => {
  it('makes bursts that start and settle on the new level, alternate, and stay short', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(0 as const, 1 as const),
        (seed, maxBurstMs, maxBounces, level) => {
          const model = new BounceModel(seed, { maxBurstMs, maxBounces });
          for (let i = 0; i < 5; i++) {
            const edges = model.burst(level);
            expect(edges.length % 2).toBe(1);
            expect(edges[0]).toEqual({ offsetMs: 0, level });
            expect(edges.at(-1)?.level).toBe(level);
            expect(burstLength(edges)).toBeLessThanOrEqual(maxBurstMs);
            expect((edges.length - 1) / 2).toBeLessThanOrEqual(maxBounces);
            for (let k = 1; k < edges.length; k++) {
              expect(edges[k]!.offsetMs).toBeGreaterThan(edges[k - 1]!.offsetMs);
              expect(edges[k]!.level).not.toBe(edges[k - 1]!.level);
            }
          }
        },
      ),
      { seed: 2024, numRuns: 300 },
    );
  });

  it('is reproducible from its seed and does bounce', () => {
    const bursts = (seed: number) => {
      const model = new BounceModel(seed);
      return Array.from({ length: 20 }, (_, i) => model.burst(i % 2 === 0 ? 1 : 0));
    };
    expect(bursts(5)).toEqual(bursts(5));
    expect(bursts(5)).not.toEqual(bursts(6));
    expect(bursts(5).some((burst) => burst.length > 1)).toBe(true);
  });

  it('rejects nonsense options with a message saying which', () => {
    expect(() => new BounceModel(1, { maxBurstMs: -1 })).toThrow('maxBurstMs');
    expect(() => new BounceModel(1, { maxBounces: 1.5 })).toThrow('maxBounces');
  });
});
