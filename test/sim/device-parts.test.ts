// The virtual device's parts, each on its own: buzzer, LEDs, serial port, power supply.
import { describe, expect, it } from 'vitest';
import { Buttons } from '../../sim/device/buttons.ts';
import { Buzzer } from '../../sim/device/buzzer.ts';
import { Leds } from '../../sim/device/leds.ts';
import { PowerSupply } from '../../sim/device/power-supply.ts';
import { SerialPort } from '../../sim/device/serial-port.ts';
import { DEFAULT_POWER_SPEC } from '../../sim/device/index.ts';

describe('Buzzer', () => {
  it('records each change once, silences the volume with the tone, and remembers the last sound', () => {
    const buzzer = new Buzzer();
    const heard: number[] = [];
    buzzer.onChange((change) => heard.push(change.hz));
    expect(buzzer.set(10, 440, 2)).toEqual({ t: 10, hz: 440, volume: 2 });
    expect(buzzer.set(11, 440, 2)).toBeUndefined();
    expect(buzzer.set(20, 0, 2)).toEqual({ t: 20, hz: 0, volume: 0 });
    expect(buzzer.tone).toEqual({ hz: 0, volume: 0 });
    expect(heard).toEqual([440, 0]);
    expect(buzzer.takeChanges()).toHaveLength(2);
    expect(buzzer.changes).toEqual([]);
    buzzer.soundStarted(30, 'chime');
    expect(buzzer.lastSound).toEqual({ sound: 'chime', t: 30 });
    buzzer.forgetSounds();
    expect(buzzer.lastSound).toBeUndefined();
  });
});

describe('Leds', () => {
  it('records each change of the mask with its time', () => {
    const leds = new Leds();
    const seen: number[] = [];
    leds.onChange((change) => seen.push(change.mask));
    expect(leds.set(5, 0x3ff)).toEqual({ t: 5, mask: 0x3ff });
    expect(leds.set(6, 0x3ff)).toBeUndefined();
    leds.set(7, 0);
    expect(leds.mask).toBe(0);
    expect(seen).toEqual([0x3ff, 0]);
    expect(leds.takeChanges()).toEqual([
      { t: 5, mask: 0x3ff },
      { t: 7, mask: 0 },
    ]);
  });
});

describe('SerialPort', () => {
  it('assembles tx bytes into lines, drops a half line, and collects per call', () => {
    const port = new SerialPort();
    const heard: string[] = [];
    port.onLine((line) => heard.push(line));
    const outer = port.collect(() => {
      for (const byte of new TextEncoder().encode('OK HI\r\nHALF')) port.txByte(byte);
      port.dropPartial();
      const inner = port.collect(() => port.emit('OK PIN'));
      expect(inner).toEqual(['OK PIN']);
    });
    expect(outer).toEqual(['OK HI', 'OK PIN']);
    expect(heard).toEqual(['OK HI', 'OK PIN']);
    for (const byte of new TextEncoder().encode('X\n')) port.txByte(byte);
    expect(port.takeLines()).toEqual(['OK HI', 'OK PIN', 'X']);
  });
});

describe('PowerSupply', () => {
  it('counts boots, restarts the meter at each and holds its reading while off', () => {
    const supply = new PowerSupply(DEFAULT_POWER_SPEC, 4500, 0);
    expect(supply.switchOn).toBe(false);
    expect(supply.switchedOn(0)).toBe(0);
    supply.meter.wake(0);
    supply.switchedOff(1000);
    const held = supply.energy(5000);
    expect(held.atMs).toBe(1000);
    expect(held.wakeups).toBe(1);
    expect(supply.energy(9000)).toEqual(held);
    expect(supply.switchedOn(9000)).toBe(1);
    expect(supply.energy(9000).wakeups).toBe(0);
    expect(supply.bootCount).toBe(2);
  });

  it('takes a battery voltage in whole mV only', () => {
    const supply = new PowerSupply(DEFAULT_POWER_SPEC, 4500, 0);
    supply.setBattery(3300);
    expect(supply.batteryMv).toBe(3300);
    expect(() => supply.setBattery(-1)).toThrow(/whole number of mV/);
    expect(() => supply.setBattery(3.5)).toThrow(RangeError);
  });
});

describe('Buttons', () => {
  it('schedules a clean press and release, and each edge sets the level when it is taken', () => {
    const buttons = new Buttons(1, false);
    expect(buttons.schedulePress(2, 1000, 100)).toBe(1100);
    expect(buttons.nextEdgeAt).toBe(1000);
    expect(buttons.takeEdge()).toEqual({ t: 1000, button: 2, level: 1 });
    expect(buttons.level(2)).toBe(1);
    expect(buttons.held()).toEqual([2]);
    expect(buttons.takeEdge()).toEqual({ t: 1100, button: 2, level: 0 });
    expect(buttons.held()).toEqual([]);
    expect(buttons.nextEdgeAt).toBe(Infinity);
  });

  it('queues a second press after the first with a gap, and drops pending edges when a level is set', () => {
    const buttons = new Buttons(1, false);
    buttons.schedulePress(1, 0, 100);
    expect(buttons.schedulePress(1, 0, 100)).toBe(250);
    expect(buttons.set(1, 0, 10)).toBe(false); // already open: nothing to schedule, the presses dropped
    expect(buttons.nextEdgeAt).toBe(Infinity);
    expect(buttons.set(1, 1, 10)).toBe(true);
    expect(buttons.takeEdge()).toEqual({ t: 10, button: 1, level: 1 });
  });

  it('bounces a contact with the seeded model when asked', () => {
    const edges = (seed: number) => {
      const buttons = new Buttons(seed, true);
      buttons.set(0, 1, 0);
      const taken = [];
      for (let edge = buttons.takeEdge(); edge; edge = buttons.takeEdge()) taken.push(edge);
      return taken;
    };
    expect(edges(3).length).toBeGreaterThan(1);
    expect(edges(3).at(-1)?.level).toBe(1);
    expect(edges(3)).toEqual(edges(3));
  });
});
