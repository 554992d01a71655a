// The settings store in the last flash sector, written through the boot ROM's flash functions
// from code in RAM (the stand-in ROM fails any flash read while XIP is off).
import { beforeAll, describe, expect, it } from 'vitest';

import { bootPico, command, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

const run = picoToolsOrSkip();
const STORE_OFFSET = 2 * 1024 * 1024 - 4096;

describe.runIf(run)('the settings store on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('keeps CONFIG across a power cycle, in the last 4 KiB sector of the 2 MiB flash', () => {
    const first = bootPico({ seed: 3 });
    expect(texts(command(first, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);
    expect(texts(command(first, 'CONFIG duration=300 volume=1 sleep=60'))).toEqual(['OK CONFIG duration=300 correct=12 need=4 sleep=60 volume=1']);
    const writes = first.rom.calls.filter((call) => call.name === 'flash_range_erase' || call.name === 'flash_range_program');
    expect(writes).toEqual([
      { name: 'flash_range_erase', offset: STORE_OFFSET, count: 4096, blockSize: 65536, blockCommand: 0xd8 },
      { name: 'flash_range_program', offset: STORE_OFFSET, count: 512 },
    ]);
    expect(first.rom.xip).toBe(true);

    const second = bootPico({ seed: 4, flash: first.flashSnapshot() });
    expect(texts(command(second, 'CONFIG'))).toEqual(['OK CONFIG duration=300 correct=12 need=4 sleep=60 volume=1']);
  });

  it('reports a corrupt settings record in flash with EVT STORE at power-on and uses the defaults', () => {
    const first = bootPico({ seed: 3 });
    command(first, 'CONFIG duration=300');
    const flash = first.flashSnapshot();
    flash[STORE_OFFSET + 3] = (flash[STORE_OFFSET + 3] ?? 0) ^ 0x01; // one bit of the duration: the CRC no longer matches
    const second = bootPico({ seed: 4, flash });
    second.run(20);
    expect(texts(second.lines)).toEqual(['EVT POWER on', 'EVT STORE part=settings reason=corrupt']);
    expect(texts(command(second, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=2']);

    const blank = bootPico({ seed: 5 });
    blank.run(20);
    expect(texts(blank.lines)).toEqual(['EVT POWER on']);
  });

  it('reads a button held while the flash is written once the write is over', () => {
    // Only UART0's interrupt is taken while XIP is off (its handler is in SRAM); a button edge
    // waits in IO_BANK0 until the write ends, and the button is read then.
    const pico = bootPico({ seed: 3 });
    const from = pico.lines.length;
    const arrives = pico.sendBytes('CONFIG volume=1\n');
    pico.runUntilMs(arrives);
    pico.scheduleButton(0, true, 5);
    pico.scheduleButton(0, false, 120);
    pico.run(400);
    const [erase] = pico.flashBusy.filter(({ what }) => what === 'flash_range_erase');
    expect(erase?.fromMs).toBeLessThan(arrives + 5);
    expect(erase?.untilMs).toBeGreaterThan(arrives + 5);
    const lines = pico.lines.slice(from);
    expect(texts(lines).slice(0, 2)).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=180 volume=1', 'EVT KEY triangle']);
    expect(lines[1]?.ms).toBeGreaterThan(erase?.untilMs ?? Infinity);
    expect(texts(lines)).toContainEqual(expect.stringMatching(/^EVT START left=/));
  });

  it('does not rewrite the flash when the settings did not change', () => {
    const pico = bootPico();
    command(pico, 'CONFIG volume=3');
    const erases = () => pico.rom.calls.filter((call) => call.name === 'flash_range_erase').length;
    expect(erases()).toBe(1);
    command(pico, 'CONFIG volume=3');
    expect(erases()).toBe(1);
  });

  it('leaves the image itself untouched', () => {
    const pico = bootPico();
    const before = Buffer.from(pico.flashSnapshot().subarray(0, STORE_OFFSET));
    command(pico, 'CONFIG need=2');
    const after = Buffer.from(pico.flashSnapshot().subarray(0, STORE_OFFSET));
    expect(after.equals(before)).toBe(true);
  });
});
