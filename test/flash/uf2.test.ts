// The UF2 checks of `companion flash` and the build's layout check (hw/pico/flash-layout.ts): an
// image that would reach the settings store is refused, whichever way it gets there.
import { describe, expect, it } from 'vitest';
import { checkImageLayout, readFlashLayout, storeOverlap } from '../../hw/pico/flash-layout.ts';
import { parseUf2 } from '../../host/flash/uf2.ts';
import { flashImage, uf2Of } from './uf2-support.ts';

const layout = readFlashLayout();

describe('the flash layout', () => {
  it('keeps the last 4 KiB of the 2 MiB flash for the store', () => {
    expect(layout.storeOffset).toBe(2 * 1024 * 1024 - 4096);
    expect(storeOverlap(layout.storeOffset, layout)).toBeUndefined();
    expect(storeOverlap(layout.storeOffset + 1, layout)).toMatch(/past 0x1ff000 where the settings and the loaded placard pack are kept/);
  });

  it('fails the build on an image that reaches the store, or a linker script that disagrees', () => {
    expect(() => checkImageLayout(46_000, layout.storeOffset, layout)).not.toThrow();
    expect(() => checkImageLayout(layout.storeOffset + 4, layout.storeOffset, layout)).toThrow(/at most 2093056 bytes; make it smaller/);
    expect(() => checkImageLayout(46_000, layout.storeOffset - 4096, layout)).toThrow(
      /memmap\.ld puts the settings store at flash offset 0x1fe000 but hw\/pico\/flash\.json at 0x1ff000/,
    );
  });
});

describe('parseUf2', () => {
  it('reads the image and its version', () => {
    const uf2 = parseUf2(uf2Of(flashImage('1.2.3', 1000), layout), layout);
    expect(uf2).toMatchObject({ blocks: 4, endOffset: 1024, version: '1.2.3' });
  });

  it('refuses a block aimed at the store even when the image is small', () => {
    const bytes = uf2Of(flashImage('1.2.3', 1024), layout, { target: (i) => (i === 1 ? layout.flashBase + layout.storeOffset : layout.flashBase) });
    expect(() => parseUf2(bytes, layout, 'x.uf2')).toThrow(/x\.uf2 is refused: block 1 writes at 0x101ff000, into the last 4096 bytes of flash/);
  });

  it('refuses another family, an address outside the flash, a cut file and a file that is not UF2', () => {
    const image = flashImage('1.2.3', 1024);
    expect(() => parseUf2(uf2Of(image, layout, { familyId: 0x68ed2b88 }), layout)).toThrow(/family 0x68ed2b88, not the RP2040's 0xe48bff56/);
    expect(() => parseUf2(uf2Of(image, layout, { target: () => 0x2000_0000 }), layout)).toThrow(/outside the Pico's flash/);
    expect(() => parseUf2(uf2Of(image, layout, { total: 9 }), layout)).toThrow(/has 4 of its 9 blocks: the file is cut short/);
    expect(() => parseUf2(new Uint8Array(700), layout)).toThrow(/not a whole number of 512-byte UF2 blocks/);
    expect(() => parseUf2(new Uint8Array(512), layout)).toThrow(/does not have the UF2 magic numbers/);
  });
});
