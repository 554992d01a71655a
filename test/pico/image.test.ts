// The image a user flashes: the UF2 file, the ELF it comes from, and boot2's CRC.
import { beforeAll, describe, expect, it } from 'vitest';

import { boardPins, batteryCounts } from './harness/board.ts';
import { EmulatedPico } from './harness/emulated-pico.ts';
import { BOOT2_SIZE, FLASH_BASE, ImageError, UF2_FAMILY_RP2040, boot2CrcValid, bootRomCrc32, flashImageFromElf, flashImageFromUf2 } from './harness/image.ts';
import { buildPicoImage, picoToolsOrSkip, readElf, readUf2 } from './harness/toolchain.ts';

const run = picoToolsOrSkip();

describe('the boot ROM CRC', () => {
  it('is CRC-32/MPEG-2: check value 0x0376e6e7 for "123456789"', () => {
    expect(bootRomCrc32(new TextEncoder().encode('123456789'))).toBe(0x0376e6e7);
  });
});

describe.runIf(run)('the Pico image', () => {
  beforeAll(() => buildPicoImage());

  it('is a UF2 file of 256-byte flash pages for the RP2040 family, holding exactly the ELF', () => {
    const uf2 = readUf2();
    const view = new DataView(uf2.buffer, uf2.byteOffset, uf2.byteLength);
    expect(uf2.length % 512).toBe(0);
    expect(view.getUint32(28, true)).toBe(UF2_FAMILY_RP2040);
    expect(view.getUint32(12, true)).toBe(FLASH_BASE);
    const fromUf2 = flashImageFromUf2(uf2).bytes;
    const fromElf = flashImageFromElf(readElf()).bytes;
    expect(fromUf2.length).toBe(Math.ceil(fromElf.length / 256) * 256);
    expect(fromUf2.subarray(0, fromElf.length)).toEqual(fromElf);
  });

  it('starts with a boot2 whose last 4 bytes are the boot ROM CRC of its first 252', () => {
    const image = flashImageFromUf2(readUf2());
    expect(boot2CrcValid(image)).toBe(true);
    const stored = new DataView(image.bytes.buffer).getUint32(BOOT2_SIZE - 4, true);
    expect(stored).toBe(bootRomCrc32(image.bytes.subarray(0, BOOT2_SIZE - 4)));
  });

  it('has its vector table at 0x10000100: the stack at the top of SRAM, reset in flash (Thumb)', () => {
    const bytes = flashImageFromUf2(readUf2()).bytes;
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0x100, true)).toBe(0x2004_2000);
    const reset = view.getUint32(0x104, true);
    expect(reset & 1).toBe(1);
    expect(reset - 1).toBeGreaterThan(FLASH_BASE + 0x100);
    expect(reset - 1).toBeLessThan(FLASH_BASE + bytes.length);
  });

  it('is refused, as by the boot ROM, when one bit of boot2 is wrong', () => {
    const image = flashImageFromUf2(readUf2());
    const corrupted = { bytes: image.bytes.slice() };
    corrupted.bytes[17] = (corrupted.bytes[17] ?? 0) ^ 0x01;
    expect(boot2CrcValid(corrupted)).toBe(false);
    expect(() => new EmulatedPico({ image: corrupted, board: boardPins, seed: 1, batteryAdcCounts: batteryCounts(4500) })).toThrow(ImageError);
    expect(() => new EmulatedPico({ image: corrupted, board: boardPins, seed: 1, batteryAdcCounts: batteryCounts(4500) })).toThrow(/boot2 CRC32 mismatch/);
  });

  it('rejects a UF2 block for another chip family', () => {
    const uf2 = readUf2().slice();
    new DataView(uf2.buffer).setUint32(512 + 28, 0x1234_5678, true);
    expect(() => flashImageFromUf2(uf2)).toThrow(/UF2 block 1: not marked for the RP2040 family/);
  });
});
