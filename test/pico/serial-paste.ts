// Pastes at the full baud rate whose size makes them slow to emulate: a line of any length, and
// the flash written in the middle of a paste. serial-input.test.ts checks the shorter lines and the
// typical erase times (SERIAL_PASTES.test), serial-input.soak.ts every case (SERIAL_PASTES.soak).
import { expect } from 'vitest';
import { firmwareDevice } from '../support/firmware-device.ts';
import { packLines, packSum, type PackCode } from '../support/pack-sum.ts';
import type { EmulatedPico } from './harness/emulated-pico.ts';
import { bootPico, command, texts } from './harness/session.ts';
import { type FlashTiming, SLOWEST_FLASH, TYPICAL_FLASH } from './harness/stand-in-rom.ts';
import { sameLine } from './scenario.ts';

export const SEED = 0x5eed_0017;
export const READY_STATUS = 'OK STATUS state=ready left=0 found=0 need=4 entry=-';
const FLASH_PACK: PackCode[] = [{ digits: '412', id: 'M01' }, { digits: '231' }, { digits: '342', id: 'M03' }, { digits: '124' }];

/** The cases of each slow paste: `test` in npm test, `soak` (every one) in npm run soak. */
export const SERIAL_PASTES = {
  test: {
    longLines: [600, 2_000],
    flashes: [{ flash: 'typical', timing: TYPICAL_FLASH, after: 300 }],
  },
  soak: {
    longLines: [600, 2_000, 10_000],
    flashes: [
      { flash: 'typical', timing: TYPICAL_FLASH, after: 300 },
      { flash: 'slowest', timing: SLOWEST_FLASH, after: 1200 },
    ],
  },
} as const;

/** Sends `text` back to back from now and returns every line sent until the line is quiet. */
export function paste(pico: EmulatedPico, text: string, timeoutMs = 20_000): string[] {
  const from = pico.lines.length;
  pico.sendBytes(text);
  pico.runUntilQuiet(50, timeoutMs);
  return texts(pico.lines.slice(from));
}

/** A line of `length` bytes is answered with one ERR too-long, and the commands after it normally. */
export function checkLongLine(length: number): void {
  const pico = bootPico({ seed: SEED });
  const long = 'CONFIG volume=1 '.repeat(Math.ceil(length / 16)).slice(0, length);
  const lines = paste(pico, `${long}\n${'STATUS\n'.repeat(10)}${long}\r\n${'HELLO\n'.repeat(10)}`);
  const hello = expect.stringMatching(/^OK HELLO name=imperial-timer /) as unknown as string;
  expect(lines).toEqual(['ERR too-long', ...Array<string>(10).fill(READY_STATUS), 'ERR too-long', ...Array<string>(10).fill(hello)]);
  expect(texts(command(pico, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
}

/** A settings change and a pack transfer write the flash in the middle of a paste, with `timing`'s erase times: no byte is lost. */
export function checkFlashDuringPaste({ timing, after }: { timing: FlashTiming; after: number }): void {
  // Each flash write (CONFIG with a change, PACK END) erases a sector (45 ms, up to 400 ms)
  // and programs two pages with XIP off, far longer than the UART's 32-byte FIFO lasts
  // (2.8 ms): the bytes arriving meanwhile must still reach the receive ring.
  // The lines after the pack have short answers, so that input is still arriving when the
  // Pico, answering at the same baud rate, comes to PACK END.
  const script = [
    ...Array<string>(20).fill('STATUS'),
    'CONFIG volume=1 need=3',
    ...Array.from({ length: 5 }, () => ['HELLO', 'STATUS', 'CONFIG', 'PACK']).flat(),
    ...packLines(FLASH_PACK),
    ...Array.from({ length: after }, (_, i) => (i % 10 === 9 ? 'STATUS' : 'PACK CANCEL')),
    'CODES',
    'PACK',
    'CONFIG',
  ];
  const device = firmwareDevice({ seed: SEED });
  device.advance(50);
  const from = device.lines.length;
  for (const line of script) device.send(line);
  const expected = device.lines.slice(from);

  const pico = bootPico({ seed: SEED, flashTiming: timing });
  const firstByteMs = pico.nowMs;
  const lastByteMs = pico.sendBytes(script.map((line) => `${line}\n`).join(''));
  const start = pico.lines.length;
  pico.runUntilQuiet(50, 30_000);
  const lines = texts(pico.lines.slice(start));

  // Both erases fell in the middle of the paste: input arrived all through them.
  const erases = pico.flashBusy.filter(({ what }) => what === 'flash_range_erase');
  expect(erases).toHaveLength(2);
  for (const erase of erases) {
    expect(erase.fromMs).toBeGreaterThan(firstByteMs);
    expect(erase.untilMs).toBeLessThan(lastByteMs);
  }
  expect(lines.filter((line) => line.startsWith('EVT OVERRUN'))).toEqual([]);
  expect(pico.uart.rxOverruns).toBe(0);
  expect(lines).toContain('OK CONFIG duration=720 correct=12 need=3 sleep=180 volume=1');
  expect(lines).toContain(`OK PACK END n=4 sum=${packSum(FLASH_PACK)}`);
  expect(lines.length).toBe(expected.length);
  const mismatches = expected.map((line, i) => ({ i, virtual: line, pico: lines[i] })).filter(({ virtual, pico: p }) => !sameLine(virtual, p ?? '', 2_000));
  expect(mismatches).toEqual([]);

  // Both writes were kept.
  const next = bootPico({ seed: SEED + 1, flash: pico.flashSnapshot() });
  expect(texts(command(next, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=3 sleep=180 volume=1']);
  expect(texts(command(next, 'PACK'))).toEqual([`OK PACK source=loaded n=4 sum=${packSum(FLASH_PACK)}`]);
}
