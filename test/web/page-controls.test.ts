// The page's small pure pieces: input history, minimum contact hold, speeds, power figures, the
// saved store, the serial line colours, the blink shown long enough, one-click codes, the printed
// codes, the state light and result banner, the battery scale.
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
import { hardware } from '../../hw/hardware.ts';
import { BATTERY_REFUSE_MV, BATTERY_WARN_MV } from '../../sim/web/battery-levels.ts';
import { scalePercent } from '../../sim/web/battery-scale.ts';
import { CODE_GAP_MS, CODE_HOLD_MS, CodeEntry } from '../../sim/web/code-entry.ts';
import { resultBanner, stateLook } from '../../sim/web/face-state.ts';
import { LedPersistence } from '../../sim/web/led-persistence.ts';
import { pageModel } from '../../sim/web/page-model.ts';
import { PRINTED_CODES, printedCodes } from '../../sim/web/printed-codes.ts';

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
    return {
      wall,
      hold,
      levels,
      advance: (ms: number) => {
        virtual += ms * speed;
        wall.pass(ms);
      },
    };
  }

  it('keeps a 0 ms click closed for 60 virtual ms', () => {
    const { hold, levels, advance } = setup();
    hold.press('circle');
    hold.release('circle');
    expect(levels).toEqual([['circle', 1, 1000]]);
    expect(hold.isPending('circle')).toBe(true);
    advance(60);
    expect(levels).toEqual([
      ['circle', 1, 1000],
      ['circle', 0, 1060],
    ]);
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
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
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

describe('a segment that flashes is shown long enough to read', () => {
  it('keeps a bar bit that lit up shown for the minimum, then lets it go', () => {
    const persistence = new LedPersistence(600);
    const bar = 0b11_1111_1111;
    // The current segment (bit 9) flashes on for 150 ms: shown 600 ms.
    expect(persistence.shown(0b11_1111_1111, 0, bar)).toBe(0b11_1111_1111);
    expect(persistence.shown(0b01_1111_1111, 150, bar)).toBe(0b11_1111_1111);
    expect(persistence.msUntilChange(150)).toBe(450);
    expect(persistence.shown(0b01_1111_1111, 599, bar)).toBe(0b11_1111_1111);
    expect(persistence.shown(0b01_1111_1111, 600, bar)).toBe(0b01_1111_1111);
    expect(persistence.msUntilChange(600)).toBeUndefined();
  });

  it("shows outputs outside the stretch mask exactly (found lights, a sound's pattern)", () => {
    const persistence = new LedPersistence(600);
    persistence.note(1 << 10, 0);
    expect(persistence.shown(0, 10, 0b11_1111_1111)).toBe(0);
    persistence.note(1 << 3, 20);
    expect(persistence.shown(0, 30, 0)).toBe(0);
    persistence.note(1 << 4, 40);
    persistence.clear();
    expect(persistence.shown(0, 50, 0b11_1111_1111)).toBe(0);
  });
});

describe('one click enters a printed code', () => {
  it('presses its three buttons one after the other as a person would, then the next queued code', () => {
    const wall = new ManualClock(0);
    const events: string[] = [];
    const entry = new CodeEntry(['triangle', 'circle', 'square', 'diamond', 'star'], {
      press: (name) => events.push(`${wall.time} ${name} down`),
      release: (name) => events.push(`${wall.time} ${name} up`),
      setTimer: wall.setTimer,
      clearTimer: wall.clearTimer,
    });
    entry.enter([3, 1, 2]);
    entry.enter([4, 2, 1]);
    expect(entry.busy).toBe(true);
    wall.pass(10_000);
    expect(entry.busy).toBe(false);
    const step = CODE_HOLD_MS + CODE_GAP_MS;
    expect(events.slice(0, 6)).toEqual([
      '0 diamond down',
      `${CODE_HOLD_MS} diamond up`,
      `${step} circle down`,
      `${step + CODE_HOLD_MS} circle up`,
      `${2 * step} square down`,
      `${2 * step + CODE_HOLD_MS} square up`,
    ]);
    expect(events.slice(6).map((e) => e.split(' ').slice(1).join(' '))).toEqual([
      'star down',
      'star up',
      'square down',
      'square up',
      'circle down',
      'circle up',
    ]);
    expect(() => entry.enter([0, 1, 2])).toThrow(/1..4/);
  });

  it('stops at once when cancelled, releasing a held button', () => {
    const wall = new ManualClock(0);
    const events: string[] = [];
    const entry = new CodeEntry(['triangle', 'circle', 'square', 'diamond', 'star'], {
      press: (name) => events.push(`${name} down`),
      release: (name) => events.push(`${name} up`),
      setTimer: wall.setTimer,
      clearTimer: wall.clearTimer,
    });
    entry.enter([1, 2, 3]);
    entry.cancel();
    wall.pass(5000);
    expect(events).toEqual(['circle down', 'circle up']);
    expect(entry.busy).toBe(false);
  });
});

describe('the printed codes on the page', () => {
  it("are the firmware's CODES, in its order", () => {
    const device = VirtualDevice.create({ seed: 1, firmware: wasmFirmware(loadFirmwareModule()) });
    const answer = device.send('CODES').flatMap((line) => /^OK CODE \d+ (\d{3})$/.exec(line)?.[1] ?? []);
    expect(PRINTED_CODES.map((code) => code.digits.join(''))).toEqual(answer);
    expect(answer).toHaveLength(24);
  });

  it('refuse a pack with a malformed code, naming the file and the placard', () => {
    expect(() => printedCodes({ placards: [{ id: 'M01', name: 'x', code: '152' }] }, 'pack.json')).toThrow(
      'pack.json: placards[0] (M01).code: expected three digits 1..4, got "152"',
    );
    expect(() => printedCodes({}, 'pack.json')).toThrow('pack.json: "placards" must be a list');
    expect(printedCodes({ placards: [{ id: 'I1', name: 'Inquisitor' }] })).toEqual([]);
  });
});

describe("the timer's state on the face", () => {
  it('looks different off, ready, running, paused, won, lost and asleep', () => {
    const looks = (['off', 'ready', 'running', 'paused', 'won', 'lost', 'sleep'] as const).map((state) => stateLook(state));
    expect(new Set(looks.map((look) => look.look)).size).toBe(7);
    expect(new Set(looks.map((look) => look.label)).size).toBe(7);
  });

  it('shows a result banner after a win or a loss only (and while asleep after one)', () => {
    const figures = { found: 2, need: 4, timeLeftMs: 187_000 };
    expect(resultBanner('won', { ...figures, found: 4 }, undefined)).toMatchObject({
      result: 'won',
      detail: 'All 4 codes found with 3:07 left. Press ▲ for a new game.',
    });
    expect(resultBanner('lost', figures, undefined)).toMatchObject({ result: 'lost', detail: '2 of 4 codes found. Press ▲ for a new game.' });
    expect(resultBanner('sleep', figures, 'lost')?.result).toBe('lost');
    for (const state of ['off', 'ready', 'running', 'paused', 'table'] as const) expect(resultBanner(state, figures, 'won')).toBeUndefined();
  });
});

describe("the battery slider's scale", () => {
  it('puts each voltage under the knob position that gives it', () => {
    const battery = pageModel(hardware).battery;
    // Wokwi's knob: 12.5 mm from either end of a 55 mm body for a 30 mm travel.
    expect(scalePercent(battery, 0)).toBeCloseTo((12.5 / 55) * 100);
    expect(scalePercent(battery, battery.view.fullScaleMv)).toBeCloseTo((42.5 / 55) * 100);
    expect(scalePercent(battery, BATTERY_REFUSE_MV)).toBeLessThan(scalePercent(battery, BATTERY_WARN_MV));
  });
});
