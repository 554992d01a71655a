import { describe, expect, it } from 'vitest';
import { audioTimeOf, planToneCalls, toneGain, type TimeAnchor } from '../../sim/web/audio-plan.ts';

const GAINS = [0, 0.1, 0.2, 0.3];
const anchor: TimeAnchor = { virtualMs: 10_000, audioS: 5, speed: 1 };

describe('audio timeline', () => {
  it('maps virtual time to audio time at the anchor and speed', () => {
    expect(audioTimeOf(anchor, 10_000)).toBe(5);
    expect(audioTimeOf(anchor, 10_250)).toBe(5.25);
    expect(audioTimeOf({ ...anchor, speed: 10 }, 11_000)).toBeCloseTo(5.1);
    expect(() => audioTimeOf({ ...anchor, speed: 0 }, 0)).toThrow(/speed > 0/);
  });

  it('gives each volume its gain and silence a gain of 0', () => {
    expect(toneGain(2000, 3, GAINS)).toBe(0.3);
    expect(toneGain(2000, 1, GAINS)).toBe(0.1);
    expect(toneGain(0, 2, GAINS)).toBe(0);
  });

  it('schedules a note and its end at their virtual instants plus the latency', () => {
    const calls = planToneCalls(
      [
        { t: 10_100, hz: 2000, volume: 2 },
        { t: 10_180, hz: 0, volume: 0 },
      ],
      anchor,
      { nowS: 5.1, latencyS: 0.05, gainByVolume: GAINS },
    );
    expect(calls).toEqual([
      { param: 'frequency', value: 2000, atS: expect.closeTo(5.15, 9) },
      { param: 'gain', value: 0.2, atS: expect.closeTo(5.15, 9) },
      { param: 'gain', value: 0, atS: expect.closeTo(5.23, 9) },
    ]);
  });

  it('compresses a melody at 10×', () => {
    const calls = planToneCalls(
      [
        { t: 10_000, hz: 440, volume: 1 },
        { t: 11_000, hz: 880, volume: 1 },
      ],
      { ...anchor, speed: 10 },
      { nowS: 5, latencyS: 0, gainByVolume: GAINS },
    );
    expect(calls.filter((c) => c.param === 'frequency').map((c) => [c.value, c.atS])).toEqual([
      [440, 5],
      [880, expect.closeTo(5.1, 9)],
    ]);
  });

  it('collapses changes that are already past (a clock jump) into the last state, now', () => {
    const calls = planToneCalls(
      [
        { t: 1000, hz: 1500, volume: 3 },
        { t: 2000, hz: 0, volume: 0 },
        { t: 3000, hz: 800, volume: 1 },
      ],
      anchor,
      { nowS: 5, latencyS: 0.05, gainByVolume: GAINS },
    );
    expect(calls).toEqual([
      { param: 'frequency', value: 800, atS: 5 },
      { param: 'gain', value: 0.1, atS: 5 },
    ]);
  });

  it('never schedules before the last call already scheduled', () => {
    const calls = planToneCalls([{ t: 10_000, hz: 1000, volume: 2 }], anchor, {
      nowS: 5,
      latencyS: 0,
      gainByVolume: GAINS,
      afterS: 5.4,
    });
    expect(calls.every((c) => c.atS === 5.4)).toBe(true);
  });

  it('keeps the oscillator frequency when the tone stops', () => {
    const calls = planToneCalls([{ t: 10_000, hz: 0, volume: 0 }], anchor, { nowS: 5, latencyS: 0, gainByVolume: GAINS });
    expect(calls).toEqual([{ param: 'gain', value: 0, atS: 5 }]);
  });
});
