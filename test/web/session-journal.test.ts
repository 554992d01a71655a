// A reload is not a power cut: the inputs of a session, replayed into a fresh device, give the
// same game (state, time left, codes found, code entry, lights, lines), and a power-off starts
// the journal again from the store.
import { describe, expect, it } from 'vitest';
import { NvStore, VirtualDevice, wasmFirmware, type ButtonName, type PinLevel } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';
import { JournalRecorder, journalStore, parseJournal, restoreDevice, type UntimedInput } from '../../sim/web/session-journal.ts';
import { TimeControl } from '../../sim/web/time-control.ts';
import { PRINTED_CODES } from '../support/firmware-device.ts';
import { ManualClock } from '../support/manual-clock.ts';

const firmware = () => wasmFirmware(loadFirmwareModule());
const NAMES: ButtonName[] = ['triangle', 'circle', 'square', 'diamond', 'star'];

/** A page-like session: the device on the page's time control, every input journaled. */
function session(seed: number) {
  const wall = new ManualClock(1000);
  const store = new NvStore();
  const device = VirtualDevice.create({ seed, firmware: firmware(), store, powered: false });
  const time = new TimeControl(device, 1, { wall });
  const journal = new JournalRecorder(device, store, seed);
  const input = (entry: UntimedInput, apply: (d: VirtualDevice) => void): void => {
    time.input((d) => {
      journal.record(entry);
      apply(d);
    });
    journal.settle();
  };
  const pin = (name: ButtonName, level: PinLevel): void => input({ kind: 'pin', button: name, level, bounce: false }, (d) => d.setPin(name, level));
  const press = (name: ButtonName, holdMs = 110, gapMs = 230): void => {
    pin(name, 1);
    wall.pass(holdMs);
    pin(name, 0);
    wall.pass(gapMs);
  };
  const line = (text: string): void => input({ kind: 'line', line: text }, (d) => d.send(text));
  const power = (on: boolean): void => input({ kind: 'power', on }, (d) => d.setPower(on));
  return { wall, store, device, time, journal, pin, press, line, power };
}

/** What a person sees of the device. */
const seen = (device: VirtualDevice) => ({
  state: device.state,
  now: device.now,
  timeLeftMs: device.timeLeftMs,
  found: device.found,
  need: device.need,
  entry: device.entry,
  leds: device.leds,
  boots: device.bootCount,
});

describe('the session kept across a reload', () => {
  it('replays a game in progress to the same state, lines and lights', () => {
    const s = session(11);
    s.power(true);
    s.wall.pass(500);
    s.line('CONFIG correct=12 need=12');
    s.press('triangle');
    s.wall.pass(2000);
    for (const code of PRINTED_CODES.slice(0, 6)) {
      for (const digit of code) s.press(NAMES[Number(digit)] ?? 'circle');
      s.wall.pass(700);
    }
    s.line('SIM ADVANCE 30000');
    s.press(NAMES[Number(PRINTED_CODES[7]?.[0] ?? '1')] ?? 'circle');
    s.wall.pass(1234);
    s.time.input(() => undefined);
    expect(s.device.found).toBeGreaterThan(0);
    expect(s.device.entry).toHaveLength(1);

    // What the page saves (as JSON in sessionStorage), read back and replayed.
    const text = JSON.stringify(s.journal.snapshot(1));
    const journal = parseJournal(text);
    expect(journal).toBeDefined();
    if (!journal) return;
    const restored = restoreDevice(journal, { firmware: firmware(), store: new NvStore(journalStore(journal)) });
    expect(seen(restored)).toEqual(seen(s.device));
    expect(restored.lines).toEqual(s.device.lines);
    // And it goes on alike: the countdown and the entry keep running the same way.
    s.device.advance(9000);
    restored.advance(9000);
    expect(seen(restored)).toEqual(seen(s.device));
  });

  it('starts the journal again at a power-off, keeping the boot count and the store', () => {
    const s = session(12);
    s.power(true);
    s.line('CONFIG duration=300');
    s.press('triangle');
    s.power(false);
    expect(s.journal.snapshot(1).inputs).toEqual([]);
    s.wall.pass(1000);
    s.power(true);
    s.wall.pass(300);
    s.press('triangle');
    s.time.input(() => undefined);
    const journal = parseJournal(JSON.stringify(s.journal.snapshot(10)));
    expect(journal?.boots).toBe(1);
    expect(journal?.speed).toBe(10);
    if (!journal) return;
    const restored = restoreDevice(journal, { firmware: firmware(), store: new NvStore(journalStore(journal)) });
    expect(seen(restored)).toEqual(seen(s.device));
    expect(restored.timeLeftMs).toBeLessThanOrEqual(300_000);
  });

  it('refuses a damaged or foreign journal rather than restoring nonsense', () => {
    const s = session(13);
    s.power(true);
    s.press('triangle');
    const good = s.journal.snapshot(1);
    expect(parseJournal(JSON.stringify(good))).toEqual(good);
    expect(parseJournal(null)).toBeUndefined();
    expect(parseJournal('{not json')).toBeUndefined();
    expect(parseJournal(JSON.stringify({ ...good, format: 'other/1' }))).toBeUndefined();
    expect(parseJournal(JSON.stringify({ ...good, store: 'ff' }))).toBeUndefined();
    const backwards = [...good.inputs].reverse();
    expect(parseJournal(JSON.stringify({ ...good, inputs: backwards }))).toBeUndefined();
    expect(parseJournal(JSON.stringify({ ...good, inputs: [{ t: good.startMs, kind: 'pin', button: 'moon', level: 1, bounce: false }] }))).toBeUndefined();
  });
});
