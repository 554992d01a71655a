import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ButtonName, VirtualDevice } from '../../sim/device/index.ts';
import { TimeControl, effectiveSpeed, type Speed, type TimeState } from '../../sim/web/time-control.ts';
import { PRINTED_CODES, firmwareDevice } from '../support/firmware-device.ts';
import { ManualClock } from '../support/manual-clock.ts';

const SOUNDS = (
  JSON.parse(readFileSync(new URL('../../firmware/sounds.json', import.meta.url), 'utf8')) as {
    sounds: Record<string, [number, number][]>;
  }
).sounds;
const soundLength = (name: string): number => (SOUNDS[name] ?? []).reduce((sum, [, ms]) => sum + ms, 0);

function setup(speed: Speed = 1) {
  const wall = new ManualClock(10_000.5);
  const device = firmwareDevice({ seed: 5 });
  const time = new TimeControl(device, speed, { wall });
  const changes: TimeState[] = [];
  time.onChange((state) => changes.push(state));
  return { wall, device, time, changes };
}

/** A person's press: the contact closed for `holdMs` of real time, through the page's time control. */
function personPress(time: TimeControl, wall: ManualClock, name: ButtonName, holdMs: number): void {
  time.input((d) => d.setPin(name, 1));
  wall.pass(holdMs);
  time.input((d) => d.setPin(name, 0));
}

/** Starts a game at 1× and lets its start sound play out, then switches to `speed`. */
function runningAt(speed: Speed): ReturnType<typeof setup> {
  const context = setup(1);
  context.time.input((d) => d.send('START'));
  context.wall.pass(soundLength('start') + 50);
  context.time.setSpeed(speed);
  expect(context.device.state).toBe('running');
  return context;
}

describe('virtual time on the page', () => {
  it('follows real time at 1×, ten times faster at 10× and sixty times at 60×', () => {
    const { wall, device, time } = setup();
    wall.pass(1000);
    time.input(() => undefined);
    expect(device.now).toBe(1000);
    time.setSpeed(10);
    wall.pass(1000);
    time.input(() => undefined);
    expect(device.now).toBe(11_000);
    time.setSpeed(60);
    wall.pass(1000);
    time.input(() => undefined);
    expect(device.now).toBe(71_000);
  });

  it('stands still while frozen, inputs included, and goes on from there', () => {
    const { wall, device, time, changes } = setup();
    time.setSpeed(0);
    const frozen = device.now;
    wall.pass(5000);
    time.input((d) => d.send('STATUS'));
    expect(device.now).toBe(frozen);
    time.setSpeed(1);
    wall.pass(500);
    time.input(() => undefined);
    expect(device.now).toBe(frozen + 500);
    expect(changes.map((c) => c.speed)).toEqual([0, 1]);
  });

  it('goes on from the new instant after a line moved the clock (SIM ADVANCE)', () => {
    const { wall, device, time, changes } = setup();
    time.input((d) => d.send('SIM ADVANCE 60000'));
    expect(device.now).toBe(60_000);
    expect(changes.at(-1)).toEqual({ virtualMs: 60_000, speed: 1 });
    wall.pass(250);
    time.input(() => undefined);
    expect(device.now).toBe(60_250);
  });

  it('wakes the firmware on its own at its wake-up times (a countdown runs out unattended)', () => {
    const { wall, device, time } = runningAt(60);
    time.input((d) => d.send('RESET'));
    time.input((d) => d.send('CONFIG duration=60'));
    time.input((d) => d.send('START'));
    // 60 s of countdown at 60×, except the start sound, the ticks of the last minute, the 10 s
    // warning and the lose sound, which run at 1×: a few seconds of real time.
    wall.pass(4000);
    expect(device.state).toBe('lost');
    expect(device.lines).toContain('EVT TIMEOUT');
  });
});

describe('human pace at 10× and 60× (a person presses, enters a code, hears a sound)', () => {
  it('caps the speed at 1× only while a person is involved and the chosen speed is faster', () => {
    expect([0, 1, 10, 60].map((s) => effectiveSpeed(s as Speed, true))).toEqual([0, 1, 1, 1]);
    expect([0, 1, 10, 60].map((s) => effectiveSpeed(s as Speed, false))).toEqual([0, 1, 10, 60]);
  });

  for (const speed of [10, 60] as const) {
    it(`at ${speed}× a normal click on ▲ does not pause; a 1.6 s hold does`, () => {
      const { wall, device, time } = runningAt(speed);
      personPress(time, wall, 'triangle', 200);
      wall.pass(500);
      time.input(() => undefined);
      expect(device.lines.filter((line) => line === 'EVT PAUSE')).toEqual([]);
      expect(device.state).toBe('running');
      personPress(time, wall, 'triangle', 1600);
      expect(device.state).toBe('paused');
    });

    it(`at ${speed}× a code entered at a person's pace is not cleared as idle`, () => {
      const { wall, device, time } = runningAt(speed);
      const code = PRINTED_CODES[0] ?? '';
      const names: ButtonName[] = ['triangle', 'circle', 'square', 'diamond', 'star'];
      for (const digit of code.slice(0, 2)) {
        personPress(time, wall, names[Number(digit)] ?? 'circle', 120);
        wall.pass(3000);
        time.input(() => undefined);
      }
      expect(device.lines.some((line) => line.startsWith('EVT BUZZ'))).toBe(false);
      expect(device.entry).toHaveLength(2);
      // The firmware's idle timeout is a person's pause too: 8 s of real time, not 8 s / speed.
      wall.pass(6000);
      time.input(() => undefined);
      expect(device.lines).toContain('EVT BUZZ reason=idle');
      expect(device.entry).toHaveLength(0);
      // Nobody involved any more: back to the chosen speed.
      wall.pass(soundLength('buzz') + 100);
      time.input(() => undefined);
      expect(time.rate).toBe(speed);
    });
  }

  it('plays a loss at 60× whole: the lose sound takes its own length of real time', () => {
    const { wall, device, time } = setup(1);
    time.input((d) => d.send('CONFIG duration=60'));
    time.input((d) => d.send('START'));
    time.setSpeed(60);
    const heard: { realMs: number; hz: number }[] = [];
    device.onTone((change) => heard.push({ realMs: wall.time, hz: change.hz }));
    const loseStart = (): VirtualDevice['lastSound'] => device.lastSound;
    for (let waited = 0; loseStart()?.sound !== 'lose' && waited < 20_000; waited += 5) wall.pass(5);
    expect(loseStart()?.sound).toBe('lose');
    const startedAt = wall.time;
    wall.pass(soundLength('lose') + 200);
    const during = heard.filter((tone) => tone.realMs >= startedAt - 5);
    const notes = (SOUNDS['lose'] ?? []).map(([hz]) => hz);
    expect(during.map((tone) => tone.hz)).toEqual([...notes, 0]);
    // The last note ended a whole sound's length of real time after the first began (±1 timer step).
    const end = during.at(-1)?.realMs ?? 0;
    expect(end - startedAt).toBeGreaterThanOrEqual(soundLength('lose') - 10);
    expect(device.state).toBe('lost');
    expect(time.rate).toBe(60);
  });

  it('stays frozen when frozen, even while a person is involved', () => {
    const { wall, device, time } = runningAt(0);
    time.input((d) => d.setPin('circle', 1));
    wall.pass(1000);
    time.input(() => undefined);
    expect(time.rate).toBe(0);
    expect(device.pinLevel('circle')).toBe(1);
  });
});
