// `imperial-timer flash` on the command line: its help, and the refusals that come before any
// timer or drive is touched (exit 1, saying what to do; a bad flag exits 2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { memoryIo } from '../companion/cli-process.ts';
import { flashImage, uf2Of } from './uf2-support.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flash-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('imperial-timer flash', () => {
  it('prints its usage with --help and is listed by help', async () => {
    const { io, out } = memoryIo();
    expect(await runCli(['flash', '--help'], io)).toBe(0);
    expect(out()).toContain('usage: imperial-timer flash [UF2] [--port PATH|auto]');
    const help = memoryIo();
    expect(await runCli(['help'], help.io)).toBe(0);
    expect(help.out()).toContain('flash [UF2]');
  });

  it('says what to do when the UF2 cannot be read', async () => {
    const { io, err } = memoryIo();
    expect(await runCli(['flash', join(dir, 'missing.uf2'), '--port', '/dev/null-timer'], io)).toBe(1);
    expect(err()).toMatch(/cannot read .*missing\.uf2 .*build the image with npm run build:pico/);
  });

  it('refuses an image that reaches the settings store', async () => {
    const layout = readFlashLayout();
    const file = join(dir, 'big.uf2');
    writeFileSync(file, uf2Of(flashImage('9.9.9', layout.storeOffset + 512), layout));
    const { io, err } = memoryIo();
    expect(await runCli(['flash', file, '--port', '/dev/null-timer'], io)).toBe(1);
    expect(err()).toMatch(/is refused: .*settings and the loaded placard pack/);
  });

  it('exits 2 on an unknown flag', async () => {
    const { io, err } = memoryIo();
    expect(await runCli(['flash', '--baud', '9600'], io)).toBe(2);
    expect(err()).toContain('flash: unknown flag --baud');
  });
});
