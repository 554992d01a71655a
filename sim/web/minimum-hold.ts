// A mechanical button stays closed for tens of milliseconds however fast it is tapped, but a mouse
// click or a screen tap can be a few ms (or 0 ms, when virtual time is paused). The page holds every
// contact closed for at least MIN_HOLD_MS of virtual time, so a tap is a press as on the device.

import type { ButtonName, PinLevel } from '../device/index.ts';

/** Shortest contact closure, virtual ms: well above the firmware's 20 ms debounce window. */
export const MIN_HOLD_MS = 60;

export interface HoldClock {
  /** The virtual clock, ms. */
  virtualNow(): number;
  /** Virtual ms per real ms; 0 when paused. */
  speed(): number;
  setTimer(callback: () => void, realMs: number): unknown;
  clearTimer(handle: unknown): void;
}

export class MinimumHold {
  private readonly pressedAt = new Map<ButtonName, number>();
  private readonly pending = new Map<ButtonName, unknown>();

  constructor(
    private readonly clock: HoldClock,
    /** Sets a contact's level on the device. */
    private readonly apply: (name: ButtonName, level: PinLevel) => void,
    private readonly minHoldMs = MIN_HOLD_MS,
  ) {}

  press(name: ButtonName): void {
    this.flush(name);
    this.apply(name, 1);
    this.pressedAt.set(name, this.clock.virtualNow());
  }

  /** Opens the contact now, or once it has been closed for the minimum hold. */
  release(name: ButtonName): void {
    const since = this.pressedAt.get(name);
    if (since === undefined) return;
    const speed = this.clock.speed();
    const missing = this.minHoldMs - (this.clock.virtualNow() - since);
    if (missing <= 0 || speed === 0) {
      this.open(name);
      return;
    }
    this.pending.set(
      name,
      this.clock.setTimer(() => this.open(name), missing / speed),
    );
  }

  /** Whether a release is waiting for the minimum hold. */
  isPending(name: ButtonName): boolean {
    return this.pending.has(name);
  }

  /** A release still waiting happens now (before a new press of the same button). */
  private flush(name: ButtonName): void {
    const handle = this.pending.get(name);
    if (handle === undefined) return;
    this.clock.clearTimer(handle);
    this.open(name);
  }

  private open(name: ButtonName): void {
    this.pending.delete(name);
    this.pressedAt.delete(name);
    this.apply(name, 0);
  }
}
