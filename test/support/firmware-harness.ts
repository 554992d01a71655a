// A bare host for build/firmware.wasm: records every import call, drives time by hand.
// Scenario tests use sim/device's VirtualDevice; this harness is for ABI-level checks
// (exact call times, import arguments, the store bytes) where nothing may stand between.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readableExports, wireImports } from '../../firmware/abi-names.ts';
import type { FirmwareInstance } from '../../sim/device/firmware-instance.ts';
import { SOUND_NAMES, type SoundName } from '../../sim/device/names.ts';
import { STORE_SIZE } from '../../sim/device/store.ts';

export const FIRMWARE_PATH = fileURLToPath(new URL('../../build/firmware.wasm', import.meta.url));

let compiled: WebAssembly.Module | undefined;

function firmwareModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(readFileSync(FIRMWARE_PATH));
  return compiled;
}

export const BUTTON = { triangle: 0, circle: 1, square: 2, diamond: 3, star: 4 } as const;
export type ButtonName = keyof typeof BUTTON;

export const STATE_NAMES = ['ready', 'running', 'paused', 'won', 'lost', 'sleep', 'table'] as const;
export type StateName = (typeof STATE_NAMES)[number];

/** Sound ids by name, from the one table (firmware/sounds.json, via sim/device/names.ts). */
export const SOUND_IDS = Object.fromEntries(SOUND_NAMES.map((name, id) => [name, id])) as Record<SoundName, number>;

export interface ImportCall {
  t: number;
  name: 'tone' | 'sound' | 'leds' | 'sleep' | 'nvWrite' | 'nvCommit' | 'batteryMv' | 'reboot';
  args: number[];
}

export interface HarnessOptions {
  seed?: number;
  /** The first `now`, in ms (the firmware sees it modulo 2^32). */
  startMs?: number;
  /** The store's bytes (shared between instances to model a power cycle; a 64-byte legacy image reads blank beyond). */
  store?: Uint8Array;
  batteryMv?: number;
  /** Whether the `reboot` import can restart the device (a Pico: 1); default not (0). */
  canReboot?: boolean;
}

/** Lines are collected as they are completed; times are virtual ms (not wrapped). */
export class FirmwareHarness {
  readonly exports: FirmwareInstance;
  readonly store: Uint8Array;
  readonly calls: ImportCall[] = [];
  readonly lines: { t: number; text: string }[] = [];
  batteryMv: number;
  private clock: number;
  private partial = '';

  constructor(options: HarnessOptions = {}) {
    this.store = options.store ?? new Uint8Array(STORE_SIZE).fill(0xff);
    this.batteryMv = options.batteryMv ?? 4500;
    this.clock = options.startMs ?? 0;
    const pending = new Uint8Array(STORE_SIZE);
    const record = (name: ImportCall['name'], args: number[]): void => {
      this.calls.push({ t: this.clock, name, args });
    };
    const env = {
      tone: (hz: number, volume: number) => record('tone', [hz, volume]),
      sound: (id: number) => record('sound', [id]),
      leds: (mask: number) => record('leds', [mask]),
      sleep: (mode: number) => record('sleep', [mode]),
      tx: (byte: number) => this.receive(byte),
      nvRead: (offset: number) => this.store[offset] ?? 0xff,
      nvWrite: (offset: number, byte: number) => {
        pending[offset] = byte;
        record('nvWrite', [offset, byte]);
      },
      nvCommit: () => {
        record('nvCommit', []);
        for (const call of this.calls) if (call.name === 'nvWrite') this.store[call.args[0]!] = pending[call.args[0]!]!;
      },
      batteryMv: () => {
        record('batteryMv', []);
        return this.batteryMv;
      },
      reboot: (mode: number) => {
        record('reboot', [mode]);
        return options.canReboot === true ? 1 : 0;
      },
    };
    // The module holds the ABI's wire names (firmware/abi.json); the harness speaks the readable ones.
    const instance = new WebAssembly.Instance(firmwareModule(), wireImports(env));
    this.exports = readableExports(instance.exports) as unknown as FirmwareInstance;
    this.exports.init(options.seed ?? 1, this.wire(this.clock));
  }

  get now(): number {
    return this.clock;
  }

  get state(): StateName {
    return STATE_NAMES[this.exports.state()] ?? 'ready';
  }

  /** The u32 the firmware sees for virtual time t. */
  wire(t: number): number {
    return t % 2 ** 32;
  }

  /** Lines sent from now on, until the returned function is called. */
  private mark(): () => string[] {
    const start = this.lines.length;
    return () => this.lines.slice(start).map((line) => line.text);
  }

  /** Advances the clock by ms, calling tick exactly at every nextWake instant on the way. */
  advance(ms: number): string[] {
    const taken = this.mark();
    this.runUntil(this.clock + ms);
    return taken();
  }

  /** Runs the firmware's wake-ups up to virtual time `target` (inclusive) and ticks at `target`. */
  runUntil(target: number): void {
    for (;;) {
      const wake = this.exports.nextWake();
      if (wake < 0 || this.clock + wake > target) break;
      const before = this.clock;
      this.clock += wake;
      this.exports.tick(this.wire(this.clock));
      const again = this.exports.nextWake();
      if (again === 0) throw new Error(`nextWake() is 0 right after tick(${this.clock}): the firmware would loop`);
      if (this.clock === before && wake === 0) throw new Error('tick did not advance');
    }
    this.clock = target;
    this.exports.tick(this.wire(this.clock));
  }

  /** A raw contact edge now. */
  pin(button: ButtonName, level: 0 | 1): string[] {
    const taken = this.mark();
    this.exports.button(BUTTON[button], level, this.wire(this.clock));
    return taken();
  }

  /** A clean press: closed for holdMs, then open, then gapMs more. */
  press(button: ButtonName, holdMs = 60, gapMs = 40): string[] {
    const taken = this.mark();
    this.pin(button, 1);
    this.advance(holdMs);
    this.pin(button, 0);
    this.advance(gapMs);
    return taken();
  }

  /** Sends one line (with '\n') byte by byte; returns the lines sent meanwhile. */
  send(line: string): string[] {
    return this.sendBytes(`${line}\n`);
  }

  sendBytes(data: string | number[]): string[] {
    const taken = this.mark();
    const bytes = typeof data === 'string' ? [...data].map((c) => c.charCodeAt(0)) : data;
    for (const byte of bytes) this.exports.rx(byte, this.wire(this.clock));
    return taken();
  }

  callsOf(name: ImportCall['name']): ImportCall[] {
    return this.calls.filter((call) => call.name === name);
  }

  private receive(byte: number): void {
    if (byte === 10) {
      this.lines.push({ t: this.clock, text: this.partial });
      this.partial = '';
    } else {
      this.partial += String.fromCharCode(byte);
    }
  }
}
