// The SIM commands run on a stand-in device: one answer each, and a clock that never passes
// what a number counts exactly.
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_MS, answerSim, type SimTarget } from '../../sim/device/sim-answers.ts';

function target(now = 0) {
  const calls: string[] = [];
  const device: SimTarget & { clock: number } = {
    clock: now,
    get now() {
      return this.clock;
    },
    leds: 0b11_0000000111,
    tone: { hz: 1319, volume: 2 },
    runUntil(t) {
      calls.push(`runUntil ${t}`);
      this.clock = t;
    },
    setPin: (button, level) => void calls.push(`pin ${button} ${level}`),
    setPower: (on) => void calls.push(`power ${on}`),
    setBattery: (mv) => void calls.push(`battery ${mv}`),
    energy: () => ({ atMs: 0, uah: 12.6, wakeups: 3, awakeMs: 4 }),
  };
  return { device, calls };
}

describe('answerSim', () => {
  it('advances the clock and answers the new time', () => {
    const { device, calls } = target(100);
    expect(answerSim(device, { kind: 'advance', ms: 50 })).toBe('OK ADVANCE now=150');
    expect(calls).toEqual(['runUntil 150']);
  });

  it('refuses an advance past 2^53 - 1 ms and leaves the clock where it is', () => {
    const { device, calls } = target(MAX_CLOCK_MS - 10);
    expect(answerSim(device, { kind: 'advance', ms: 11 })).toBe('ERR bad-value ms');
    expect(calls).toEqual([]);
    expect(answerSim(device, { kind: 'advance', ms: 10 })).toBe(`OK ADVANCE now=${MAX_CLOCK_MS}`);
    expect(answerSim(device, { kind: 'advance', ms: 0 })).toBe(`OK ADVANCE now=${MAX_CLOCK_MS}`);
    expect(answerSim(device, { kind: 'advance', ms: 1 })).toBe('ERR bad-value ms');
  });

  it('answers OUTPUTS with the lit mask and the buzzer frequency', () => {
    expect(answerSim(target().device, { kind: 'outputs' })).toBe('OK OUTPUTS leds=3079 buzzer=1319');
  });

  it('passes pins, power and battery on, and rounds the charge', () => {
    const { device, calls } = target();
    expect(answerSim(device, { kind: 'pin', button: 'star', level: 1 })).toBe('OK PIN');
    expect(answerSim(device, { kind: 'power', on: false })).toBe('OK POWER');
    expect(answerSim(device, { kind: 'battery', mv: 3400 })).toBe('OK BATTERY');
    expect(answerSim(device, { kind: 'energy' })).toBe('OK ENERGY uah=13 wakeups=3 awake_ms=4');
    expect(calls).toEqual(['pin star 1', 'power false', 'battery 3400']);
  });
});
