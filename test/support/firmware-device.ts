// Scenario helpers: build/firmware.wasm running in the virtual device (sim/device).

import { readFileSync } from 'node:fs';
import { VirtualDevice, wasmFirmware, type VirtualDeviceOptions } from '../../sim/device/index.ts';
import { loadFirmwareModule } from '../../sim/device/node/load-firmware.ts';

export type DeviceOptions = Partial<Omit<VirtualDeviceOptions, 'firmware'>>;

/** A powered virtual device running the real firmware (seed 1 unless given). */
export function firmwareDevice(options: DeviceOptions = {}): VirtualDevice {
  return VirtualDevice.create({ seed: 1, ...options, firmware: wasmFirmware(loadFirmwareModule()) });
}

interface PackFile {
  placards: { id: string; code?: string; inquisitor?: boolean }[];
}

/** The printed codes of the mission pack, in placard order (the source the firmware is built from). */
export const PRINTED_CODES: readonly string[] = (
  JSON.parse(readFileSync(new URL('../../firmware/pack/rebel-missions.json', import.meta.url), 'utf8')) as PackFile
).placards.flatMap((placard) => (placard.code === undefined ? [] : [placard.code]));

/** Enters a code as logical presses (PRESS <digit>) and returns every line sent meanwhile. */
export function enterCode(device: VirtualDevice, digits: string): string[] {
  return [...digits].flatMap((digit) => device.send(`PRESS ${digit}`));
}

/** The lines of `lines` that are events (EVT ...), without the EVT KEY echoes. */
export function outcomes(lines: readonly string[]): string[] {
  return lines.filter((line) => line.startsWith('EVT ') && !line.startsWith('EVT KEY'));
}
