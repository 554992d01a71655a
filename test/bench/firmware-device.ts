// Helpers for the firmware bench sections: devices on build/firmware.wasm and seeded games.
import { statSync } from 'node:fs';
import { VirtualDevice, seededRandom, type ButtonName } from '../../sim/device/index.ts';
import { DEFAULT_FIRMWARE_PATH, loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';

export const BENCH_SEED = 2026;
export const GAME_MS = 720_000;
const SYMBOLS: readonly ButtonName[] = ['circle', 'square', 'diamond', 'star'];

export function firmwareSize(): number {
  return statSync(DEFAULT_FIRMWARE_PATH).size;
}

export function benchDevice(seed = BENCH_SEED): VirtualDevice {
  return VirtualDevice.create({ seed, firmware: loadFirmwareModule() });
}

/** Starts a game and lets it run out with no other input. */
export function idleGame(device: VirtualDevice): void {
  device.send('START');
  device.advance(GAME_MS + 1000);
}

/**
 * Starts a game and, every 1..3 s until it runs out, presses a random symbol twice: no printed
 * code repeats a symbol, so each pair buzzes a mistake and the game lasts the full 12 minutes.
 */
export function pressingGame(device: VirtualDevice, seed = BENCH_SEED): number {
  const random = seededRandom(seed);
  let presses = 0;
  device.send('START');
  while (device.state === 'running') {
    device.advance(1000 + Math.floor(random() * 2000));
    if (device.state !== 'running') break;
    const symbol = SYMBOLS[Math.floor(random() * SYMBOLS.length)] ?? 'circle';
    device.press(symbol);
    device.press(symbol);
    presses += 2;
  }
  return presses;
}

/** Wall-clock time of `action`, in ms. */
export function timed(action: () => void): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}
