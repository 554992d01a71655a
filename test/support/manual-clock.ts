// A wall clock for tests of code that runs on timers (the real-time driver, the page's time
// controls): time moves only when the test says so, and due timers fire in time order.
import type { WallClock } from '../../sim/device/index.ts';

export class ManualClock implements WallClock {
  timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;

  constructor(public time: number) {}

  now = (): number => this.time;

  setTimer = (callback: () => void, ms: number): number => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };

  clearTimer = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };

  /** Moves time forward by `ms`, firing due timers (and those they set) in time order. */
  pass(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = end;
  }
}
