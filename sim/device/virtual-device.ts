// The virtual device: the firmware on a virtual clock, with buttons, a battery, a store, a power
// switch and a power meter. Nothing here reads a real clock or imports node: modules, so the same
// device runs in tests, in the terminal and in a browser page.
//
// This file is the runner: the clock, the calls into the firmware and a trap's halt. The parts
// it wires to the firmware's imports and inputs live beside it: buttons.ts (contacts, edges,
// bounce), buzzer.ts, leds.ts, serial-port.ts, power-supply.ts (switch, battery, meter),
// store.ts, and the SIM commands (sim-command.ts parses, sim-answers.ts runs).

import type { BounceOptions, PinLevel } from './bounce.ts';
import { Buttons, DEFAULT_GAP_MS, DEFAULT_HOLD_MS } from './buttons.ts';
import { DEFAULT_POWER_SPEC } from './default-power.ts';
import {
  FirmwareAbiError,
  FirmwareTrapError,
  compileFirmware,
  describeCall,
  errorMessage,
  trapReason,
  wasmFirmware,
  type FirmwareFactory,
  type FirmwareHost,
  type FirmwareInstance,
} from './firmware-instance.ts';
import { Buzzer, type ToneChange, type ToneListener } from './buzzer.ts';
import { checkedHost } from './checked-host.ts';
import { Leds, type LedChange, type LedListener } from './leds.ts';
import { buttonIndex, soundName, stateName, type ButtonName, type SoundName, type StateName } from './names.ts';
import type { EnergyReading, PowerSpec } from './power-model.ts';
import { PowerSupply } from './power-supply.ts';
import { mixSeed } from './random.ts';
import { MAX_CLOCK_MS, answerSim, type SimTarget } from './sim-answers.ts';
import { parseSimBytes } from './sim-command.ts';
import { SerialPort, type LineListener } from './serial-port.ts';
import { NvStore } from './store.ts';

export type { ToneChange, ToneListener } from './buzzer.ts';
export type { LedChange, LedListener } from './leds.ts';
export type { LineListener } from './serial-port.ts';
export { MAX_CLOCK_MS } from './sim-answers.ts';

/** The firmware to run: its bytes, a compiled module, or a factory (a fake in unit tests). */
export type FirmwareSource = Uint8Array | WebAssembly.Module | FirmwareFactory;

export interface VirtualDeviceOptions {
  /** Seeds the firmware's generator at the first boot (later boots mix in the boot count). */
  seed: number;
  firmware: FirmwareSource;
  /** The non-volatile store; survives power cycles. Default: a blank store. */
  store?: NvStore;
  /** Battery voltage the firmware reads. Default: the power model's nominal voltage. */
  batteryMv?: number;
  /** Power model figures. Default: hw/power.json. */
  power?: PowerSpec;
  /** Contact bounce on SIM PIN, setPin and press (true = default model). Default: clean edges. */
  bounce?: boolean | Partial<BounceOptions>;
  /** The virtual clock's first value in ms, 0..MAX_CLOCK_MS (the firmware sees it modulo 2^32). Default 0. */
  startMs?: number;
  /** Whether the power switch starts on (booting the firmware at once). Default true. */
  powered?: boolean;
  /** Building faults to simulate (a freshly soldered timer that is wired wrong). Default: wired right. */
  wiring?: WiringFaults;
}

/**
 * A timer soldered wrong, as a person at the bring-up check meets it: LEDs that never light (in
 * backwards, or a broken joint: the firmware drives them, nothing shines, no current flows) and
 * buttons whose contact reaches another button's pin (the firmware sees that button) or no pin
 * at all (null: the press never arrives).
 */
export interface WiringFaults {
  /** Bits of the LEDs that never light (bits as in `leds`). */
  readonly darkLeds?: number;
  /** Where each listed button's contact is wired: another button's input, or null for none. */
  readonly buttons?: Readonly<Partial<Record<ButtonName, ButtonName | null>>>;
}

export interface PressOptions {
  /** From the first press edge to the first release edge (default 100 ms). */
  holdMs?: number;
  /** Time advanced after the last release edge, so a next press is a new one (default 50 ms). */
  gapMs?: number;
  /** Bounce the contact; default: the device's `bounce` option. */
  bounce?: boolean;
}

export type DeviceState = StateName | 'off' | 'fault';

/** A call into the firmware (its `now` is the time of the call). */
type FirmwareCall = ['init', number] | ['tick'] | ['button', number, PinLevel] | ['rx', number];

/** After this many ticks at one instant with nextWake() still 0, the firmware is declared stuck. */
const MAX_TICKS_AT_ONE_INSTANT = 1000;
const NEWLINE = Uint8Array.of(0x0a);

export class VirtualDevice {
  readonly seed: number;
  readonly store: NvStore;

  private readonly factory: FirmwareFactory;
  private readonly buttons: Buttons;
  private readonly supply: PowerSupply;
  private readonly buzzer = new Buzzer();
  private readonly lights = new Leds();
  private readonly serial = new SerialPort();
  private firmware: FirmwareInstance | undefined;
  private clock: number;
  private lastCallAt: number;
  private wakeAt: number | undefined;
  private callAt = 0;
  private lastInput: { call: FirmwareCall; t: number } | undefined;
  private halted: FirmwareTrapError | FirmwareAbiError | undefined;
  private readonly host: FirmwareHost;
  private readonly simTarget: SimTarget;
  private readonly wiring: WiringFaults;

  static create(options: VirtualDeviceOptions): VirtualDevice {
    return new VirtualDevice(options);
  }

  private constructor(options: VirtualDeviceOptions) {
    if (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > 0xffff_ffff) {
      throw new RangeError(`seed must be a whole number 0..4294967295, got ${options.seed}`);
    }
    this.seed = options.seed;
    this.factory = toFactory(options.firmware);
    this.store = options.store ?? new NvStore();
    this.clock = options.startMs ?? 0;
    if (!Number.isInteger(this.clock) || this.clock < 0 || this.clock > MAX_CLOCK_MS) {
      throw new RangeError(`startMs must be a whole number of ms 0..${MAX_CLOCK_MS} (2^53 - 1), got ${this.clock}`);
    }
    const power = options.power ?? DEFAULT_POWER_SPEC;
    this.supply = new PowerSupply(power, options.batteryMv ?? power.battery.nominalMv, this.clock);
    this.lastCallAt = this.clock;
    this.buttons = new Buttons(mixSeed(this.seed, 0xb0), options.bounce ?? false);
    this.wiring = options.wiring ?? {};
    const dark = this.wiring.darkLeds ?? 0;
    if (!Number.isInteger(dark) || dark < 0 || dark > 0x3fff) throw new RangeError(`wiring.darkLeds must be a mask of bits 0..13, got ${dark}`);
    this.host = this.makeHost();
    this.simTarget = this.makeSimTarget();
    if (options.powered ?? true) this.setPower(true);
  }

  /** The power model figures the meter uses. */
  get power(): PowerSpec {
    return this.supply.spec;
  }

  // ---- clock -------------------------------------------------------------------------------

  /** The virtual clock, in ms (at most MAX_CLOCK_MS). */
  get now(): number {
    return this.clock;
  }

  /** Runs every firmware wake-up and scheduled pin edge up to now + ms, in time order. */
  advance(ms: number): string[] {
    if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`advance(ms) needs a whole number >= 0, got ${ms}`);
    if (this.clock + ms > MAX_CLOCK_MS) {
      throw new RangeError(
        `advance(${ms}) would take the clock past ${MAX_CLOCK_MS} ms (2^53 - 1), the last ms it can count; ` +
          `at most ${MAX_CLOCK_MS - this.clock} ms are left`,
      );
    }
    return this.serial.collect(() => this.runUntil(this.clock + ms));
  }

  /** ms until the device next needs to run (a firmware wake-up or a scheduled pin edge), or undefined. */
  msUntilNextEvent(): number | undefined {
    const next = Math.min(this.firmware ? (this.wakeAt ?? Infinity) : Infinity, this.buttons.nextEdgeAt);
    return next === Infinity ? undefined : Math.max(0, next - this.clock);
  }

  // ---- serial ------------------------------------------------------------------------------

  /**
   * Sends one protocol line (without '\n'). SIM lines are answered by the device itself; every
   * other line goes to the firmware byte by byte with its '\n'. While the power is off only SIM
   * lines are answered. Returns the lines the device sent meanwhile.
   */
  send(line: string): string[] {
    return this.sendLine(new TextEncoder().encode(line));
  }

  /** send() for a line given as bytes (without '\n'), e.g. read from a serial stream. */
  sendLine(bytes: Uint8Array): string[] {
    if (bytes.includes(0x0a)) throw new RangeError('a line must not contain "\\n"; use sendBytes for raw data');
    return this.serial.collect(() => {
      const sim = parseSimBytes(bytes);
      if (sim !== undefined) {
        this.serial.emit(sim.ok ? answerSim(this.simTarget, sim.command) : sim.answer);
        return;
      }
      this.feed(bytes);
      this.feed(NEWLINE);
    });
  }

  /** Feeds raw bytes to the firmware's serial input (no SIM handling). */
  sendBytes(data: Uint8Array | string): string[] {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return this.serial.collect(() => this.feed(bytes));
  }

  /** The lines the device has sent since creation or the last takeLines (the latest HISTORY_LIMIT). */
  get lines(): readonly string[] {
    return this.serial.lines;
  }

  /** Returns the lines sent since creation or the previous call, and forgets them. */
  takeLines(): string[] {
    return this.serial.takeLines();
  }

  onLine(listener: LineListener): () => void {
    return this.serial.onLine(listener);
  }

  // ---- buttons -----------------------------------------------------------------------------

  /**
   * Sets a button's raw contact (1 = closed). With bounce, the first edge is immediate and the
   * chatter follows over the next few ms (delivered by advance). Cancels that button's pending edges.
   */
  setPin(button: ButtonName, level: PinLevel, options: { bounce?: boolean } = {}): string[] {
    const wired = this.wiredPin(button);
    return this.serial.collect(() => {
      if (wired !== null && this.buttons.set(buttonIndex(wired), level, this.clock, options.bounce)) this.runUntil(this.clock);
    });
  }

  /** The firmware's input a button's contact reaches (wiring faults), or null when it reaches none. */
  private wiredPin(button: ButtonName): ButtonName | null {
    const wired = this.wiring.buttons?.[button];
    return wired === undefined ? button : wired;
  }

  /** The raw level of a button's contact now. */
  pinLevel(button: ButtonName): PinLevel {
    return this.buttons.level(buttonIndex(button));
  }

  /**
   * Schedules a press and its release without moving the clock (the real-time driver uses it).
   * The press queues after the button's pending edges (with a gap); a button left held down is
   * released first. Returns the time of the last release edge.
   */
  schedulePress(button: ButtonName, options: Omit<PressOptions, 'gapMs'> = {}): number {
    const holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
    if (!Number.isInteger(holdMs) || holdMs < 1) throw new RangeError(`holdMs must be a whole number >= 1, got ${holdMs}`);
    const wired = this.wiredPin(button);
    if (wired === null) return this.clock + holdMs;
    return this.buttons.schedulePress(buttonIndex(wired), this.clock, holdMs, options.bounce);
  }

  /** Presses and releases a button, advancing the clock through the hold and the gap after it. */
  press(button: ButtonName, options: PressOptions = {}): string[] {
    const gapMs = options.gapMs ?? DEFAULT_GAP_MS;
    if (!Number.isInteger(gapMs) || gapMs < 0) throw new RangeError(`gapMs must be a whole number >= 0, got ${gapMs}`);
    return this.serial.collect(() => {
      const end = this.schedulePress(button, options);
      this.runUntil(end + gapMs);
    });
  }

  // ---- power and battery -------------------------------------------------------------------

  /**
   * The power slide switch. Off: the firmware instance is discarded (RAM lost, uncommitted store
   * writes lost), outputs go dark, serial lines get no answer. On: a fresh instance boots with
   * init(seed', now); seed' is the seed at the first boot, then mixed with the boot count.
   */
  setPower(on: boolean): string[] {
    return this.serial.collect(() => {
      if (on === this.supply.switchOn) return;
      if (on) this.boot();
      else this.shutDown();
    });
  }

  get powered(): boolean {
    return this.supply.switchOn;
  }

  /** How many times the firmware has booted. */
  get bootCount(): number {
    return this.supply.bootCount;
  }

  setBattery(mv: number): void {
    this.supply.setBattery(mv);
  }

  get batteryMv(): number {
    return this.supply.batteryMv;
  }

  /** What the power meter has counted since the last boot (held while the power is off). */
  energy(): EnergyReading {
    return this.supply.energy(this.clock);
  }

  // ---- read-outs ---------------------------------------------------------------------------

  /** The fatal error that stopped the firmware (a trap or an ABI violation), until a power cycle. */
  get fault(): FirmwareTrapError | FirmwareAbiError | undefined {
    return this.halted;
  }

  get state(): DeviceState {
    if (this.halted) return 'fault';
    const firmware = this.firmware;
    if (!firmware) return 'off';
    const value = firmware.state();
    const name = stateName(value);
    if (name === undefined) throw new FirmwareAbiError(`firmware state() returned ${value}, not a state 0..6`);
    return name;
  }

  /** The lit outputs (bits 0..9 the bar, 10..13 the found lights). */
  get leds(): number {
    return this.lights.mask;
  }

  /** LED changes since creation or the last takeLedTimeline, in time order (the latest HISTORY_LIMIT). */
  get ledTimeline(): readonly LedChange[] {
    return this.lights.changes;
  }

  takeLedTimeline(): LedChange[] {
    return this.lights.takeChanges();
  }

  onLeds(listener: LedListener): () => void {
    return this.lights.onChange(listener);
  }

  /** The buzzer now: hz 0 = silent. */
  get tone(): { hz: number; volume: number } {
    return this.buzzer.tone;
  }

  /** The sound now playing, from the firmware's soundPlaying(). */
  get sound(): SoundName | undefined {
    return this.firmware ? soundName(this.firmware.soundPlaying()) : undefined;
  }

  /** The last sound the firmware started (its `sound` hint) and when, since the last boot. */
  get lastSound(): { sound: SoundName; t: number } | undefined {
    return this.buzzer.lastSound;
  }

  get timeLeftMs(): number {
    return this.firmware?.timeLeft() ?? 0;
  }

  get found(): number {
    return this.firmware?.found() ?? 0;
  }

  get need(): number {
    return this.firmware?.need() ?? 0;
  }

  /** The code entered so far, symbols 1..4. */
  get entry(): number[] {
    const firmware = this.firmware;
    if (!firmware) return [];
    return Array.from({ length: firmware.entryLength() }, (_, i) => firmware.entrySymbol(i));
  }

  /** The firmware's power mode: true while in deep sleep. */
  get deepSleep(): boolean {
    return this.firmware?.powerMode() === 1;
  }

  /** The firmware's allocator top (constant after init in a correct firmware). */
  get heapTop(): number | undefined {
    return this.firmware?.heapTop();
  }

  /** Buzzer changes since creation or the last takeToneTimeline, in time order (the latest HISTORY_LIMIT). */
  get toneTimeline(): readonly ToneChange[] {
    return this.buzzer.changes;
  }

  takeToneTimeline(): ToneChange[] {
    return this.buzzer.takeChanges();
  }

  onTone(listener: ToneListener): () => void {
    return this.buzzer.onChange(listener);
  }

  // ---- internals ---------------------------------------------------------------------------

  private boot(): void {
    const bootNumber = this.supply.switchedOn(this.clock);
    const seed = bootNumber === 0 ? this.seed : mixSeed(this.seed, bootNumber);
    this.halted = undefined;
    this.lastInput = undefined;
    this.buzzer.forgetSounds();
    this.serial.dropPartial();
    try {
      this.firmware = this.factory(this.host);
    } catch (error) {
      this.supply.bootFailed();
      throw error;
    }
    const now = this.clock;
    this.callFirmware(now, true, ['init', seed]);
    for (const index of this.buttons.held()) this.callFirmware(now, true, ['button', index, 1]);
  }

  private shutDown(): void {
    this.supply.switchedOff(this.clock);
    this.firmware = undefined;
    this.wakeAt = undefined;
    this.halted = undefined;
    this.serial.dropPartial();
    this.store.discardUncommitted();
    this.callAt = this.clock;
    this.setLedOutput(0);
    this.setToneOutput(0, 0);
  }

  private runUntil(target: number): void {
    let stuckAt = -1;
    let ticksThere = 0;
    for (;;) {
      const edgeAt = this.buttons.nextEdgeAt;
      const wakeAt = this.firmware ? (this.wakeAt ?? Infinity) : Infinity;
      const next = Math.max(this.clock, Math.min(edgeAt, wakeAt));
      if (next === Infinity || next > target) break;
      this.clock = next;
      if (edgeAt <= wakeAt) {
        const edge = this.buttons.takeEdge();
        if (edge) this.callFirmware(edge.t, true, ['button', edge.button, edge.level]);
        continue;
      }
      if (next === stuckAt && ++ticksThere >= MAX_TICKS_AT_ONE_INSTANT) {
        this.halt(
          new FirmwareAbiError(`firmware nextWake() stayed 0 after ${MAX_TICKS_AT_ONE_INSTANT} ticks at now=${next}: tick(now) must run everything due at now`),
        );
      }
      if (next !== stuckAt) {
        stuckAt = next;
        ticksThere = 0;
      }
      this.callFirmware(next, true, ['tick']);
    }
    this.clock = Math.max(this.clock, target);
    if (this.firmware && this.lastCallAt !== this.clock) {
      this.callFirmware(this.clock, false, ['tick']);
    }
  }

  private feed(bytes: Uint8Array): void {
    const now = this.clock;
    for (const byte of bytes) {
      if (!this.firmware) return;
      this.callFirmware(now, true, ['rx', byte]);
    }
  }

  /** Calls into the firmware at time t; a trap or ABI error halts it and is rethrown. */
  private callFirmware(t: number, wakesMcu: boolean, call: FirmwareCall): void {
    const firmware = this.firmware;
    if (!firmware) return;
    this.callAt = t;
    if (wakesMcu) this.supply.meter.wake(t);
    if (call[0] === 'button' || call[0] === 'rx') this.lastInput = { call, t };
    try {
      switch (call[0]) {
        case 'init':
          firmware.init(call[1], t >>> 0);
          break;
        case 'tick':
          firmware.tick(t >>> 0);
          break;
        case 'button':
          firmware.button(call[1], call[2], t >>> 0);
          break;
        case 'rx':
          firmware.rx(call[1], t >>> 0);
          break;
      }
      this.lastCallAt = t;
      const wake = firmware.nextWake();
      if (!Number.isInteger(wake) || wake < -1) {
        throw new FirmwareAbiError(`firmware nextWake() returned ${wake}: it must be -1 (nothing timed) or ms >= 0`);
      }
      this.wakeAt = wake < 0 ? undefined : t + wake;
    } catch (error) {
      if (error instanceof FirmwareAbiError) this.halt(error);
      const input = this.lastInput;
      this.halt(
        new FirmwareTrapError(
          errorMessage(error),
          t,
          describeCall(call[0], [...call.slice(1), t >>> 0] as number[]),
          input && describeCall(input.call[0], [...input.call.slice(1), input.t >>> 0] as number[]),
          { cause: error },
        ),
      );
    }
  }

  /** Stops the board as the microcontroller runtime does: `EVT TRAP reason=<reason>`, then silence. */
  private halt(error: FirmwareTrapError | FirmwareAbiError): never {
    this.halted = error;
    this.firmware = undefined;
    this.wakeAt = undefined;
    this.serial.emit(`EVT TRAP reason=${trapReason(error instanceof FirmwareTrapError ? error.cause : error)}`);
    throw error;
  }

  private setLedOutput(driven: number): void {
    // A dark LED (wiring faults) is driven but neither shines nor draws current.
    const mask = driven & ~(this.wiring.darkLeds ?? 0);
    if (this.lights.set(this.callAt, mask)) this.supply.meter.setLeds(this.callAt, mask);
  }

  private setToneOutput(hz: number, volume: number): void {
    if (this.buzzer.set(this.callAt, hz, volume)) this.supply.meter.setTone(this.callAt, hz, volume);
  }

  private makeHost(): FirmwareHost {
    return checkedHost({
      tone: (hz, volume) => this.setToneOutput(hz, volume),
      sound: (id) => {
        const sound = soundName(id);
        if (sound) this.buzzer.soundStarted(this.callAt, sound);
      },
      leds: (mask) => this.setLedOutput(mask),
      tx: (byte) => this.serial.txByte(byte),
      nvRead: (offset) => this.store.read(offset),
      nvWrite: (offset, byte) => this.store.write(offset, byte),
      nvCommit: () => this.store.commit(),
      batteryMv: () => this.supply.batteryMv,
      sleep: (mode) => this.supply.meter.setDeepSleep(this.callAt, mode === 1),
      reboot: () => 0, // a virtual device has no boot ROM to flash it through: ERR not-flashable
    });
  }

  /** What the SIM commands drive (runUntil stays private to everything else). */
  private makeSimTarget(): SimTarget {
    const device = this;
    return {
      get now() {
        return device.clock;
      },
      get leds() {
        return device.leds;
      },
      get tone() {
        return device.tone;
      },
      runUntil: (t) => this.runUntil(t),
      setPin: (button, level) => void this.setPin(button, level),
      setPower: (on) => void this.setPower(on),
      setBattery: (mv) => this.setBattery(mv),
      energy: () => this.energy(),
    };
  }
}

function toFactory(source: FirmwareSource): FirmwareFactory {
  if (source instanceof WebAssembly.Module) return wasmFirmware(source);
  if (source instanceof Uint8Array) return wasmFirmware(compileFirmware(Uint8Array.from(source)));
  return source;
}
