// The emulator's time: nanoseconds of virtual time and the alarms rp2040js peripherals schedule
// on it (timer alarms, PWM edges, ADC conversions) plus the test's own timed inputs.
import type { RP2040 } from 'rp2040js';

type IClock = NonNullable<ConstructorParameters<typeof RP2040>[0]>;
type IAlarm = ReturnType<IClock['createAlarm']>;

class Alarm implements IAlarm {
  at = Infinity;

  constructor(
    private readonly clock: VirtualClock,
    readonly callback: () => void,
  ) {}

  schedule(deltaNanos: number): void {
    this.clock.unlink(this);
    this.at = this.clock.nanos + deltaNanos;
    this.clock.link(this);
  }

  cancel(): void {
    this.clock.unlink(this);
    this.at = Infinity;
  }
}

export class VirtualClock implements IClock {
  private now = 0;
  /** Scheduled alarms, soonest first. */
  private queue: Alarm[] = [];

  get nanos(): number {
    return this.now;
  }

  createAlarm(callback: () => void): IAlarm {
    return new Alarm(this, callback);
  }

  /** Runs `callback` once, `deltaNanos` from now. */
  at(deltaNanos: number, callback: () => void): void {
    new Alarm(this, callback).schedule(deltaNanos);
  }

  /** When the next alarm is due (Infinity when none is scheduled). */
  get nextAlarmNanos(): number {
    return this.queue[0]?.at ?? Infinity;
  }

  /** Moves time forward to `target`, firing every alarm due on the way, in order. */
  advanceTo(target: number): void {
    for (;;) {
      const next = this.queue[0];
      if (next === undefined || next.at > target) break;
      this.queue.shift();
      this.now = Math.max(this.now, next.at);
      next.callback();
    }
    this.now = Math.max(this.now, target);
  }

  link(alarm: Alarm): void {
    let i = this.queue.length;
    while (i > 0 && (this.queue[i - 1]?.at ?? 0) > alarm.at) i--;
    this.queue.splice(i, 0, alarm);
  }

  unlink(alarm: Alarm): void {
    const i = this.queue.indexOf(alarm);
    if (i >= 0) this.queue.splice(i, 1);
  }
}
