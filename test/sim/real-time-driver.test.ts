import { describe, expect, it } from 'vitest';
import { RealTimeDriver, VirtualDevice, type WallClock } from '../../sim/device/index.ts';
import { fakeFirmware } from './fake-firmware.ts';

class ManualClock implements WallClock {
  time = 1000.25;
  timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 0;
  now = () => this.time;
  setTimer = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimer = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  /** Moves wall time forward, firing due timers in order. */
  pass(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = end;
  }
}

describe('RealTimeDriver', () => {
  it('sleeps until the next wake, follows the wall clock, and runs inputs at the wall time', () => {
    const clock = new ManualClock();
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
    const clock = new ManualClock();
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
    const clock = new ManualClock();
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
