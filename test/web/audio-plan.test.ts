import { describe, expect, it } from 'vitest';
import { anchorFor, audioTimeOf, MAX_LAG_S, planToneCalls, toneGain, type TimeAnchor } from '../../sim/web/audio-plan.ts';

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

describe('the anchor a batch of changes plays on', () => {
  const on = { nowS: 5, speed: 1, latencyS: 0.05, afterS: 0, idle: false };
  const tune = [
    { t: 10_300, hz: 494, volume: 2 },
    { t: 10_600, hz: 466, volume: 2 },
    { t: 10_900, hz: 440, volume: 2 },
  ];

  it('keeps the anchor for changes on time', () => {
    expect(anchorFor(anchor, [{ t: 10_000, hz: 880, volume: 1 }], { ...on, deviceNowMs: 10_000 })).toBe(anchor);
  });

  it('plays a batch that came late (a busy machine) whole, at its own spacing, from now', () => {
    // The tune's last note is due at 5.9 s; it all arrives at 6.0 s.
    const late = anchorFor(anchor, tune, { ...on, nowS: 6, deviceNowMs: 11_000 });
    expect(late).toEqual({ virtualMs: 10_300, audioS: 6, speed: 1 });
    const calls = planToneCalls(tune, late, { nowS: 6, latencyS: 0.05, gainByVolume: GAINS }).filter((c) => c.param === 'frequency');
    expect(calls.map((c) => [c.value, c.atS])).toEqual([
      [494, expect.closeTo(6.05, 9)],
      [466, expect.closeTo(6.35, 9)],
      [440, expect.closeTo(6.65, 9)],
    ]);
    // The changes that follow keep that lag while a note sounds, and shed it in a silence.
    const next = [{ t: 11_800, hz: 0, volume: 0 }];
    expect(anchorFor(late, next, { ...on, nowS: 6.5, deviceNowMs: 11_800 })).toBe(late);
    expect(anchorFor(late, next, { ...on, nowS: 6.5, deviceNowMs: 11_800, idle: true })).toEqual({ virtualMs: 11_800, audioS: 6.5, speed: 1 });
  });

  it('re-ties a batch after what is already scheduled, so none of its notes is lost', () => {
    // The audio clock ran slow: the sound is more than MAX_LAG_S behind, with calls up to 7.4 s.
    const behind = anchorFor({ virtualMs: 8_000, audioS: 5, speed: 1 }, tune, { ...on, deviceNowMs: 10_300, afterS: 7.4 });
    expect(behind).toEqual({ virtualMs: 10_300, audioS: expect.closeTo(7.35, 9), speed: 1 });
    const calls = planToneCalls(tune, behind, { nowS: 5, latencyS: 0.05, gainByVolume: GAINS, afterS: 7.4 }).filter((c) => c.param === 'frequency');
    expect(calls.map((c) => [c.value, c.atS])).toEqual([
      [494, expect.closeTo(7.4, 9)],
      [466, expect.closeTo(7.7, 9)],
      [440, expect.closeTo(8.0, 9)],
    ]);
  });

  it('re-ties to the device clock after a jump, so what is older than the lag piles up at now', () => {
    const jumped = anchorFor(anchor, tune, { ...on, deviceNowMs: 10_300 + MAX_LAG_S * 1000 + 1 });
    expect(jumped.virtualMs).toBe(10_300 + MAX_LAG_S * 1000 + 1);
    const calls = planToneCalls(tune, jumped, { nowS: 5, latencyS: 0.05, gainByVolume: GAINS });
    expect(calls.filter((c) => c.param === 'frequency').map((c) => c.value)).toEqual([440]);
  });

  it('re-ties on a new speed, and never to nothing', () => {
    expect(anchorFor(anchor, tune, { ...on, speed: 10, deviceNowMs: 10_300 })).toEqual({ virtualMs: 10_300, audioS: 5, speed: 10 });
    expect(() => anchorFor(anchor, [], { ...on, deviceNowMs: 10_000 })).toThrow(/at least one change/);
  });
});
