// A reload is not a power cut: the page keeps the game across a reload of the same tab. The
// firmware's RAM cannot be read (the module exports no memory) and needs no copying: the firmware
// is deterministic, so the page keeps what it gave it instead (the seed, the store at the start,
// every input with its virtual instant, and the virtual clock) in sessionStorage, and on a reload
// replays those inputs into a fresh device, in milliseconds, to the same state, lines and lights.
// A power-off forgets RAM on the board too, so there the journal starts again from the store.

import { BUTTON_NAMES, type NvStore, STORE_SIZE, VirtualDevice, type ButtonName, type FirmwareFactory, type PinLevel } from '../device/index.ts';
import { parseStoreHex, storeHex } from './saved-store.ts';

export const JOURNAL_KEY = 'imperial-timer.session';
export const JOURNAL_FORMAT = 'imperial-timer-session/1';
/** A journal longer than this is not kept (a reload then starts afresh, and the page says so). */
export const MAX_JOURNAL_INPUTS = 20_000;

export type JournalInput =
  | { readonly t: number; readonly kind: 'pin'; readonly button: ButtonName; readonly level: PinLevel; readonly bounce: boolean }
  | { readonly t: number; readonly kind: 'power'; readonly on: boolean }
  | { readonly t: number; readonly kind: 'battery'; readonly mv: number }
  | { readonly t: number; readonly kind: 'line'; readonly line: string };

/** An input before it is given its instant. */
export type UntimedInput = JournalInput extends infer I ? (I extends { t: number } ? Omit<I, 't'> : never) : never;

export interface Journal {
  readonly format: typeof JOURNAL_FORMAT;
  readonly seed: number;
  /** The device's clock, boots and battery when the journal began (after the last power-off). */
  readonly startMs: number;
  readonly boots: number;
  readonly batteryMv: number;
  /** The persisted store then, as hex. */
  readonly store: string;
  readonly inputs: readonly JournalInput[];
  /** The virtual clock when the journal was saved. */
  readonly nowMs: number;
  /** The speed chosen on the page. */
  readonly speed: number;
}

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function validInput(value: unknown, after: number): value is JournalInput {
  if (typeof value !== 'object' || value === null) return false;
  const input = value as Record<string, unknown>;
  if (!isInt(input['t'], after, Number.MAX_SAFE_INTEGER)) return false;
  switch (input['kind']) {
    case 'pin':
      return BUTTON_NAMES.includes(input['button'] as ButtonName) && (input['level'] === 0 || input['level'] === 1) && typeof input['bounce'] === 'boolean';
    case 'power':
      return typeof input['on'] === 'boolean';
    case 'battery':
      return isInt(input['mv'], 0, 9999);
    case 'line':
      return typeof input['line'] === 'string' && !input['line'].includes('\n');
    default:
      return false;
  }
}

/** A journal read back from storage, or undefined when the text is not a whole, valid one. */
export function parseJournal(text: string | null): Journal | undefined {
  if (text === null) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const j = data as Record<string, unknown>;
  if (j['format'] !== JOURNAL_FORMAT || !isInt(j['seed'], 0, 0xffff_ffff) || !isInt(j['startMs'], 0, Number.MAX_SAFE_INTEGER)) return undefined;
  if (!isInt(j['boots'], 0, 1_000_000) || !isInt(j['batteryMv'], 0, 9999) || typeof j['store'] !== 'string' || !parseStoreHex(j['store'])) return undefined;
  if (!isInt(j['nowMs'], j['startMs'] as number, Number.MAX_SAFE_INTEGER) || !isInt(j['speed'], 0, 60)) return undefined;
  const inputs = j['inputs'];
  if (!Array.isArray(inputs) || inputs.length > MAX_JOURNAL_INPUTS) return undefined;
  let after = j['startMs'] as number;
  for (const input of inputs) {
    if (!validInput(input, after)) return undefined;
    after = input.t;
  }
  if ((j['nowMs'] as number) < after) return undefined;
  return data as Journal;
}

/** Applies one input to a device at its instant (the device's clock is moved there first). */
export function applyInput(device: VirtualDevice, input: JournalInput): void {
  if (input.t > device.now) device.advance(input.t - device.now);
  switch (input.kind) {
    case 'pin':
      device.setPin(input.button, input.level, { bounce: input.bounce });
      break;
    case 'power':
      device.setPower(input.on);
      break;
    case 'battery':
      device.setBattery(input.mv);
      break;
    case 'line':
      device.send(input.line);
      break;
  }
}

export interface RestoreOptions {
  readonly firmware: FirmwareFactory;
  /** The store the device will use, holding the journal's starting bytes (`journalStore`). */
  readonly store: NvStore;
  /** Called after the boots that only rebuild the boot count, before the inputs are replayed. */
  readonly beforeInputs?: (device: VirtualDevice) => void;
}

/** The store bytes the journal began with. */
export function journalStore(journal: Journal): Uint8Array {
  return parseStoreHex(journal.store) ?? new Uint8Array(STORE_SIZE).fill(0xff);
}

/** A device brought to the journal's state: its boots, then every input, then its clock. */
export function restoreDevice(journal: Journal, options: RestoreOptions): VirtualDevice {
  const device = VirtualDevice.create({
    seed: journal.seed,
    firmware: options.firmware,
    store: options.store,
    batteryMv: journal.batteryMv,
    startMs: journal.startMs,
    powered: false,
  });
  // The boot count mixes into each boot's seed: the earlier boots are repeated (they only read the store).
  for (let boot = 0; boot < journal.boots; boot++) {
    device.setPower(true);
    device.setPower(false);
  }
  options.beforeInputs?.(device);
  for (const input of journal.inputs) applyInput(device, input);
  if (journal.nowMs > device.now) device.advance(journal.nowMs - device.now);
  return device;
}

/** Records a device's inputs as they happen, and starts again after each power-off. */
export class JournalRecorder {
  private base: Omit<Journal, 'inputs' | 'nowMs' | 'speed'>;
  private inputs: JournalInput[] = [];
  private overflowed = false;

  constructor(
    private readonly device: VirtualDevice,
    private readonly store: NvStore,
    seed: number,
    from?: Journal,
  ) {
    this.base = from
      ? { format: JOURNAL_FORMAT, seed, startMs: from.startMs, boots: from.boots, batteryMv: from.batteryMv, store: from.store }
      : this.baseNow(seed);
    if (from) this.inputs = [...from.inputs];
  }

  /** Whether the session grew too long to keep across a reload. */
  get tooLong(): boolean {
    return this.overflowed;
  }

  /** Records an input at the device's current instant (call just before applying it). */
  record(input: UntimedInput): void {
    if (this.inputs.length >= MAX_JOURNAL_INPUTS) {
      this.overflowed = true;
      return;
    }
    this.inputs.push({ ...input, t: this.device.now } as JournalInput);
  }

  /**
   * After an input: with the power off, RAM is gone, so the journal starts again from the store
   * (unless contact bounce was used: its seeded chatter depends on every earlier press).
   */
  settle(): void {
    if (this.device.powered || this.inputs.length === 0) return;
    if (this.inputs.some((input) => input.kind === 'pin' && input.bounce)) return;
    this.base = this.baseNow(this.base.seed);
    this.inputs = [];
    this.overflowed = false;
  }

  snapshot(speed: number): Journal {
    return { ...this.base, inputs: this.inputs, nowMs: this.device.now, speed };
  }

  /** Saves the journal (silently does nothing when storage refuses or the session is too long). */
  save(storage: Storage | undefined, speed: number): void {
    try {
      if (this.overflowed) storage?.removeItem(JOURNAL_KEY);
      else storage?.setItem(JOURNAL_KEY, JSON.stringify(this.snapshot(speed)));
    } catch {
      // Storage refused or full: a reload will start afresh.
    }
  }

  private baseNow(seed: number): Omit<Journal, 'inputs' | 'nowMs' | 'speed'> {
    return {
      format: JOURNAL_FORMAT,
      seed,
      startMs: this.device.now,
      boots: this.device.bootCount,
      batteryMv: this.device.batteryMv,
      store: storeHex(this.store.bytes()),
    };
  }
}

/** The journal kept in `storage`, if any is valid. */
export function loadJournal(storage: Storage | undefined): Journal | undefined {
  try {
    return parseJournal(storage?.getItem(JOURNAL_KEY) ?? null);
  } catch {
    return undefined;
  }
}
