import { describe, expect, it } from 'vitest';
import { TimeControl, type TimeState } from '../../sim/web/time-control.ts';
import { firmwareDevice } from '../support/firmware-device.ts';
import { ManualClock } from '../support/manual-clock.ts';


function setup() {
  const wall = new ManualClock(10_000.5);
  const device = firmwareDevice({ seed: 5 });
  const time = new TimeControl(device, 1, { wall });
  const changes: TimeState[] = [];
  time.onChange((state) => changes.push(state));
  return { wall, device, time, changes };
}

describe('virtual time on the page', () => {
  it('follows real time at 1×, ten times faster at 10× and sixty times at 60×', () => {
    const { wall, device, time } = setup();
    device.send('START');
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
    expect(device.timeLeftMs).toBe(720_000 - 71_000);
  });

  it('stands still while paused, inputs included, and goes on from there', () => {
    const { wall, device, time, changes } = setup();
    device.send('START');
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
    time.input((d) => d.send('SIM ADVANCE 60000'), { rebase: true });
    expect(device.now).toBe(60_000);
    expect(changes.at(-1)).toEqual({ virtualMs: 60_000, speed: 1 });
    wall.pass(250);
    time.input(() => undefined);
    expect(device.now).toBe(60_250);
  });

  it('wakes the firmware on its own at its wake-up times (a countdown runs out unattended)', () => {
    const { wall, device, time } = setup();
    device.send('CONFIG duration=60');
    device.send('START');
    time.setSpeed(60);
    wall.pass(1100);
    expect(device.state).toBe('lost');
    expect(device.lines).toContain('EVT TIMEOUT');
  });
});
