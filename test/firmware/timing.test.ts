// Time as an input: wrap-around, tickless wake-ups, determinism, no allocation, sounds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FirmwareHarness, SOUND_IDS } from '../support/firmware-harness.ts';
import { PRINTED_CODES } from '../support/firmware-device.ts';

/** A scripted session: a game with codes, a pause, a timeout, table mode, sleep and wake. */
function session(fw: FirmwareHarness): string[] {
  const out: string[] = [];
  const log = (lines: string[]): void => {
    out.push(...lines.map((line) => `${fw.now - start} ${line}`));
  };
  const start = fw.now;
  log(fw.send('CONFIG duration=120 correct=6 need=3'));
  log(fw.press('triangle'));
  for (const code of PRINTED_CODES.slice(0, 10)) {
    for (const digit of code) log(fw.press((['circle', 'square', 'diamond', 'star'] as const)[Number(digit) - 1]!));
    log(fw.advance(1_000));
  }
  log(fw.press('triangle', 1_600));
  log(fw.advance(10_000));
  log(fw.press('triangle'));
  log(fw.press('circle'));
  log(fw.advance(130_000));
  log(fw.send('TIMER 15'));
  log(fw.advance(200_000));
  log(fw.send('STATUS'));
  return out;
}

describe('time', () => {
  it('gives the same output for the same seed and input, and another game for another seed', () => {
    const a = session(new FirmwareHarness({ seed: 1234 }));
    const b = session(new FirmwareHarness({ seed: 1234 }));
    const c = session(new FirmwareHarness({ seed: 4321 }));
    expect(a).toEqual(b);
    expect(a.join('\n')).toContain('EVT TIMEOUT');
    expect(a).not.toEqual(c);
  });

  it('runs the same across the 2^32 ms wrap of the host counter', () => {
    const reference = session(new FirmwareHarness({ seed: 77 }));
    for (const startMs of [2 ** 32 - 5_000, 2 ** 32 - 61_000, 2 ** 32 - 1]) {
      expect(session(new FirmwareHarness({ seed: 77, startMs }))).toEqual(reference);
    }
  });

  it('asks to be woken only when something is due, and tick at that instant always moves on', () => {
    const fw = new FirmwareHarness({ seed: 5 });
    // FirmwareHarness.runUntil throws when nextWake() is still 0 after a tick.
    session(fw);
    expect(fw.exports.nextWake()).toBe(180_000); // the deep-sleep wait, counted from the last line
    fw.advance(180_000);
    expect(fw.exports.nextWake()).toBe(-1); // asleep
    const ready = new FirmwareHarness();
    ready.send('CONFIG sleep=0');
    ready.advance(1_000);
    expect(ready.exports.nextWake()).toBe(-1); // nothing timed in ready without deep sleep
  });

  it('keeps the heap top constant after init over a long session', () => {
    const fw = new FirmwareHarness({ seed: 9 });
    const top = fw.exports.heapTop();
    session(fw);
    for (let i = 0; i < 50; i++) fw.send(`CONFIG duration=${60 + i} volume=${i % 4}`);
    fw.send('x'.repeat(300));
    expect(fw.exports.heapTop()).toBe(top);
  });
});

describe('sounds', () => {
  const sounds = (
    JSON.parse(readFileSync(new URL('../../firmware/sounds.json', import.meta.url), 'utf8')) as {
      sounds: Record<string, [number, number][]>;
    }
  ).sounds;

  it('plays a sound note by note at its boundaries, hinting its id first', () => {
    const fw = new FirmwareHarness();
    fw.advance(5_000);
    const from = fw.calls.length;
    const t0 = fw.now;
    fw.send('PLAY chime');
    fw.advance(2_000);
    const calls = fw.calls.slice(from).filter((call) => call.name === 'tone' || call.name === 'sound');
    const chime = sounds.chime ?? [];
    const expected: string[] = [`0 sound(${SOUND_IDS.chime})`];
    let t = 0;
    for (const [hz, ms] of chime) {
      expected.push(`${t} tone(${hz},2)`);
      t += ms;
    }
    expected.push(`${t} tone(0,2)`);
    expect(calls.map((call) => `${call.t - t0} ${call.name}(${call.args.join(',')})`)).toEqual(expected);
    expect(fw.exports.soundPlaying()).toBe(-1);
    expect(fw.exports.toneHz()).toBe(0);
  });

  it('never sounds at volume 0', () => {
    const fw = new FirmwareHarness({ seed: 3 });
    fw.send('CONFIG volume=0');
    const from = fw.calls.length;
    session(fw);
    fw.send('PLAY fanfare');
    fw.advance(5_000);
    const loud = fw.calls.slice(from).filter((call) => call.name === 'tone' && call.args[0] !== 0);
    expect(loud).toEqual([]);
    expect(fw.calls.slice(from).filter((call) => call.name === 'sound')).toEqual([]);
  });

  it('replaces the click with the feedback sound that follows it', () => {
    const fw = new FirmwareHarness();
    fw.send('START');
    fw.advance(1_000);
    fw.send('PRESS 2');
    fw.send('PRESS 1'); // square-circle begins no code: BUZZ
    expect(fw.exports.soundPlaying()).toBe(SOUND_IDS.buzz);
    expect(fw.exports.toneHz()).toBe(sounds.buzz?.[0]?.[0]);
  });
});
