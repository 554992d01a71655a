// The built image (npm run build:pico) as `companion flash` reads it: a UF2 that ends before the
// settings store and carries the firmware version the timer's HELLO answers; and the settings and
// the loaded pack of a timer sent to BOOTSEL surviving the UF2's blocks written over its flash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { parseUf2 } from '../../host/flash/uf2.ts';
import { packLines } from '../support/pack-sum.ts';
import { bootPico, command, texts } from './harness/session.ts';
import { ROOT, buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';

describe.runIf(picoToolsOrSkip())('the built UF2', () => {
  beforeAll(() => buildPicoImage());

  it('ends before the store and declares the version its HELLO answers', () => {
    const layout = readFlashLayout();
    const uf2 = parseUf2(readFileSync(join(ROOT, 'build', 'imperial-timer.uf2')), layout);
    expect(uf2.endOffset).toBeLessThanOrEqual(layout.storeOffset);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(uf2.version).toBe(version);
    expect(texts(command(bootPico(), 'HELLO'))).toContain(`OK HELLO name=imperial-timer fw=${version} proto=1 symbols=circle,square,diamond,star`);
  });

  it('keeps the settings and the loaded pack across BOOTSEL and a new image written over the flash', () => {
    const layout = readFlashLayout();
    const pico = bootPico();
    expect(texts(command(pico, 'CONFIG volume=1 sleep=0'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=0 volume=1']);
    for (const line of packLines([{ digits: '414', id: 'M01' }, { digits: '232' }])) command(pico, line, 500);
    const pack = texts(command(pico, 'PACK'));
    expect(pack[0]).toMatch(/^OK PACK source=loaded n=2 /);
    pico.sendLine('BOOTSEL');
    for (let ms = 0; ms < 500 && pico.rom.usbBoot === undefined; ms++) pico.run(1);
    expect(pico.rom.usbBoot).toBeDefined();
    // The boot drive writes the UF2's blocks, and only those, over the flash as it was.
    const flash = Uint8Array.from(pico.rp2040.flash);
    const uf2 = parseUf2(readFileSync(join(ROOT, 'build', 'imperial-timer.uf2')), layout);
    flash.set(uf2.image, 0);
    const store = (bytes: Uint8Array): Uint8Array => bytes.subarray(layout.storeOffset, layout.flashBytes);
    expect(store(flash)).toEqual(store(pico.rp2040.flash));
    const flashed = bootPico({ flash });
    expect(texts(command(flashed, 'CONFIG'))).toEqual(['OK CONFIG duration=720 correct=12 need=4 sleep=0 volume=1']);
    expect(texts(command(flashed, 'PACK'))).toEqual(pack);
  });
});
