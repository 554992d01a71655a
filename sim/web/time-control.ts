// The page's virtual time: frozen, real time, ×10 or ×60, and at human pace whenever a person is
// involved. TimeControl runs the device on a timer, event by event, so it notices the instant a
// sound starts or ends; while a person holds a button, enters a code or hears a sound, virtual time
// runs at 1× (never faster than real time), so presses, code entry and sounds behave the same at
// every speed. It routes inputs through itself and tells listeners (the audio) where virtual time
// stands against real time.

import { BUTTON_NAMES, SYSTEM_CLOCK, type VirtualDevice, type WallClock } from '../device/index.ts';

/** Virtual ms per real ms; 0 = frozen. */
export const SPEEDS = [0, 1, 10, 60] as const;
export type Speed = (typeof SPEEDS)[number];

/** The fastest virtual time runs while a person is involved (virtual ms per real ms). */
export const HUMAN_PACE: Speed = 1;

export function parseSpeed(text: string): Speed | undefined {
  const value = Number(text);
  return SPEEDS.find((speed) => speed === value);
}

/**
 * Whether what the device does now is in front of a person, so it must happen at human pace:
 * a button's contact closed (a finger on it: its hold time is a person's hold time), a code half
 * entered (the firmware's idle timeout is a person's pause), a sound playing (heard whole).
 */
export function personInvolved(device: VirtualDevice): boolean {
  if (device.sound !== undefined || device.entry.length > 0) return true;
  return BUTTON_NAMES.some((name) => device.pinLevel(name) === 1);
}

/** The speed virtual time runs at: the chosen one, but at most human pace while a person is involved. */
export function effectiveSpeed(chosen: Speed, involved: boolean): Speed {
  return involved && chosen > HUMAN_PACE ? HUMAN_PACE : chosen;
}

/** Where virtual time stands: `virtualMs` now, advancing at `speed` (0 = frozen). */
export interface TimeState {
  readonly virtualMs: number;
  readonly speed: Speed;
}

export interface TimeControlOptions {
  wall?: WallClock;
  /** The device ran: redraw. */
  onUpdate?: () => void;
  /** Running the device threw (a firmware trap): show it. */
  onError?: (error: unknown) => void;
  /** Whether a person is involved now (default `personInvolved`); the page adds its own code entry. */
  involved?: (device: VirtualDevice) => boolean;
}

/** The longest single sleep; the clock is re-checked at least this often. */
const MAX_SLEEP_MS = 60_000;
/** Most device steps in one catch-up (a tab left in the background for hours at 60×). */
const MAX_STEPS = 200_000;

export class TimeControl {
  private readonly wall: WallClock;
  private readonly involved: (device: VirtualDevice) => boolean;
  private chosen: Speed;
  private current: Speed;
  private wallOrigin = 0;
  private virtualOrigin = 0;
  private timer: unknown;
  private readonly listeners = new Set<(state: TimeState) => void>();

  constructor(
    readonly device: VirtualDevice,
    speed: Speed,
    private readonly options: TimeControlOptions = {},
  ) {
    this.wall = options.wall ?? SYSTEM_CLOCK;
    this.involved = options.involved ?? personInvolved;
    this.chosen = speed;
    this.current = effectiveSpeed(speed, this.involved(device));
    this.anchor();
    this.schedule();
  }

  /** The speed chosen on the page. */
  get speed(): Speed {
    return this.chosen;
  }

  /** The speed virtual time runs at now (the chosen one, or human pace while a person is involved). */
  get rate(): Speed {
    return this.current;
  }

  get state(): TimeState {
    return { virtualMs: this.device.now, speed: this.current };
  }

  setSpeed(speed: Speed): void {
    if (speed === this.chosen) return;
    this.run(() => {
      this.chosen = speed;
    });
  }

  /**
   * Runs an input on the device at the current virtual time (after bringing the device up to it).
   * An input that moved the clock itself (`SIM ADVANCE`) re-ties real time to the new instant.
   */
  input<T>(action: (device: VirtualDevice) => T): T | undefined {
    return this.run(action);
  }

  /** Subscribes to speed changes and clock jumps; returns the unsubscribe function. */
  onChange(listener: (state: TimeState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.clearTimer();
    this.listeners.clear();
  }

  private run<T>(action: (device: VirtualDevice) => T): T | undefined {
    try {
      this.catchUp();
      const result = action(this.device);
      this.device.advance(0);
      return result;
    } catch (error) {
      this.options.onError?.(error);
      return undefined;
    } finally {
      this.settle();
    }
  }

  private wake(): void {
    this.timer = undefined;
    try {
      this.catchUp();
    } catch (error) {
      this.options.onError?.(error);
    }
    this.settle();
  }

  /** The virtual instant real time has reached at the current speed. */
  private target(): number {
    return this.virtualOrigin + Math.floor((this.wall.now() - this.wallOrigin) * this.current);
  }

  /**
   * Brings the device up to real time, one device event at a time, so that a change of pace (a
   * sound starting, a code entry ending) takes effect at its own virtual instant.
   */
  private catchUp(): void {
    for (let steps = 0; steps < MAX_STEPS && this.current > 0; steps++) {
      const target = this.target();
      const now = this.device.now;
      if (target <= now) return;
      const next = this.device.msUntilNextEvent();
      this.device.advance(next === undefined ? target - now : Math.min(target - now, next));
      this.followPace();
    }
  }

  /** After a run: a clock jump or a change of pace re-ties real time; then the next wake-up. */
  private settle(): void {
    if (!this.followPace() && this.device.now > this.target()) {
      this.anchor();
      this.announce();
    }
    this.schedule();
    this.options.onUpdate?.();
  }

  /** Switches to the speed the device's situation calls for; true if it changed. */
  private followPace(): boolean {
    const speed = effectiveSpeed(this.chosen, this.involved(this.device));
    if (speed === this.current) return false;
    this.current = speed;
    this.anchor();
    this.announce();
    return true;
  }

  private anchor(): void {
    this.wallOrigin = this.wall.now();
    this.virtualOrigin = this.device.now;
  }

  private schedule(): void {
    this.clearTimer();
    if (this.current === 0) return;
    const wait = this.device.msUntilNextEvent();
    const realMs = wait === undefined ? MAX_SLEEP_MS : Math.min(wait / this.current, MAX_SLEEP_MS);
    this.timer = this.wall.setTimer(() => this.wake(), realMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.wall.clearTimer(this.timer);
    this.timer = undefined;
  }

  private announce(): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }
}
