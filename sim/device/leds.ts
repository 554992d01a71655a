// The LED part of the virtual device: the mask the firmware lights (bits 0..9 the sand-timer bar,
// bits 10..13 the found lights), a bounded record of every change, and listeners.
import { History } from './history.ts';

export interface LedChange {
  t: number;
  mask: number;
}

export type LedListener = (change: LedChange) => void;

export class Leds {
  private lit = 0;
  private readonly timeline = new History<LedChange>();
  private readonly listeners = new Set<LedListener>();

  /** The lit mask now. */
  get mask(): number {
    return this.lit;
  }

  /** Lights `mask` at virtual time t; returns the change, or undefined when nothing changed. */
  set(t: number, mask: number): LedChange | undefined {
    if (mask === this.lit) return undefined;
    this.lit = mask;
    const change = { t, mask };
    this.timeline.push(change);
    for (const listener of this.listeners) listener(change);
    return change;
  }

  get changes(): readonly LedChange[] {
    return this.timeline.items;
  }

  takeChanges(): LedChange[] {
    return this.timeline.take();
  }

  onChange(listener: LedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
