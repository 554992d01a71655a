// Builds the Raspberry Pi Pico image of the Imperial Timer:
//
//   build/firmware.wasm --wasm2c--> C --arm-none-eabi-gcc--> build/imperial-timer.elf --> .uf2
//
// 1. Checks the tools (Debian packages wabt, gcc-arm-none-eabi, libnewlib-arm-none-eabi).
// 2. Reads the firmware module: its imports must be the ABI's `env` functions, its memory must
//    declare a maximum (the runtime gives it one static array of that size).
// 3. Generates build/pico/gen/board.h from hw/pins.json and hw/diagram.json (checked by
//    hw/hardware.ts), so the pin map has one source.
// 4. Translates the module with wasm2c, assembles boot2 at its SRAM address, pads it to 252
//    bytes and appends the boot ROM's CRC32, compiles and links everything with
//    hw/pico/src/memmap.ld, and converts the flash image to UF2 (family RP2040).
//
// Prints nothing on standard output; errors go to standard error (`--verbose` also reports each
// step). Exits 1 on any error. Skips the work when the outputs are newer than every input;
// `--force` rebuilds anyway.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { EXPORT_WIRE_NAMES, IMPORT_MODULE, IMPORT_WIRE_NAMES, exportWireName, importWireName, readableImport } from '../../firmware/abi-names.ts';
import { WasmFormatError, readSections, sectionReader } from '../../firmware/wasm-reader.ts';
import { FLASH_JSON, checkImageLayout, readFlashLayout } from './flash-layout.ts';

const picoDir = dirname(fileURLToPath(import.meta.url));
const hwDir = dirname(picoDir);
const rootDir = dirname(hwDir);
const srcDir = join(picoDir, 'src');
const buildDir = join(rootDir, 'build');
const wasm2cRuntimeDir = '/usr/src/wasm2c';

// Options: --verbose, --force; --wasm <file> and --name <name> build another module (a test
// fixture) to build/<name>.elf and .uf2 instead of build/firmware.wasm to build/imperial-timer.*;
// --rx-ring <entries> gives the runtime a receive ring of that many entries instead of 16384
// (a power of two; with --name, for the test that makes it overflow); --no-usb leaves the USB
// serial out (with --name: the bench compares the deep-sleep current with and without it).
const argv = process.argv.slice(2);
function option<T extends string | undefined>(name: string, fallback: T): string | T {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) {
    process.stderr.write(`pico build: ${name} needs a value\n`);
    process.exit(1);
  }
  return value;
}
const imageName = option('--name', 'imperial-timer');
const rxRing = option('--rx-ring', undefined);
if (rxRing !== undefined && !(/^\d+$/.test(rxRing) && Number(rxRing) >= 16 && (Number(rxRing) & (Number(rxRing) - 1)) === 0)) {
  process.stderr.write(`pico build: --rx-ring needs a power of two of at least 16, not ${rxRing}\n`);
  process.exit(1);
}
const noUsb = argv.includes('--no-usb');
if (noUsb && imageName === 'imperial-timer') {
  process.stderr.write('pico build: --no-usb builds a test image: give it a --name\n');
  process.exit(1);
}
if (rxRing !== undefined && imageName === 'imperial-timer') {
  process.stderr.write('pico build: --rx-ring builds a test image: give it a --name\n');
  process.exit(1);
}
const wasmFile = resolve(rootDir, option('--wasm', join(buildDir, 'firmware.wasm')));
const workDir = join(buildDir, imageName === 'imperial-timer' ? 'pico' : imageName);
const genDir = join(workDir, 'gen');
const elfFile = join(buildDir, `${imageName}.elf`);
const uf2File = join(buildDir, `${imageName}.uf2`);

/** The crystal of the Raspberry Pi Pico: the runtime's only clock source (PLLs off). */
const PICO_XOSC_HZ = 12_000_000;
/** RP2040 UF2 family id and flash base (the UF2 spec and RP2040 datasheet 2.8.4.2). */
const UF2_FAMILY_RP2040 = 0xe48bff56;
const FLASH_BASE = 0x10000000;
const BOOT2_SIZE = 256;
/** The `env` imports the C runtime implements (firmware/README.md). */
const ABI_IMPORTS = ['tone', 'sound', 'leds', 'tx', 'nvRead', 'nvWrite', 'nvCommit', 'batteryMv', 'sleep', 'reboot'];
/** The name wasm2c gives the module (its C names: Z_firmware_instance_t, Z_firmwareZ_<export>). */
const WASM2C_MODULE_NAME = 'firmware';
/** The firmware exports the main loop calls. */
const ABI_EXPORTS = ['init', 'tick', 'button', 'rx', 'nextWake'];
/** Linear memory the RP2040's 264 KiB can give the module, beside the runtime and stack. */
const MAX_MEMORY_PAGES = 3;
/** PADS_BANK0 DRIVE field values by drive strength in mA (RP2040 datasheet 2.19.6.3). */
const PAD_DRIVE_CODES: Readonly<Record<number, number>> = { 2: 0, 4: 1, 8: 2, 12: 3 };

/** A command the build runs, how to check it is there, and the Debian package that brings it. */
interface Tool {
  command: string;
  args?: string[];
  debianPackage: string;
}

const TOOLS: Tool[] = [
  { command: 'wasm2c', args: ['--version'], debianPackage: 'wabt' },
  { command: 'arm-none-eabi-gcc', args: ['--version'], debianPackage: 'gcc-arm-none-eabi' },
  { command: 'arm-none-eabi-objcopy', args: ['--version'], debianPackage: 'binutils-arm-none-eabi (installed with gcc-arm-none-eabi)' },
];
const DEBIAN_PACKAGES = ['wabt', 'gcc-arm-none-eabi', 'libnewlib-arm-none-eabi'];

const verbose = argv.includes('--verbose');
const force = argv.includes('--force');

class BuildError extends Error {}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function log(message: string): void {
  if (verbose) process.stderr.write(`pico build: ${message}\n`);
}

function rel(file: string): string {
  return relative(rootDir, file);
}

function run(command: string, commandArgs: readonly string[]): string {
  log(`${command} ${commandArgs.map((a) => (a.startsWith(rootDir) ? rel(a) : a)).join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: rootDir, encoding: 'utf8' });
  if (result.error) throw new BuildError(`cannot run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new BuildError(`${command} failed (exit ${result.status}):\n${(result.stderr || result.stdout).trim()}`);
  }
  return result.stdout;
}

function checkTools() {
  const missing = TOOLS.filter((tool) => spawnSync(tool.command, tool.args, { encoding: 'utf8' }).status !== 0);
  if (!existsSync(join(wasm2cRuntimeDir, 'wasm-rt.h'))) missing.push({ command: `${wasm2cRuntimeDir}/wasm-rt.h`, debianPackage: 'wabt' });
  if (missing.length > 0) {
    throw new BuildError(
      `missing ${missing.map((t) => t.command).join(', ')}. Install the Debian packages: ` + `sudo apt-get install ${DEBIAN_PACKAGES.join(' ')}`,
    );
  }
  const newlib = spawnSync('arm-none-eabi-gcc', ['-print-file-name=libc_nano.a', '-mcpu=cortex-m0plus', '-mthumb'], { encoding: 'utf8' });
  if (newlib.status !== 0 || !newlib.stdout.trim().startsWith('/')) {
    throw new BuildError(`the C library for arm-none-eabi is missing. Install the Debian package: sudo apt-get install libnewlib-arm-none-eabi`);
  }
}

// ---- the WebAssembly module: imports and memory limits ----

/** The sections and import/export kinds the build reads (the WebAssembly spec's binary format). */
const SECTION_IMPORT = 2;
const SECTION_MEMORY = 5;
const SECTION_EXPORT = 7;
const KIND_FUNCTION = 0;
const KIND_TABLE = 1;
const KIND_MEMORY = 2;
const KIND_GLOBAL = 3;

/** What the build checks in the module: its imports, exports and memory limits (pages). */
interface ModuleFacts {
  imports: { module: string; field: string; kind: number }[];
  exports: { field: string; kind: number }[];
  memory: { min: number; max: number | null } | null;
}

function readModuleFacts(bytes: Uint8Array): ModuleFacts {
  const imports: ModuleFacts['imports'] = [];
  const exports: ModuleFacts['exports'] = [];
  let memory: ModuleFacts['memory'] = null;
  try {
    for (const section of readSections(bytes)) {
      const reader = sectionReader(section);
      if (section.id === SECTION_IMPORT) {
        for (let count = reader.unsigned(); count > 0; count--) {
          const module = reader.name();
          const field = reader.name();
          const kind = reader.byte();
          imports.push({ module, field, kind });
          if (kind === KIND_FUNCTION) reader.unsigned();
          else if (kind === KIND_TABLE) {
            reader.byte();
            reader.limits();
          } else if (kind === KIND_MEMORY) memory = reader.limits();
          else if (kind === KIND_GLOBAL) reader.take(2);
        }
      } else if (section.id === SECTION_MEMORY) {
        if (reader.unsigned() > 0) memory = reader.limits();
      } else if (section.id === SECTION_EXPORT) {
        for (let count = reader.unsigned(); count > 0; count--) {
          const field = reader.name();
          const kind = reader.byte();
          reader.unsigned();
          exports.push({ field, kind });
        }
      }
    }
  } catch (error) {
    if (!(error instanceof WasmFormatError)) throw error;
    throw new BuildError(`${rel(wasmFile)} is not a whole WebAssembly module (${error.message}). Rebuild it with npm run build:fw.`);
  }
  return { imports, exports, memory };
}

function checkModule(): ModuleFacts & { memory: { min: number; max: number } } {
  if (!existsSync(wasmFile)) throw new BuildError(`${rel(wasmFile)} does not exist. Build the firmware first: npm run build:fw`);
  const facts = readModuleFacts(readFileSync(wasmFile));
  // The module holds the ABI's wire names (firmware/abi.json); messages give the readable ones.
  const provided = new Set(ABI_IMPORTS.map(importWireName));
  for (const { module, field, kind } of facts.imports) {
    if (module !== IMPORT_MODULE.wire || kind !== KIND_FUNCTION || !provided.has(field)) {
      throw new BuildError(
        `${rel(wasmFile)} imports ${readableImport(module, field)}, which the Pico runtime does not provide; ` +
          `the ABI's imports are env.${ABI_IMPORTS.join(', env.')} (firmware/README.md), by their wire names in firmware/abi.json.`,
      );
    }
  }
  const exported = new Set(facts.exports.filter((e) => e.kind === KIND_FUNCTION).map((e) => e.field));
  const missing = ABI_EXPORTS.filter((name) => !exported.has(exportWireName(name)));
  if (missing.length > 0) throw new BuildError(`${rel(wasmFile)} does not export ${missing.join(', ')}, which the Pico runtime calls.`);
  if (facts.memory === null) throw new BuildError(`${rel(wasmFile)} has no linear memory.`);
  if (facts.memory.max === null) {
    throw new BuildError(`${rel(wasmFile)} declares no maximum memory; compile it with asc --maximumMemory so the runtime can size its static memory.`);
  }
  if (facts.memory.max > MAX_MEMORY_PAGES) {
    throw new BuildError(`${rel(wasmFile)} may grow to ${facts.memory.max} pages of 64 KiB; the RP2040 can give it at most ${MAX_MEMORY_PAGES}.`);
  }
  log(`module: ${facts.imports.length} imports, memory ${facts.memory.min}..${facts.memory.max} pages`);
  return { ...facts, memory: { min: facts.memory.min, max: facts.memory.max } };
}

// ---- abi.h from firmware/abi.json ----

/** wasm2c's C name of a module's function: Z_<module>Z_<name> (the names here are letters only). */
function wasm2cName(module: string, name: string): string {
  if (!/^[A-Za-z]+$/.test(module) || !/^[A-Za-z]+$/.test(name)) {
    throw new BuildError(`firmware/abi.json: wire name ${module}.${name} must be letters only (wasm2c would mangle it).`);
  }
  return `Z_${module}Z_${name}`;
}

/**
 * The C names of the firmware's imports and exports by their readable names (ABI_IMPORT_tone,
 * ABI_EXPORT_init), so the runtime's C speaks the ABI of firmware/README.md while the module holds
 * the wire names.
 */
function abiHeader(): string {
  const imports = Object.entries(IMPORT_WIRE_NAMES).map(([name, wire]) => `#define ABI_IMPORT_${name} ${wasm2cName(IMPORT_MODULE.wire, wire)}\n`);
  const exports = Object.entries(EXPORT_WIRE_NAMES).map(([name, wire]) => `#define ABI_EXPORT_${name} ${wasm2cName(WASM2C_MODULE_NAME, wire)}\n`);
  return (
    '// Generated by hw/pico/build.ts from firmware/abi.json. Do not edit.\n' +
    '#ifndef ABI_H\n#define ABI_H\n\n' +
    `// The instance of the imports' module (\`${IMPORT_MODULE.name}\`), as wasm2c names it.\n` +
    `#define ABI_IMPORTS struct Z_${IMPORT_MODULE.wire}_instance_t\n\n` +
    `// The imports (module \`${IMPORT_MODULE.name}\`), defined by the runtime.\n${imports.join('')}\n` +
    `// The exports, called by the runtime.\n${exports.join('')}\n#endif\n`
  );
}

// ---- board.h from the pin map ----

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

async function generateBoardHeader(memoryPages: number): Promise<void> {
  let hardware: typeof import('../hardware.ts').hardware;
  try {
    // Imported here, not at the top: loading it checks the design, and a failure is a build error.
    ({ hardware } = await import('../hardware.ts'));
  } catch (error) {
    throw new BuildError(`the hardware design does not check out: ${messageOf(error)}`);
  }
  const { buttons, leds, buzzer, serial, battery, pins } = hardware;
  const divider = gcd(battery.topOhms + battery.bottomOhms, battery.bottomOhms);
  const list = (values: readonly (number | string)[]): string => `{${values.join(', ')}}`;
  const padDriveCode = (driveMa: number | undefined, bit: number): number => {
    const code = driveMa === undefined ? undefined : PAD_DRIVE_CODES[driveMa];
    if (code === undefined) throw new BuildError(`hw/pins.json: LED bit ${bit} has drive ${driveMa} mA; the RP2040 pads drive 2, 4, 8 or 12 mA.`);
    return code;
  };
  const text = `// Generated by hw/pico/build.ts from hw/pins.json and hw/diagram.json. Do not edit.
#ifndef BOARD_H
#define BOARD_H

// Raspberry Pi Pico: 12 MHz crystal, the only clock source the runtime uses.
#define RUNTIME_XOSC_HZ ${PICO_XOSC_HZ}u

// Buttons in firmware index order (${buttons.map((b) => b.name).join(', ')}): pull-up, closed = low.
#define BOARD_BUTTON_COUNT ${buttons.length}u
#define BOARD_BUTTON_PINS ${list(buttons.map((b) => b.gpio))}
#define BOARD_BUTTON_ACTIVE_LOW 1

// LEDs in leds-mask bit order (bits 0..9 bar, 10..13 found), active high.
#define BOARD_LED_COUNT ${leds.length}u
#define BOARD_LED_PINS ${list(leds.map((l) => l.gpio))}
#define BOARD_LED_ACTIVE_LOW 0
// Pad drive strength per LED (PADS_BANK0 DRIVE field: 0 = 2 mA, 1 = 4 mA, 2 = 8 mA, 3 = 12 mA).
#define BOARD_LED_DRIVE ${list(leds.map((l) => padDriveCode(pins.leds[l.bit]?.driveMa, l.bit)))}

// Buzzer on PWM slice ${buzzer.pwmSlice} channel ${buzzer.pwmChannel}; duty cycle per volume 0..3, in 1/1000.
#define BOARD_BUZZER_PIN ${buzzer.gpio}u
#define RUNTIME_BUZZER_DUTY_PERMILLE ${list(buzzer.dutyByVolume.map((d) => Math.round(d * 1000)))}

// UART0
#define RUNTIME_UART_BAUD ${serial.baud}u
#define BOARD_UART_TX_PIN ${serial.tx.gpio}u
#define BOARD_UART_RX_PIN ${serial.rx.gpio}u

// Battery: ADC input ${battery.adcChannel} behind ${battery.dividerTop} (${battery.topOhms} ohm) / ${battery.dividerBottom} (${battery.bottomOhms} ohm).
// battery mV = pin mV * NUM / DEN
#define BOARD_BATTERY_PIN ${battery.gpio}u
#define BOARD_BATTERY_ADC_CHANNEL ${battery.adcChannel}u
#define BOARD_BATTERY_ADC_BITS ${battery.adcBits}u
#define RUNTIME_ADC_VREF_MV ${battery.adcRefMv}u
#define BOARD_BATTERY_DIVIDER_NUM ${(battery.topOhms + battery.bottomOhms) / divider}u
#define BOARD_BATTERY_DIVIDER_DEN ${battery.bottomOhms / divider}u

// The firmware module's linear memory (its declared maximum), in 64 KiB pages.
#define FIRMWARE_MEMORY_PAGES ${memoryPages}u

#endif
`;
  writeIfChanged(join(genDir, 'board.h'), text);
  writeIfChanged(join(genDir, 'abi.h'), abiHeader());
  writeIfChanged(join(genDir, 'usb_ids.h'), usbIdsHeader(pins.boardGpios.vbusSense));
}

/** hw/pico/usb.json: the image's USB identity. */
const usbJsonFile = join(picoDir, 'usb.json');

/** The USB identity as C defines, checked: ids of 16 bits, strings of printable ASCII (UTF-16 descriptors of at most 126 characters). */
function usbIdsHeader(vbusSensePin: number): string {
  const fail = (what: string): never => {
    throw new BuildError(`${rel(usbJsonFile)}: ${what}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(usbJsonFile, 'utf8'));
  } catch (error) {
    fail(`not readable JSON (${messageOf(error)})`);
  }
  const usb = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (usb.format !== 'imperial-timer-usb/1') fail('"format" must be "imperial-timer-usb/1"');
  const id = (key: string): number => {
    const value = usb[key];
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{4}$/.test(value))
      fail(`"${key}" must be a 16-bit hex string such as "0x1209", not ${JSON.stringify(value)}`);
    return parseInt(value as string, 16);
  };
  const text = (key: string, max: number): string => {
    const value = usb[key];
    if (typeof value !== 'string' || !/^[\x20-\x7e]+$/.test(value) || value.length > max || /["\\]/.test(value)) {
      fail(`"${key}" must be 1 to ${max} printable ASCII characters without quotes or backslashes, not ${JSON.stringify(value)}`);
    }
    return value as string;
  };
  const maxPower = usb.maxPowerMa;
  if (typeof maxPower !== 'number' || !Number.isInteger(maxPower) || maxPower < 2 || maxPower > 500 || maxPower % 2 !== 0) {
    fail(`"maxPowerMa" must be an even number of mA from 2 to 500, not ${JSON.stringify(maxPower)}`);
  }
  const hex = (n: number): string => `0x${n.toString(16).padStart(4, '0')}u`;
  return `// Generated by hw/pico/build.ts from hw/pico/usb.json and hw/pins.json. Do not edit.
#ifndef USB_IDS_H
#define USB_IDS_H

#define USB_VID ${hex(id('vid'))}
#define USB_PID ${hex(id('pid'))}
#define USB_MANUFACTURER "${text('manufacturer', 64)}"
#define USB_PRODUCT "${text('product', 64)}"
#define USB_MAX_POWER_MA ${maxPower as number}u
// VBUS through the Pico's divider (hw/pins.json, boardGpios.vbusSense)
#define BOARD_VBUS_SENSE_PIN ${vbusSensePin}u

#endif
`;
}

// ---- boot2 ----

/** CRC-32 as the RP2040 boot ROM checks boot2: polynomial 0x04c11db7, init 0xffffffff, MSB first, no final xor. */
function bootRomCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0;
  }
  return crc >>> 0;
}

function buildBoot2(cflags: readonly string[]): string {
  const object = join(workDir, 'boot2.o');
  const elf = join(workDir, 'boot2.elf');
  const bin = join(workDir, 'boot2.bin');
  run('arm-none-eabi-gcc', [...cflags, '-c', join(srcDir, 'boot2.S'), '-o', object]);
  run('arm-none-eabi-gcc', [...cflags, '-nostdlib', '-T', join(srcDir, 'boot2.ld'), object, '-o', elf]);
  run('arm-none-eabi-objcopy', ['-O', 'binary', elf, bin]);
  const code = readFileSync(bin);
  if (code.length > BOOT2_SIZE - 4) throw new BuildError(`boot2 is ${code.length} bytes; it must fit in ${BOOT2_SIZE - 4} (the last 4 hold its CRC).`);
  const image = Buffer.alloc(BOOT2_SIZE);
  code.copy(image);
  image.writeUInt32LE(bootRomCrc32(image.subarray(0, BOOT2_SIZE - 4)), BOOT2_SIZE - 4);
  const lines: string[] = [];
  for (let i = 0; i < BOOT2_SIZE; i += 16)
    lines.push(`  .byte ${[...image.subarray(i, i + 16)].map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(', ')}`);
  const source = `// Generated by hw/pico/build.ts: boot2 (${code.length} bytes of code, zero padding, CRC32 0x${image.readUInt32LE(BOOT2_SIZE - 4).toString(16)}).\n  .section .boot2, "a"\n${lines.join('\n')}\n`;
  const file = join(genDir, 'boot2_image.S');
  writeFileSync(file, source);
  log(`boot2: ${code.length} bytes, CRC32 0x${image.readUInt32LE(BOOT2_SIZE - 4).toString(16)}`);
  return file;
}

/** The version in package.json (firmware/build.ts checks its form: it is the firmware's too). */
function packageVersion(): string {
  const version = (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version?: unknown }).version;
  if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]{1,32}$/.test(version))
    throw new BuildError('package.json: "version" must be a semver string without spaces');
  return version;
}

/** The value of a symbol of the linked ELF (e.g. memmap.ld's __store_offset). */
function elfSymbol(elf: string, name: string): number {
  const line = run('arm-none-eabi-nm', [elf])
    .split('\n')
    .find((l) => l.endsWith(` ${name}`));
  if (line === undefined) throw new BuildError(`the linked image has no symbol ${name}; check hw/pico/src/memmap.ld.`);
  return Number.parseInt(line.split(' ')[0] ?? '', 16);
}

// ---- UF2 ----

/** Converts a flash image (starting at `base`) to UF2: 256-byte payloads in 512-byte blocks. */
function toUf2(image: Buffer, base: number, familyId: number): Buffer {
  const payload = 256;
  const blocks = Math.ceil(image.length / payload);
  const out = Buffer.alloc(blocks * 512);
  for (let i = 0; i < blocks; i++) {
    const block = out.subarray(i * 512, (i + 1) * 512);
    block.writeUInt32LE(0x0a324655, 0); // magic start 0 ("UF2\n")
    block.writeUInt32LE(0x9e5d5157, 4); // magic start 1
    block.writeUInt32LE(0x00002000, 8); // flags: familyID present
    block.writeUInt32LE(base + i * payload, 12);
    block.writeUInt32LE(payload, 16);
    block.writeUInt32LE(i, 20);
    block.writeUInt32LE(blocks, 24);
    block.writeUInt32LE(familyId, 28);
    image.copy(block, 32, i * payload, Math.min(image.length, (i + 1) * payload));
    block.writeUInt32LE(0x0ab16f30, 508); // magic end
  }
  return out;
}

// ---- build ----

function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  writeFileSync(file, content);
  log(`wrote ${rel(file)}`);
}

function newest(files: readonly string[]): number {
  return Math.max(...files.filter((f) => existsSync(f)).map((f) => statSync(f).mtimeMs));
}

// The build options that change the image, kept beside it: a build with other options is not up to date.
const optionsFile = join(workDir, 'options.json');
const buildOptions = JSON.stringify({ rxRing: rxRing ?? null, usb: !noUsb });

function upToDate(): boolean {
  if (!existsSync(elfFile) || !existsSync(uf2File)) return false;
  if (!existsSync(optionsFile) || readFileSync(optionsFile, 'utf8') !== buildOptions) return false;
  const sources = readdirSync(srcDir).map((f) => join(srcDir, f));
  const inputs = [
    ...sources,
    wasmFile,
    fileURLToPath(import.meta.url),
    join(hwDir, 'pins.json'),
    join(hwDir, 'diagram.json'),
    usbJsonFile,
    FLASH_JSON,
    join(rootDir, 'firmware', 'abi.json'),
    join(picoDir, 'flash-layout.ts'),
    join(rootDir, 'package.json'),
  ];
  return Math.min(statSync(elfFile).mtimeMs, statSync(uf2File).mtimeMs) > newest(inputs);
}

// Test suites build in parallel: one build at a time, the others wait and then find it done.
const lockDir = join(buildDir, `${imageName}.lock`);
const LOCK_STALE_MS = 180_000;

async function withBuildLock(work: () => Promise<void>): Promise<void> {
  mkdirSync(buildDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lockedAt = statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if (lockedAt !== undefined && Date.now() - lockedAt > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

async function build(): Promise<void> {
  checkTools();
  const facts = checkModule();
  if (!force && upToDate()) {
    log(`${rel(uf2File)} is up to date`);
    return;
  }
  await withBuildLock(async () => {
    if (!force && upToDate()) return;
    await compileAndLink(facts);
  });
}

/** The first accessor wasm2c instantiates: src/wasm_access.h is included just before it. */
const FIRST_ACCESSOR = 'DEFINE_LOAD(i32_load, u32, u32, u32)';

/**
 * Replaces wasm2c's linear-memory loads and stores (memcpy for every access) with those of
 * src/wasm_access.h (one LDR/STR when aligned), by including it where the accessors are made.
 */
function useFastMemoryAccess(file: string): void {
  const source = readFileSync(file, 'utf8');
  const at = source.indexOf(`\n${FIRST_ACCESSOR}\n`);
  if (at < 0) {
    throw new BuildError(
      `${rel(file)}: wasm2c's output no longer holds "${FIRST_ACCESSOR}"; update src/wasm_access.h and useFastMemoryAccess in hw/pico/build.ts for this wasm2c version.`,
    );
  }
  writeFileSync(file, `${source.slice(0, at + 1)}#include "wasm_access.h"\n${source.slice(at + 1)}`);
}

async function compileAndLink(facts: ReturnType<typeof checkModule>): Promise<void> {
  mkdirSync(genDir, { recursive: true });
  await generateBoardHeader(facts.memory.max);
  run('wasm2c', [wasmFile, '-n', WASM2C_MODULE_NAME, '-o', join(genDir, 'firmware.c')]);
  useFastMemoryAccess(join(genDir, 'firmware.c'));

  const cpu = ['-mcpu=cortex-m0plus', '-mthumb'];
  const boot2Source = buildBoot2(cpu);
  const common = [...cpu, '-Os', '-g', '-std=gnu11', '-ffunction-sections', '-fdata-sections', '-I', genDir, '-I', srcDir, '-I', wasm2cRuntimeDir];
  // The image id line (hw/pico/flash.json): how the companion's `flash` reads a UF2's version.
  const layout = (() => {
    try {
      return readFlashLayout();
    } catch (error) {
      throw new BuildError(messageOf(error));
    }
  })();
  const imageId = `-DIMAGE_ID="${layout.imageIdPrefix}${packageVersion()}\\n"`;
  const objects: string[] = [];
  const compile = (source: string, extra: readonly string[]): void => {
    const object = join(workDir, `${(source.split('/').pop() ?? source).replace(/\.[cS]$/, '')}.o`);
    run('arm-none-eabi-gcc', [...common, ...extra, '-c', source, '-o', object]);
    objects.push(object);
  };
  for (const file of readdirSync(srcDir)
    .filter((f) => f.endsWith('.c'))
    .sort()) {
    compile(join(srcDir, file), [
      '-Wall',
      '-Wextra',
      '-Werror',
      ...(rxRing === undefined ? [] : [`-DUART_RX_RING_SIZE=${rxRing}u`]),
      ...(noUsb ? ['-DRUNTIME_USB=0'] : []),
      imageId,
    ]);
  }
  // wasm2c output: 32-bit target, so explicit bounds checks and a call-depth limit; no asserts.
  compile(join(genDir, 'firmware.c'), ['-O2', '-DNDEBUG', '-DWASM_RT_MAX_CALL_STACK_DEPTH=200', '-Wno-unused']);
  compile(boot2Source, []);

  run('arm-none-eabi-gcc', [
    ...cpu,
    '-nostartfiles',
    '--specs=nano.specs',
    '-T',
    join(srcDir, 'memmap.ld'),
    '-Wl,--gc-sections',
    `-Wl,-Map=${join(workDir, `${imageName}.map`)}`,
    ...objects,
    '-lm',
    '-lc',
    '-lgcc',
    '-o',
    `${elfFile}.tmp`,
  ]);
  const binFile = join(workDir, `${imageName}.bin`);
  run('arm-none-eabi-objcopy', ['-O', 'binary', `${elfFile}.tmp`, binFile]);
  const image = readFileSync(binFile);
  try {
    checkImageLayout(image.length, elfSymbol(`${elfFile}.tmp`, '__store_offset'), layout);
  } catch (error) {
    throw new BuildError(messageOf(error));
  }
  const crc = bootRomCrc32(image.subarray(0, BOOT2_SIZE - 4));
  if (image.readUInt32LE(BOOT2_SIZE - 4) !== crc)
    throw new BuildError('the linked image does not start with boot2 and its CRC; check the .boot2 section in memmap.ld.');
  // Both outputs appear whole, the UF2 last (it is the up-to-date marker with the ELF).
  renameSync(`${elfFile}.tmp`, elfFile);
  writeFileSync(`${uf2File}.tmp`, toUf2(image, FLASH_BASE, UF2_FAMILY_RP2040));
  renameSync(`${uf2File}.tmp`, uf2File);
  writeFileSync(optionsFile, buildOptions);
  log(`wrote ${rel(elfFile)} and ${rel(uf2File)} (${image.length} bytes of flash)`);
}

try {
  await build();
} catch (error) {
  if (error instanceof BuildError) {
    process.stderr.write(`pico build: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
