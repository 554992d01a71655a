// The page's small pure pieces: input history, minimum contact hold, scaled clock, power figures,
// the saved store and the serial line colours.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POWER_SPEC, type ButtonName, type PinLevel } from '../../sim/device/index.ts';
import { CommandHistory } from '../../sim/web/command-history.ts';
import { InputCounts } from '../../sim/web/input-counts.ts';
import { VirtualDevice, wasmFirmware } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';
import { MinimumHold } from '../../sim/web/minimum-hold.ts';
import { formatHours, formatMa, powerFigures } from '../../sim/web/power-figures.ts';
import { parseStoreHex, savedStore, storeHex } from '../../sim/web/saved-store.ts';
import { lineKind } from '../../sim/web/serial-monitor.ts';
import { parseSpeed } from '../../sim/web/time-control.ts';
import { ManualClock } from '../support/manual-clock.ts';


describe('serial input history', () => {
  it('walks back and forth and returns to the line being typed', () => {
    const history = new CommandHistory();
    history.add('HELLO');
    history.add('CODES');
    expect(history.up('STA')).toBe('CODES');
    expect(history.up('CODES')).toBe('HELLO');
    expect(history.up('HELLO')).toBeUndefined();
    expect(history.down()).toBe('CODES');
    expect(history.down()).toBe('STA');
    expect(history.down()).toBeUndefined();
  });

  it('skips blank lines and immediate repeats, and keeps at most its limit', () => {
    const history = new CommandHistory(2);
    for (const line of ['A', 'A', '  ', 'B', 'C']) history.add(line);
    expect(history.size).toBe(2);
    expect(history.up('')).toBe('C');
    expect(history.up('')).toBe('B');
    expect(history.up('')).toBeUndefined();
  });
});

describe('minimum contact hold', () => {
  function setup(speed = 1) {
    const wall = new ManualClock(500);
    let virtual = 1000;
    const levels: [ButtonName, PinLevel, number][] = [];
    const hold = new MinimumHold(
      { virtualNow: () => virtual, speed: () => speed, setTimer: wall.setTimer, clearTimer: wall.clearTimer },
      (name, level) => levels.push([name, level, virtual]),
      60,
    );
    return { wall, hold, levels, advance: (ms: number) => { virtual += ms * speed; wall.pass(ms); } };
  }

  it('keeps a 0 ms click closed for 60 virtual ms', () => {
    const { hold, levels, advance } = setup();
    hold.press('circle');
    hold.release('circle');
    expect(levels).toEqual([['circle', 1, 1000]]);
    expect(hold.isPending('circle')).toBe(true);
    advance(60);
    expect(levels).toEqual([['circle', 1, 1000], ['circle', 0, 1060]]);
  });

  it('waits in real time for the missing virtual time at 10×', () => {
    const { hold, levels, wall, advance } = setup(10);
    hold.press('star');
    advance(2);
    hold.release('star');
    expect(wall.timers[0]?.at).toBe(wall.time + 4);
    advance(4);
    expect(levels.at(-1)).toEqual(['star', 0, 1060]);
  });

  it('releases at once after a long hold, and before a new press of the same button', () => {
    const { hold, levels, advance } = setup();
    hold.press('triangle');
    advance(1600);
    hold.release('triangle');
    expect(levels.at(-1)).toEqual(['triangle', 0, 2600]);
    hold.press('square');
    hold.release('square');
    hold.press('square');
    expect(levels.slice(-3).map(([, level]) => level)).toEqual([1, 0, 1]);
  });

  it('ignores a release without a press', () => {
    const { hold, levels } = setup();
    hold.release('diamond');
    expect(levels).toEqual([]);
  });
});

describe('speeds', () => {
  it('knows the page speeds only', () => {
    expect(['0', '1', '10', '60', '2', 'x'].map(parseSpeed)).toEqual([0, 1, 10, 60, undefined, undefined]);
  });
});

describe('power figures', () => {
  it('derives the average current and battery life since boot', () => {
    const figures = powerFigures(DEFAULT_POWER_SPEC, 1000, { atMs: 3_601_000, uah: 1000, wakeups: 42, awakeMs: 100 });
    expect(figures.wakeups).toBe(42);
    expect(figures.averageMa).toBeCloseTo(1);
    expect(figures.life).toBe(formatHours(DEFAULT_POWER_SPEC.battery.capacityMah));
    expect(powerFigures(DEFAULT_POWER_SPEC, 5, { atMs: 5, uah: 0, wakeups: 1, awakeMs: 1 }).life).toBeUndefined();
  });

  it('writes durations and currents readably', () => {
    expect([0.5, 7.5, 47, 72, 24 * 400].map(formatHours)).toEqual(['30 min', '7.5 h', '47 h', '3.0 days', '1.1 years']);
    expect(formatHours(Infinity)).toBe('unlimited');
    expect(formatMa(1.8234)).toBe('1.82 mA');
  });
});

describe('saved store', () => {
  it('round-trips the 64 bytes as hex and rejects anything else', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i * 37) & 0xff);
    expect(parseStoreHex(storeHex(bytes))).toEqual(bytes);
    expect(parseStoreHex(null)).toBeUndefined();
    expect(parseStoreHex('ff')).toBeUndefined();
    expect(parseStoreHex('zz'.repeat(64))).toBeUndefined();
  });

  it('loads from storage and saves on every commit', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    } as unknown as Storage;
    const store = savedStore(storage);
    expect(store.isBlank()).toBe(true);
    store.write(0, 0x49);
    store.commit();
    const again = savedStore(storage);
    expect(again.read(0)).toBe(0x49);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } } as unknown as Storage;
    const fallback = savedStore(broken);
    fallback.write(1, 2);
    expect(() => fallback.commit()).not.toThrow();
  });
});

describe('serial line colours', () => {
  it('classifies lines by their first word', () => {
    expect(['OK START', 'ERR unknown X', 'EVT KEY circle', 'OKAY', 'hello'].map(lineKind)).toEqual(['ok', 'err', 'evt', 'other', 'other']);
  });
});

describe('raw edges and debounced presses', () => {
  it('counts every edge the firmware gets and the presses it accepts, not serial PRESS lines', () => {
    const counts = new InputCounts();
    const device = VirtualDevice.create({ seed: 9, firmware: counts.wrap(wasmFirmware(loadFirmwareModule())), bounce: { maxBounces: 3, maxBurstMs: 5 } });
    device.onLine((line) => counts.line(line));
    for (let i = 0; i < 4; i++) device.press('circle');
    counts.duringSerial(() => device.send('PRESS 2'));
    expect(counts.presses).toBe(4);
    // Bouncing contacts: more edges than the 8 of four clean presses, always in pairs (chatter goes and comes back).
    expect(counts.rawEdges).toBeGreaterThan(8);
    expect(counts.rawEdges % 2).toBe(0);
    counts.reset();
    expect([counts.rawEdges, counts.presses]).toEqual([0, 0]);
  });
});
