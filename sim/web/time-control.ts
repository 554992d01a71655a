// The page's virtual time: paused, real time, ×10 or ×60. A ScaledClock runs a wall clock faster
// and the device's RealTimeDriver follows it; TimeControl switches speeds, routes inputs through the
// driver and tells listeners (the audio) where virtual time stands against real time.

import { RealTimeDriver, SYSTEM_CLOCK, type VirtualDevice, type WallClock } from '../device/index.ts';

/** Virtual ms per real ms; 0 = paused. */
export const SPEEDS = [0, 1, 10, 60] as const;
export type Speed = (typeof SPEEDS)[number];

export function parseSpeed(text: string): Speed | undefined {
  const value = Number(text);
  return SPEEDS.find((speed) => speed === value);
}

/** A wall clock that runs `speed` times faster than `wall`, continuous across speed changes. */
export class ScaledClock implements WallClock {
  private baseScaled = 0;
  private baseWall: number;
  private rate: number;

  constructor(
    private readonly wall: WallClock = SYSTEM_CLOCK,
    speed = 1,
  ) {
    this.baseWall = wall.now();
    this.rate = checkRate(speed);
  }

  get speed(): number {
    return this.rate;
  }

  setSpeed(speed: number): void {
    this.baseScaled = this.now();
    this.baseWall = this.wall.now();
    this.rate = checkRate(speed);
  }

  now(): number {
    return this.baseScaled + (this.wall.now() - this.baseWall) * this.rate;
  }

  setTimer(callback: () => void, ms: number): unknown {
    return this.wall.setTimer(callback, ms / this.rate);
  }

  clearTimer(handle: unknown): void {
    this.wall.clearTimer(handle);
  }
}

function checkRate(speed: number): number {
  if (!(speed > 0) || !Number.isFinite(speed)) throw new RangeError(`a clock speed must be > 0, got ${speed}`);
  return speed;
}

/** Where virtual time stands: `virtualMs` now, advancing at `speed` (0 = paused). */
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
}

export class TimeControl {
  private readonly clock: ScaledClock;
  private readonly driver: RealTimeDriver;
  private current: Speed;
  private readonly listeners = new Set<(state: TimeState) => void>();

  constructor(
    readonly device: VirtualDevice,
    speed: Speed,
    options: TimeControlOptions = {},
  ) {
    this.current = speed;
    this.clock = new ScaledClock(options.wall ?? SYSTEM_CLOCK, speed === 0 ? 1 : speed);
    this.driver = new RealTimeDriver(device, { clock: this.clock, onUpdate: options.onUpdate, onError: options.onError });
    if (speed !== 0) this.driver.start();
  }

  get speed(): Speed {
    return this.current;
  }

  get state(): TimeState {
    return { virtualMs: this.device.now, speed: this.current };
  }

  setSpeed(speed: Speed): void {
    if (speed === this.current) return;
    this.driver.stop();
    this.current = speed;
    if (speed !== 0) {
      this.clock.setSpeed(speed);
      this.driver.start();
    }
    this.announce();
  }

  /**
   * Runs an input on the device at the current virtual time. With `rebase` (an input that may move
   * the clock itself, such as `SIM ADVANCE`), real time is re-tied to the device's clock afterwards.
   */
  input<T>(action: (device: VirtualDevice) => T, options: { rebase?: boolean } = {}): T | undefined {
    const result = this.driver.input(action);
    if (options.rebase) {
      if (this.current !== 0) {
        this.driver.stop();
        this.driver.start();
      }
      this.announce();
    }
    return result;
  }

  /** Subscribes to speed changes and clock jumps; returns the unsubscribe function. */
  onChange(listener: (state: TimeState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.driver.stop();
    this.listeners.clear();
  }

  private announce(): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }
}
