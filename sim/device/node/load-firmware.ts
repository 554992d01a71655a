// Node-only: loads build/firmware.wasm (compiled once per process and path).
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileFirmware } from '../firmware-instance.ts';

/** The repository's build/firmware.wasm. */
export const DEFAULT_FIRMWARE_PATH = fileURLToPath(new URL('../../../build/firmware.wasm', import.meta.url));

const compiled = new Map<string, { mtimeMs: number; module: WebAssembly.Module }>();

/** Reads and compiles the firmware; a missing file gets an error saying how to build it. */
export function loadFirmwareModule(path: string = DEFAULT_FIRMWARE_PATH): WebAssembly.Module {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    throw new Error(`firmware not found at ${path}: build it with \`npm run build:fw\``);
  }
  const cached = compiled.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return cached.module;
  const module = compileFirmware(new Uint8Array(readFileSync(path)));
  compiled.set(path, { mtimeMs, module });
  return module;
}

/** True when the firmware file exists (integration tests skip without it). */
export function firmwareBuilt(path: string = DEFAULT_FIRMWARE_PATH): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
