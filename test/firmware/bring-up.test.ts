// SHOW and BATTERY, the two commands of the guided bring-up check (firmware/PROTOCOL.md): one face
// of the lights in the notation of firmware/lights.json, and the battery read now.
import { describe, expect, it } from 'vitest';
import { enterCode, firmwareDevice, PRINTED_CODES } from '../support/firmware-device.ts';

function device(options: Parameters<typeof firmwareDevice>[0] = {}) {
  const dev = firmwareDevice({ seed: 3, ...options });
  dev.takeLines();
  return dev;
}

/** The `leds` mask a face lights: character i of the bar is bit i, found light j is bit 10 + j. */
function maskOf(face: string): number {
  const lights = face.replace('|', '');
  return [...lights].reduce((mask, c, bit) => (c === '#' ? mask | (1 << bit) : mask), 0);
}

describe('SHOW', () => {
  it('lights exactly the face it is given, segment 0 first, and enters table', () => {
    const dev = device();
    expect(dev.send('SHOW ..#.......|....')).toEqual(['OK SHOW']);
    expect(dev.state).toBe('table');
    expect(dev.leds).toBe(0b100);
    for (const face of ['#.........|....', '.........#|....', '..........|#...', '..........|...#', '##########|####', '#.#.#.#.#.|.#.#', '..........|....']) {
      expect(dev.send(`SHOW ${face}`)).toEqual(['OK SHOW']);
      expect(dev.leds).toBe(maskOf(face));
    }
  });

  it('keeps the face while time passes, until PLAY, TIMER, START, RESET or sleep', () => {
    // Each way out, and the face it leaves: dark, or the full bar of a new game.
    const ended: [string, (d: ReturnType<typeof device>) => void, number][] = [
      ['PLAY', (d) => void d.send('PLAY click'), 0],
      ['TIMER', (d) => void d.send('TIMER 0'), 0],
      ['START', (d) => void d.send('START'), 0x3ff],
      ['RESET', (d) => void d.send('RESET'), 0],
      ['sleep', (d) => void d.advance(31_000), 0],
    ];
    for (const [what, end, after] of ended) {
      const dev = device();
      dev.send('CONFIG sleep=30');
      dev.send('SHOW .#........|..#.');
      dev.advance(20_000);
      expect(dev.leds, what).toBe(maskOf('.#........|..#.'));
      end(dev);
      expect(dev.leds, what).toBe(after);
    }
  });

  it('does not come back after the sleep it ended', () => {
    const dev = device();
    dev.send('CONFIG sleep=30');
    dev.send('SHOW ####......|....');
    expect(dev.advance(30_000)).toContain('EVT SLEEP');
    expect(dev.leds).toBe(0);
    expect(dev.press('circle')).toEqual(['EVT WAKE']);
    expect(dev.state).toBe('table');
    expect(dev.leds).toBe(0);
  });

  it('stops a running TIMER and ends a pattern still showing', () => {
    const dev = device();
    dev.send('TIMER 100');
    dev.send('PLAY chime');
    expect(dev.send('SHOW #.........|...#')).toEqual(['OK SHOW']);
    expect(dev.timeLeftMs).toBe(0);
    expect(dev.leds).toBe(maskOf('#.........|...#'));
    expect(dev.advance(120_000).filter((line) => !line.startsWith('EVT SLEEP'))).toEqual([]);
  });

  it('forgets the last game, like PLAY', () => {
    const dev = device({ seed: 5 });
    dev.send('CONFIG correct=24 need=1');
    dev.send('START');
    enterCode(dev, PRINTED_CODES[0] ?? '');
    expect(dev.state).toBe('won');
    expect(dev.send('SHOW ..........|....')).toEqual(['OK SHOW']);
    expect(dev.send('STATUS')).toEqual(['OK STATUS state=table left=0 found=0 need=1 entry=-']);
  });

  it('answers its errors in the order of checks', () => {
    const dev = device();
    expect(dev.send('SHOW')).toEqual(['ERR bad-args SHOW']);
    expect(dev.send('SHOW ..........|.... ..........|....')).toEqual(['ERR bad-args SHOW']);
    for (const face of ['..........|...', '...........|....', '..........|.....', '..........#....', '..........|..o.', '#########|#####', 'x']) {
      expect(dev.send(`SHOW ${face}`), face).toEqual(['ERR bad-value face']);
    }
    expect(dev.state).toBe('ready');
    dev.send('START');
    expect(dev.send('SHOW x')).toEqual(['ERR state running']);
    expect(dev.send('SHOW 1 2')).toEqual(['ERR bad-args SHOW']);
    dev.send('PAUSE');
    expect(dev.send('SHOW ..........|....')).toEqual(['ERR state paused']);
    expect(dev.state).toBe('paused');
  });
});

describe('BATTERY', () => {
  it('reads the battery now, in every state, as the game start reads it', () => {
    const dev = device({ batteryMv: 3450 });
    expect(dev.send('BATTERY')).toEqual(['OK BATTERY mv=3450']);
    expect(dev.send('START')).toContain('EVT LOWBAT mv=3450');
    dev.setBattery(4012);
    expect(dev.send('battery')).toEqual(['OK BATTERY mv=4012']);
    dev.send('PAUSE');
    dev.setBattery(3100);
    expect(dev.send('BATTERY')).toEqual(['OK BATTERY mv=3100']);
    expect(dev.state).toBe('paused');
    dev.send('PLAY click');
    expect(dev.send('BATTERY')).toEqual(['OK BATTERY mv=3100']);
  });

  it('takes no argument', () => {
    expect(device().send('BATTERY now')).toEqual(['ERR bad-args BATTERY']);
  });
});
