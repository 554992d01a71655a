// The firmware behind a small typed interface. `wasmFirmware` binds build/firmware.wasm to a host
// (the ABI in firmware/README.md, by the wire names of firmware/abi.json); unit tests can pass any
// object that implements FirmwareInstance.

import { IMPORT_MODULE, IMPORT_READABLE_NAMES, exportWireName, readableImport, wireImports } from '../../firmware/abi-names.ts';

/** The imports the firmware calls (module `env`), implemented by the host. */
export interface FirmwareHost {
  tone(hz: number, volume: number): void;
  sound(id: number): void;
  leds(mask: number): void;
  tx(byte: number): void;
  nvRead(offset: number): number;
  nvWrite(offset: number, byte: number): void;
  nvCommit(): void;
  batteryMv(): number;
  sleep(mode: number): void;
  /** Restart into another mode once the answer is sent (1 = USB boot mode): 1 = will do, 0 = cannot. */
  reboot(mode: number): number;
}

/** The firmware's exports. Times are the host's u32 millisecond counter. */
export interface FirmwareInstance {
  init(seed: number, now: number): void;
  tick(now: number): void;
  button(index: number, level: number, now: number): void;
  rx(byte: number, now: number): void;
  /** ms after the last `now` at which to call `tick` again, 0 = due now, -1 = nothing timed. */
  nextWake(): number;
  state(): number;
  timeLeft(): number;
  found(): number;
  need(): number;
  entryLength(): number;
  entrySymbol(i: number): number;
  ledMask(): number;
  toneHz(): number;
  soundPlaying(): number;
  powerMode(): number;
  heapTop(): number;
}

/** Makes a fresh firmware instance (a power-up: fresh RAM) bound to `host`. */
export type FirmwareFactory = (host: FirmwareHost) => FirmwareInstance;

export const IMPORT_NAMES = [
  'tone',
  'sound',
  'leds',
  'tx',
  'nvRead',
  'nvWrite',
  'nvCommit',
  'batteryMv',
  'sleep',
  'reboot',
] as const satisfies readonly (keyof FirmwareHost)[];

export const EXPORT_NAMES = [
  'init',
  'tick',
  'button',
  'rx',
  'nextWake',
  'state',
  'timeLeft',
  'found',
  'need',
  'entryLength',
  'entrySymbol',
  'ledMask',
  'toneHz',
  'soundPlaying',
  'powerMode',
  'heapTop',
] as const satisfies readonly (keyof FirmwareInstance)[];

/** The firmware trapped (unreachable, out-of-bounds access, stack overflow...). */
export class FirmwareTrapError extends Error {
  override name = 'FirmwareTrapError';
  constructor(
    readonly trap: string,
    /** The virtual time of the call that trapped, in ms. */
    readonly atMs: number,
    /** The call that trapped, e.g. `rx(0x41 'A', now=1200)`. */
    readonly call: string,
    /** The last input given to the firmware (a button edge or a serial byte), if any. */
    readonly lastInput: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(`firmware trapped (${trap}) at t=${atMs} ms in ${call}; last input: ${lastInput ?? 'none'}`, options);
  }
}

/** The firmware broke the ABI (bad import arguments) or the module does not match it. */
export class FirmwareAbiError extends Error {
  override name = 'FirmwareAbiError';
}

/** Compiles firmware bytes, with a clear error when they are not a valid module. */
export function compileFirmware(bytes: Uint8Array<ArrayBuffer>): WebAssembly.Module {
  try {
    return new WebAssembly.Module(bytes);
  } catch (error) {
    throw new FirmwareAbiError(`the firmware bytes are not a valid WebAssembly module (${errorMessage(error)}); rebuild with \`npm run build:fw\``, {
      cause: error,
    });
  }
}

/** Checks that `module` matches the ABI and returns a factory of instances bound to a host. */
export function wasmFirmware(module: WebAssembly.Module): FirmwareFactory {
  checkModuleAbi(module);
  return (host) => bindInstance(module, host);
}

function checkModuleAbi(module: WebAssembly.Module): void {
  for (const imp of WebAssembly.Module.imports(module)) {
    const name = imp.module === IMPORT_MODULE.wire ? IMPORT_READABLE_NAMES.get(imp.name) : undefined;
    if (name === undefined || imp.kind !== 'function') {
      throw new FirmwareAbiError(
        `firmware.wasm imports ${readableImport(imp.module, imp.name)} (${imp.kind}), which is not in the ABI ` +
          `(firmware/README.md allows env functions ${IMPORT_NAMES.join(', ')}, by their wire names in firmware/abi.json)`,
      );
    }
  }
  const exported = new Map(WebAssembly.Module.exports(module).map((e) => [e.name, e.kind]));
  const missing = EXPORT_NAMES.filter((name) => exported.get(exportWireName(name)) !== 'function');
  if (missing.length > 0) {
    throw new FirmwareAbiError(`firmware.wasm does not export the ABI function(s) ${missing.join(', ')} (see firmware/README.md and firmware/abi.json)`);
  }
}

type WasmFunction = (...args: number[]) => number;

function bindInstance(module: WebAssembly.Module, host: FirmwareHost): FirmwareInstance {
  const env: Record<string, WasmFunction> = {};
  for (const name of IMPORT_NAMES) {
    const method = host[name] as (...args: number[]) => number | undefined;
    env[name] = (...args: number[]) => {
      try {
        return method.apply(host, args) ?? 0;
      } catch (error) {
        if (error instanceof FirmwareAbiError) throw error;
        throw new FirmwareAbiError(`firmware called ${name}(${args.join(', ')}): ${errorMessage(error)}`, { cause: error });
      }
    };
  }
  const instance = new WebAssembly.Instance(module, wireImports(env));
  const fn = (name: string): WasmFunction => instance.exports[exportWireName(name)] as WasmFunction;
  const init = fn('init');
  const tick = fn('tick');
  const button = fn('button');
  const rx = fn('rx');
  const nextWake = fn('nextWake');
  const state = fn('state');
  const timeLeft = fn('timeLeft');
  const found = fn('found');
  const need = fn('need');
  const entryLength = fn('entryLength');
  const entrySymbol = fn('entrySymbol');
  const ledMask = fn('ledMask');
  const toneHz = fn('toneHz');
  const soundPlaying = fn('soundPlaying');
  const powerMode = fn('powerMode');
  const heapTop = fn('heapTop');
  return {
    init: (seed, now) => void init(seed >>> 0, now >>> 0),
    tick: (now) => void tick(now >>> 0),
    button: (index, level, now) => void button(index, level, now >>> 0),
    rx: (byte, now) => void rx(byte, now >>> 0),
    nextWake: () => nextWake(),
    state: () => state(),
    timeLeft: () => timeLeft(),
    found: () => found(),
    need: () => need(),
    entryLength: () => entryLength(),
    entrySymbol: (i) => entrySymbol(i),
    ledMask: () => ledMask(),
    toneHz: () => toneHz(),
    soundPlaying: () => soundPlaying(),
    powerMode: () => powerMode(),
    heapTop: () => heapTop(),
  };
}

/** Describes a firmware call for error messages, e.g. `rx(0x41 'A', now=1200)`. */
export function describeCall(name: 'init' | 'tick' | 'button' | 'rx', args: readonly number[]): string {
  const now = args.at(-1) ?? 0;
  switch (name) {
    case 'init':
      return `init(seed=${args[0]}, now=${now})`;
    case 'tick':
      return `tick(now=${now})`;
    case 'button':
      return `button(${args[0]}, ${args[1]}, now=${now})`;
    case 'rx':
      return `rx(${describeByte(args[0] ?? 0)}, now=${now})`;
  }
}

function describeByte(byte: number): string {
  const hex = `0x${byte.toString(16).padStart(2, '0')}`;
  if (byte === 0x0a) return `${hex} '\\n'`;
  if (byte === 0x0d) return `${hex} '\\r'`;
  return byte >= 0x20 && byte < 0x7f ? `${hex} '${String.fromCharCode(byte)}'` : hex;
}

/**
 * The reason word of `EVT TRAP reason=<reason>` for an error thrown by a call into the firmware:
 * the same words the microcontroller runtime sends for the same traps.
 */
export function trapReason(error: unknown): string {
  if (error instanceof FirmwareAbiError) return 'abi';
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'call-stack-exhausted';
  const message = errorMessage(error).toLowerCase();
  const reasons: readonly [RegExp, string][] = [
    [/unreachable/, 'unreachable'],
    [/out of bounds/, 'out-of-bounds'],
    [/divide by zero|division by zero|remainder by zero/, 'divide-by-zero'],
    [/integer overflow/, 'integer-overflow'],
    [/conversion|unrepresentable/, 'invalid-conversion'],
    [/indirect call|signature mismatch|null function/, 'call-indirect'],
  ];
  return reasons.find(([pattern]) => pattern.test(message))?.[1] ?? 'unknown';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
