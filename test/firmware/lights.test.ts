// Every sound is also seen: each cue of firmware/lights.json shows its own light pattern on the
// bar and the found lights, frame by frame, and the game's own face comes back after it.
// The face is read as a test or a person reads it: with the emulator's SIM OUTPUTS.
import { describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../sim/device/index.ts';
import { enterCode, firmwareDevice, PRINTED_CODES } from '../support/firmware-device.ts';
import sounds from '../../firmware/sounds.json' with { type: 'json' };
import { CUE_NAMES, cueFrames, cueLengthMs, type CueName } from '../support/lights.ts';

/** The lit mask, as SIM OUTPUTS reports it. */
function shownLeds(device: VirtualDevice): number {
  const answer = device.send('SIM OUTPUTS')[0] ?? '';
  const match = /^OK OUTPUTS leds=(\d+) buzzer=(\d+)$/.exec(answer);
  if (!match) throw new Error(`not an OUTPUTS answer: ${answer}`);
  return Number(match[1]);
}

/** Samples the face in the middle of each frame of `cue`'s pattern, which starts now; ends after the pattern. */
function faceSequence(device: VirtualDevice, cue: CueName): number[] {
  const seen: number[] = [];
  let at = 0;
  const start = device.now;
  for (const [, ms] of cueFrames(cue)) {
    device.advance(start + at + Math.floor(ms / 2) - device.now);
    seen.push(shownLeds(device));
    at += ms;
  }
  device.advance(start + at - device.now);
  return seen;
}

const expected = (cue: CueName) => cueFrames(cue).map(([mask]) => mask);

/** A game whose first printed code is correct (all 24 are), `need` to win. */
function game(need: number, extra = ''): VirtualDevice {
  const device = firmwareDevice({ seed: 5 });
  device.send(`CONFIG correct=24 need=${need} ${extra}`.trim());
  device.send('START');
  device.takeLines();
  return device;
}

/** A game with one correct code in 24: every other complete code is a decoy. */
function decoyOf(device: VirtualDevice): string {
  for (const code of PRINTED_CODES) {
    const lines = enterCode(device, code);
    if (lines.includes('EVT BUZZ reason=decoy')) return code;
    if (lines.includes('EVT FANFARE')) throw new Error('won before a decoy');
  }
  throw new Error('no decoy');
}

describe('the light patterns (the face of each sound)', () => {
  it('differ from one cue to the next: each BUZZ reason, the warnings, low battery and refusal', () => {
    const faces = CUE_NAMES.map((cue) => JSON.stringify(cueFrames(cue)));
    expect(new Set(faces).size).toBe(CUE_NAMES.length);
    for (const cue of CUE_NAMES) expect(cueLengthMs(cue)).toBeLessThanOrEqual(2000);
  });

  it('shows CHIME on the found lights, then the game face with one found light', () => {
    const device = game(4);
    expect(enterCode(device, PRINTED_CODES[0] ?? '')).toContain('EVT CHIME found=1');
    expect(faceSequence(device, 'chime')).toEqual(expected('chime'));
    expect(device.leds >> 10).toBe(0b0001);
    expect(device.leds & 0x3ff).toBeGreaterThanOrEqual(0x1ff); // the bar, its top segment blinking
  });

  it('shows FANFARE, then all four found lights and the frozen bar', () => {
    const device = game(1);
    expect(enterCode(device, PRINTED_CODES[3] ?? '')).toContain('EVT FANFARE');
    expect(faceSequence(device, 'fanfare')).toEqual(expected('fanfare'));
    expect(device.leds).toBe((0b1111 << 10) | 0x3ff);
  });

  it('gives a decoy, a used code, a mistake and an abandoned entry four different faces', () => {
    const used = game(3);
    enterCode(used, PRINTED_CODES[0] ?? '');
    used.advance(cueLengthMs('chime'));
    expect(enterCode(used, PRINTED_CODES[0] ?? '')).toContain('EVT BUZZ reason=used');
    expect(faceSequence(used, 'used')).toEqual(expected('used'));
    expect(used.leds >> 10).toBe(0b0001); // back to the game's one found light

    const mistake = game(3);
    expect([...mistake.send('PRESS 1'), ...mistake.send('PRESS 1')]).toContain('EVT BUZZ reason=mistake');
    expect(faceSequence(mistake, 'mistake')).toEqual(expected('mistake'));

    const idle = game(3);
    idle.send('PRESS 2');
    expect(idle.advance(8000)).toContain('EVT BUZZ reason=idle');
    expect(faceSequence(idle, 'idle')).toEqual(expected('idle'));

    const decoy = firmwareDevice({ seed: 9 });
    decoy.send('CONFIG correct=1 need=1');
    decoy.send('START');
    decoyOf(decoy);
    expect(faceSequence(decoy, 'decoy')).toEqual(expected('decoy'));
    expect(decoy.leds >> 10).toBe(0);
    expect(decoy.leds & 0x3ff).toBeGreaterThanOrEqual(0x1ff);
  });

  it('shows the 60 s and the 10 s warnings, then TIMEOUT, then the dark bar of a lost game', () => {
    const device = firmwareDevice();
    device.send('CONFIG duration=100');
    device.send('START');
    expect(device.advance(40_000)).toContain('EVT WARN left=60000');
    expect(faceSequence(device, 'warn60')).toEqual(expected('warn60'));
    expect(device.leds & 0x3ff).toBeGreaterThanOrEqual(0x1f); // six segments left, the top one blinking
    expect(device.advance(90_000 - device.now)).toContain('EVT WARN left=10000');
    expect(faceSequence(device, 'warn10')).toEqual(expected('warn10'));
    expect(device.advance(100_000 - device.now)).toContain('EVT TIMEOUT');
    expect(faceSequence(device, 'timeout')).toEqual(expected('timeout'));
    expect(device.state).toBe('lost');
    expect(device.leds).toBe(0);
  });

  it('tells a low-battery start from a refusal to start on a flat battery', () => {
    const low = firmwareDevice();
    low.send('SIM BATTERY 3500');
    expect(low.send('START')).toEqual(['EVT LOWBAT mv=3500', 'EVT START left=720000', 'OK START']);
    expect(faceSequence(low, 'lowbat')).toEqual(expected('lowbat'));
    expect(low.leds & 0x3ff).toBeGreaterThanOrEqual(0x1ff); // then the game's full bar

    const flat = firmwareDevice();
    flat.send('SIM BATTERY 3200');
    expect(flat.send('START')).toEqual(['EVT LOWBAT mv=3200', 'ERR lowbat mv=3200']);
    expect(faceSequence(flat, 'refused')).toEqual(expected('refused'));
    expect(flat.leds).toBe(0); // still ready, dark
  });

  it('shows the face of a sound played on the table', () => {
    const table: [string, CueName][] = [
      ['chime', 'chime'],
      ['buzz', 'buzz'],
      ['fanfare', 'fanfare'],
      ['warn', 'warn60'],
      ['lose', 'timeout'],
    ];
    for (const [sound, cue] of table) {
      const device = firmwareDevice();
      expect(device.send(`PLAY ${sound}`)).toEqual(['OK PLAY']);
      expect(faceSequence(device, cue)).toEqual(expected(cue));
      expect(device.leds).toBe(0);
    }
  });

  it('shows the patterns on a muted timer too: the lights are its only voice then', () => {
    const device = game(2, 'volume=0');
    device.takeToneTimeline();
    enterCode(device, PRINTED_CODES[0] ?? '');
    expect(faceSequence(device, 'chime')).toEqual(expected('chime'));
    expect(device.toneTimeline.filter((change) => change.hz > 0)).toEqual([]);
  });

  it('ends a pattern at RESET and in deep sleep', () => {
    const device = firmwareDevice();
    device.send('CONFIG sleep=30');
    device.send('PLAY fanfare');
    device.advance(100);
    expect(device.leds).not.toBe(0);
    device.send('RESET');
    expect(device.leds).toBe(0);
    device.send('PLAY lose');
    device.advance(100);
    expect(device.leds).not.toBe(0);
    expect(device.advance(30_000)).toContain('EVT SLEEP');
    expect(device.leds).toBe(0);
  });
});

describe('SIM OUTPUTS', () => {
  it('answers the lit mask and the buzzer frequency now', () => {
    const device = firmwareDevice();
    expect(device.send('SIM OUTPUTS')).toEqual([`OK OUTPUTS leds=0 buzzer=${device.tone.hz}`]);
    device.send('START');
    device.advance(600); // the start sound is over, the bar full and its top segment off (blinking)
    expect(device.send('SIM OUTPUTS')).toEqual(['OK OUTPUTS leds=511 buzzer=0']);
    device.send('RESET');
    device.send('PLAY buzz');
    const [hz] = (sounds.sounds.buzz[0] ?? []) as number[];
    expect(device.send('SIM OUTPUTS')).toEqual([`OK OUTPUTS leds=${cueFrames('buzz')[0]?.[0]} buzzer=${hz}`]);
  });
});
