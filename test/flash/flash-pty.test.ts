// `imperial-timer flash` through the real serial-port stack, on the built-in virtual timer behind
// a pseudo-terminal: it reads the timer's HELLO, sends BOOTSEL, and the virtual timer, which
// cannot be flashed, refuses it; the flash stops saying so, nothing written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { startPtyBridge } from '../../host/link/pty-bridge.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import { readFlashLayout } from '../../hw/pico/flash-layout.ts';
import { memoryIo } from '../companion/cli-process.ts';
import { flashImage, uf2Of } from './uf2-support.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flash-pty-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('imperial-timer flash on a timer that cannot be flashed', () => {
  it('asks its version, sends BOOTSEL and reports the refusal in words', async () => {
    const device = new VirtualTransport({ seed: 1, realTime: true });
    const bridge = await startPtyBridge(device);
    try {
      const file = join(dir, 'imperial-timer.uf2');
      writeFileSync(file, uf2Of(flashImage('9.9.9', 4096), readFlashLayout()));
      const { io, out, err } = memoryIo();
      expect(await runCli(['flash', file, '--port', bridge.path], io)).toBe(1);
      expect(out()).toMatch(/runs firmware \d+\.\d+\.\d+; restarting it into boot mode/);
      expect(err()).toContain('the timer refused to restart into boot mode: this timer cannot be flashed through its link: it is the built-in virtual timer');
    } finally {
      await bridge.close();
      await device.close();
    }
  }, 20_000);
});
