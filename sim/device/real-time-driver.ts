// Lets a virtual device's clock follow a wall clock: between wake-ups it sleeps on a timer until
// the device's next event; inputs run at the current wall time. Browser-safe (timers only).
import type { VirtualDevice } from './virtual-device.ts';

export interface WallClock {
  /** Milliseconds from any fixed origin (fractions allowed). */
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const SYSTEM_CLOCK: WallClock = {
  now: () => performance.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RealTimeOptions {
  clock?: WallClock;
  /** Called after the device ran (a wake-up or an input): redraw from its read-outs. */
  onUpdate?: () => void;
  /** Called when running the device threw (e.g. a firmware trap); the driver keeps going. */
  onError?: (error: unknown) => void;
}

/** The longest single sleep; the driver re-checks the clock at least this often. */
const MAX_SLEEP_MS = 60_000;

export class RealTimeDriver {
  private readonly clock: WallClock;
  private wallOrigin = 0;
  private virtualOrigin = 0;
  private timer: unknown;
  private running = false;

  constructor(
    readonly device: VirtualDevice,
    private readonly options: RealTimeOptions = {},
  ) {
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.wallOrigin = this.clock.now();
    this.virtualOrigin = this.device.now;
    this.wake();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** Brings the device up to the wall time, runs `action` on it, and reschedules. */
  input<T>(action: (device: VirtualDevice) => T): T | undefined {
    try {
      this.catchUp();
      const result = action(this.device);
      this.device.advance(0);
      this.followJump();
      return result;
    } catch (error) {
      this.options.onError?.(error);
      return undefined;
    } finally {
      this.afterRun();
    }
  }

  private wake(): void {
    this.timer = undefined;
    if (!this.running) return;
    try {
      this.catchUp();
    } catch (error) {
      this.options.onError?.(error);
    }
    this.afterRun();
  }

  private catchUp(): void {
    if (!this.running) return;
    const target = this.virtualOrigin + this.wallElapsed();
    if (target > this.device.now) this.device.advance(target - this.device.now);
  }

  /** The device's clock was moved ahead of the wall clock (SIM ADVANCE): carry on from there. */
  private followJump(): void {
    const elapsed = this.wallElapsed();
    if (this.virtualOrigin + elapsed < this.device.now) this.virtualOrigin = this.device.now - elapsed;
  }

  private wallElapsed(): number {
    return Math.floor(this.clock.now() - this.wallOrigin);
  }

  private afterRun(): void {
    this.options.onUpdate?.();
    if (!this.running) return;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    const wait = this.device.msUntilNextEvent();
    const ms = Math.min(wait ?? MAX_SLEEP_MS, MAX_SLEEP_MS);
    this.timer = this.clock.setTimer(() => this.wake(), ms);
  }
}
