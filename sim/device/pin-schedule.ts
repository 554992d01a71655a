// Raw button edges waiting for their instant on the virtual clock, in time order.
import type { PinEdge, PinLevel } from './bounce.ts';

export interface ScheduledEdge {
  t: number;
  button: number;
  level: PinLevel;
}

export class PinSchedule {
  private edges: ScheduledEdge[] = [];

  /** Adds a burst of edges starting at `at`; edges at one instant keep the order they were added in. */
  add(button: number, burst: readonly PinEdge[], at: number): void {
    for (const { offsetMs, level } of burst) this.edges.push({ t: at + offsetMs, button, level });
    this.edges.sort((a, b) => a.t - b.t); // stable
  }

  /** Drops a button's pending edges. */
  cancel(button: number): void {
    this.edges = this.edges.filter((edge) => edge.button !== button);
  }

  /** A button's last pending edge. */
  lastFor(button: number): ScheduledEdge | undefined {
    return this.edges.filter((edge) => edge.button === button).at(-1);
  }

  /** The time of the earliest pending edge (Infinity when none). */
  get nextAt(): number {
    return this.edges[0]?.t ?? Infinity;
  }

  /** Removes and returns the earliest pending edge. */
  shift(): ScheduledEdge | undefined {
    return this.edges.shift();
  }
}
