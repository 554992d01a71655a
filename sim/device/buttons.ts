// The buttons part of the virtual device: each contact's raw level, the edges waiting for their
// instant (a press, its bounce, its release) and the seeded bounce model.
import { BounceModel, burstLength, type BounceOptions, type PinEdge, type PinLevel } from './bounce.ts';
import { BUTTON_NAMES } from './names.ts';
import { PinSchedule, type ScheduledEdge } from './pin-schedule.ts';

/** From the first press edge to the first release edge, by default (ms). */
export const DEFAULT_HOLD_MS = 100;
/** Between a release and the next press of the same button, by default (ms). */
export const DEFAULT_GAP_MS = 50;

export class Buttons {
  private readonly levels: PinLevel[] = BUTTON_NAMES.map(() => 0);
  private readonly edges = new PinSchedule();
  private readonly bounceModel: BounceModel;

  /** `bounce`: false for clean edges, true or options for the seeded bounce model by default. */
  constructor(seed: number, bounce: boolean | Partial<BounceOptions>) {
    this.bounceByDefault = bounce !== false;
    this.bounceModel = new BounceModel(seed, typeof bounce === 'object' ? bounce : {});
  }

  private readonly bounceByDefault: boolean;

  /** The raw level of button `index` now. */
  level(index: number): PinLevel {
    return this.levels[index] ?? 0;
  }

  /** The buttons held down (a power-up reports them as pressed). */
  held(): number[] {
    return this.levels.flatMap((level, index) => (level === 1 ? [index] : []));
  }

  /** The time of the earliest pending edge (Infinity when none). */
  get nextEdgeAt(): number {
    return this.edges.nextAt;
  }

  /** The earliest pending edge, which now takes effect on the contact's level. */
  takeEdge(): ScheduledEdge | undefined {
    const edge = this.edges.shift();
    if (edge) this.levels[edge.button] = edge.level;
    return edge;
  }

  /**
   * Sets button `index`'s contact to `level` from `now`: its pending edges are dropped, and when
   * the level differs, the edge (and its bounce) is scheduled. Returns whether anything was.
   */
  set(index: number, level: PinLevel, now: number, bounce?: boolean): boolean {
    this.edges.cancel(index);
    if (this.levels[index] === level) return false;
    this.edges.add(index, this.burst(level, bounce), now);
    return true;
  }

  /**
   * Schedules a press and its release of button `index`. The press queues after the button's
   * pending edges (with a gap); a button left held down is released first. Returns the time of
   * the last release edge.
   */
  schedulePress(index: number, now: number, holdMs: number, bounce?: boolean): number {
    const pending = this.edges.lastFor(index);
    let start = pending ? pending.t + DEFAULT_GAP_MS : now;
    if ((pending?.level ?? this.levels[index]) === 1) {
      const release = this.burst(0, bounce);
      const releaseAt = pending ? pending.t + 1 : now;
      this.edges.add(index, release, releaseAt);
      start = releaseAt + burstLength(release) + DEFAULT_GAP_MS;
    }
    const press = this.burst(1, bounce);
    const release = this.burst(0, bounce);
    const releaseAt = start + Math.max(holdMs, burstLength(press) + 1);
    this.edges.add(index, press, start);
    this.edges.add(index, release, releaseAt);
    return releaseAt + burstLength(release);
  }

  private burst(level: PinLevel, bounce: boolean | undefined): PinEdge[] {
    return (bounce ?? this.bounceByDefault) ? this.bounceModel.burst(level) : [{ offsetMs: 0, level }];
  }
}
