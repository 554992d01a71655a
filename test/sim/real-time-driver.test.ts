import { describe, expect, it } from 'vitest';
import { RealTimeDriver, VirtualDevice } from '../../sim/device/index.ts';
import { fakeFirmware } from './fake-firmware.ts';
import { ManualClock } from '../support/manual-clock.ts';

describe('RealTimeDriver', () => {
  it('sleeps until the next wake, follows the wall clock, and runs inputs at the wall time', () => {
    const clock = new ManualClock(1000.25);
    const dev = VirtualDevice.create({ seed: 1, firmware: fakeFirmware().factory });
    let updates = 0;
    const driver = new RealTimeDriver(dev, { clock, onUpdate: () => updates++ });
    driver.start();
    expect(clock.timers.map((t) => t.at - clock.time)).toEqual([500]);
    clock.pass(499);
    expect(dev.now).toBe(0);
    clock.pass(1);
    expect(dev.now).toBe(500);
    expect(dev.leds).toBe(1);
    clock.pass(200);
    const lines = driver.input((d) => {
      d.schedulePress('circle', { holdMs: 100 });
      return d.now;
    });
    expect(lines).toBe(700);
    expect(dev.lines.at(-1)).toBe('EVT EDGE 1 1 t=700');
    clock.pass(100);
    expect(dev.lines.at(-1)).toBe('EVT EDGE 1 0 t=800');
    expect(updates).toBeGreaterThanOrEqual(4);
    driver.stop();
    expect(clock.timers).toEqual([]);
    clock.pass(5000);
    expect(dev.now).toBe(800);
  });

  it('carries on from a clock moved ahead by SIM ADVANCE instead of standing still', () => {
    const clock = new ManualClock(1000.25);
    const dev = VirtualDevice.create({ seed: 1, firmware: fakeFirmware().factory });
    const driver = new RealTimeDriver(dev, { clock });
    driver.start();
    clock.pass(100);
    driver.input((d) => d.send('SIM ADVANCE 60000'));
    const jumped = dev.now;
    expect(jumped).toBeGreaterThanOrEqual(60_100);
    clock.pass(1000);
    expect(driver.input((d) => d.now)).toBe(jumped + 1000);
    driver.stop();
  });

  it('reports errors from the device and keeps running', () => {
    const clock = new ManualClock(1000.25);
    const dev = VirtualDevice.create({ seed: 1, firmware: fakeFirmware().factory });
    const errors: unknown[] = [];
    const driver = new RealTimeDriver(dev, { clock, onError: (e) => errors.push(e) });
    driver.start();
    driver.input((d) => d.send('TRAP'));
    expect(errors).toHaveLength(1);
    expect(dev.state).toBe('fault');
    driver.input((d) => {
      d.setPower(false);
      d.setPower(true);
    });
    clock.pass(600);
    expect(dev.leds).toBe(1);
    driver.stop();
  });
});
