// The built image (npm run build:pico) as `companion flash` reads it: a UF2 that ends before the
// settings store and carries the firmware version the timer's HELLO answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { parseUf2 } from '../../host/flash/uf2.ts';
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
});
