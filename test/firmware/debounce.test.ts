// Debounce properties over thousands of random contact bounce patterns, at the ABI level.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FirmwareHarness, type ButtonName } from '../support/firmware-harness.ts';

/** The debounce window, as documented in firmware/README.md. */
const WINDOW_MS = 20;
const SYMBOLS: ButtonName[] = ['circle', 'square', 'diamond', 'star'];

/** A bounce burst: edges alternating from the opposite level, each gap shorter than the window, ending at `level`. */
function burst(level: 0 | 1) {
  return fc.array(fc.integer({ min: 1, max: WINDOW_MS - 1 }), { minLength: 0, maxLength: 8 }).map((gaps) => {
    // An odd number of edges in total so that the burst ends at `level`.
    const edges = gaps.length % 2 === 0 ? gaps : gaps.slice(1);
    return { level, gaps: edges };
  });
}

/** Plays a burst starting now: the first edge is `level`, then alternating, `gaps` apart. Returns the last edge time. */
function playBurst(fw: FirmwareHarness, button: ButtonName, b: { level: 0 | 1; gaps: number[] }): number {
  let level = b.level;
  fw.pin(button, level);
  for (const gap of b.gaps) {
    fw.advance(gap);
    level = level === 1 ? 0 : 1;
    fw.pin(button, level);
  }
  return fw.now;
}

function keyTimes(fw: FirmwareHarness): number[] {
  return fw.lines.filter((line) => line.text.startsWith('EVT KEY')).map((line) => line.t);
}

describe('debounce', () => {
  it('reports a clean press exactly one window after the edge', () => {
    const fw = new FirmwareHarness();
    fw.advance(1_000);
    fw.pin('circle', 1);
    expect(fw.exports.nextWake()).toBe(WINDOW_MS);
    expect(fw.advance(WINDOW_MS - 1)).toEqual([]);
    expect(fw.advance(1)).toEqual(['EVT KEY circle']);
  });

  it('makes no press from a burst shorter than the window that ends where it started', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SYMBOLS), fc.array(fc.integer({ min: 1, max: WINDOW_MS - 1 }), { minLength: 1, maxLength: 9 }), (button, gaps) => {
        const fw = new FirmwareHarness();
        const edges = gaps.length % 2 === 1 ? gaps : gaps.slice(1); // an even number of edges: back to open
        if (edges.length === 0) return;
        fw.pin(button, 1);
        for (let i = 0; i < edges.length; i++) {
          fw.advance(edges[i]!);
          fw.pin(button, i % 2 === 0 ? 0 : 1);
        }
        fw.advance(200);
        expect(keyTimes(fw)).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reports every press held stable >= 30 ms after its bounce, once, one window after its last edge', () => {
    const press = fc.record({
      button: fc.constantFrom(...SYMBOLS),
      down: burst(1),
      holdMs: fc.integer({ min: 30, max: 400 }),
      up: burst(0),
      gapMs: fc.integer({ min: 30, max: 400 }),
    });
    fc.assert(
      fc.property(fc.array(press, { minLength: 1, maxLength: 6 }), (presses) => {
        const fw = new FirmwareHarness();
        const expected: number[] = [];
        for (const p of presses) {
          expected.push(playBurst(fw, p.button, p.down) + WINDOW_MS);
          fw.advance(p.holdMs);
          playBurst(fw, p.button, p.up);
          fw.advance(p.gapMs);
        }
        expect(keyTimes(fw)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('debounces each button on its own', () => {
    const fw = new FirmwareHarness();
    fw.pin('circle', 1);
    fw.advance(10);
    fw.pin('star', 1);
    fw.advance(5);
    fw.pin('star', 0);
    fw.advance(5);
    expect(fw.lines.map((line) => line.text).slice(-1)).toEqual(['EVT KEY circle']);
    fw.advance(100);
    expect(keyTimes(fw)).toEqual([20]);
  });
});
