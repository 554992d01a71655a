// `imperial-timer flash --port auto`: the one timer plugged in on USB is the port flashed through;
// none leaves only a drive already there; two or more with nobody to ask is an error naming them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flashCommand, type PortPicking } from '../../host/cli/flash.ts';
import { CommandFailure } from '../../host/cli/command-failure.ts';
import type { FlashDeps } from '../../host/flash/flash.ts';
import type { ListedPort } from '../../host/link/serial-transport.ts';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { memoryIo } from '../companion/cli-process.ts';
import { flashImage, uf2Of } from './uf2-support.ts';

const layout = readFlashLayout();
const usb = { vendorId: '1209', productId: '000f', serialNumber: 'E6614C' };
const timerOn = (path: string): ListedPort => ({ path, description: 'Imperial Timer', timer: true, usb });
const other: ListedPort = { path: '/dev/ttyUSB0', description: 'USB serial adapter', timer: false };

let dir: string;
let uf2: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flash-auto-'));
  uf2 = join(dir, 'imperial-timer.uf2');
  writeFileSync(uf2, uf2Of(flashImage('0.3.0', 20_000), layout));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A flash whose timer never answers: it tells which port it was asked to open. */
function deps(opened: string[]): FlashDeps {
  return {
    layout,
    openTimer: async (port) => {
      opened.push(port);
      throw new Error(`cannot open ${port}`);
    },
    findDrive: () => ({ kind: 'none' }),
    sleep: async () => undefined,
    now: () => 0,
    say: () => undefined,
  };
}

const picking = (ports: ListedPort[]): PortPicking => ({ list: async () => ({ ports }), ask: undefined });

describe('imperial-timer flash --port auto', () => {
  it('flashes through the one timer plugged in', async () => {
    const opened: string[] = [];
    const { io, out } = memoryIo();
    await expect(flashCommand([uf2, '--port', 'auto'], io, deps(opened), picking([other, timerOn('/dev/ttyACM3')]))).rejects.toThrow(
      /no timer answers on \/dev\/ttyACM3/,
    );
    expect(opened).toEqual(['/dev/ttyACM3']);
    expect(out()).toContain('--port auto: the timer on /dev/ttyACM3');
  });

  it('with none plugged in, only a drive already there could be used', async () => {
    const opened: string[] = [];
    const { io } = memoryIo();
    await expect(flashCommand([uf2, '--port', 'auto'], io, deps(opened), picking([other]))).rejects.toThrow(
      /no timer port given .* and no RPI-RP2 drive found/,
    );
    expect(opened).toEqual([]);
  });

  it('with two plugged in and nobody to ask, names them', async () => {
    const { io } = memoryIo();
    const failure = flashCommand([uf2, '--port', 'auto'], io, deps([]), picking([timerOn('/dev/ttyACM0'), timerOn('/dev/ttyACM1')]));
    await expect(failure).rejects.toThrow(CommandFailure);
    await expect(failure).rejects.toThrow(/2 timers are plugged in \(.*ttyACM0.*ttyACM1.*\): choose one with --port PATH/);
  });
});
