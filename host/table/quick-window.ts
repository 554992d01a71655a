// The countdown of a "be quick" window (a decision with `limitSeconds`, ../engine/quick.ts), as
// the table host runs it. One countdown for the whole table: it starts when the window opens, the
// same for everyone, whatever anybody holds; a pass that leaves others to answer does not stop
// it; it ends when the window closes (everyone answered, someone took it) or the time runs out.
// A window that opens again (or a match resumed with one open) counts from its full length.
// Untimed (`timed` false: a front end counts each person's time itself, the pass-and-play
// terminal) it only follows which window is open, each with a number of its own.
// Time comes from a `WallClock` (the simulator's: the system clock, or a test's `ManualClock`), so
// tests run it out without waiting.

import type { Decision } from '../engine/decisions.ts';
import type { ActorId } from '../engine/table-game.ts';
import { timedWindow, windowContinues } from '../engine/quick.ts';
import type { WallClock } from '../../sim/device/real-time-driver.ts';

/** The open quick window's countdown: public, the same for every viewer. Times are on the host's clock (ms, any origin). */
export interface QuickCountdown {
  /** The window's kind (the game's name for the decision: "miss-turn", "protect"). */
  readonly window: string;
  /** Its full length. */
  readonly seconds: number;
  /** When it opened and when it runs out, on the host's clock (ms). */
  readonly startedAt: number;
  readonly endsAt: number;
}

/** The open quick window, counted or not: its kind, length, and its number (each window opened gets the next, so a new one of the same kind is told apart). */
export interface OpenWindow {
  readonly window: string;
  readonly seconds: number;
  readonly serial: number;
}

/** How a move changed the quick window: opened one (perhaps in place of another), left it open, closed it early, or nothing timed. */
export type CountdownChange = 'opened' | 'continues' | 'closed' | 'ran-out' | 'none';

/**
 * Tracks the open quick window across moves and runs out its time. `ranOut` is called when the
 * time is up (after `graceMs` more: the host gives a connected timer that long to say TIMEOUT
 * itself); the host then answers the passers and calls `finishRunOut`.
 */
export class WindowCountdown {
  private open: QuickCountdown | null = null;
  private timer: { handle: unknown } | null = null;
  private runningOut = false;
  /** The open window's time ran out but it still waits on someone who may not pass: it goes on untimed. */
  private spent = false;
  private serial = 0;

  constructor(
    private readonly clock: WallClock,
    private readonly ranOut: () => void,
    /** False: no countdown is run (nothing runs out); the open window is only followed. */
    private readonly timed: boolean = true,
  ) {}

  /** The open window, whether or not it is counted here (null once none is open, or its time ran out and it goes on untimed). */
  get opened(): OpenWindow | null {
    const open = this.current;
    return open === null ? null : { window: open.window, seconds: open.seconds, serial: this.serial };
  }

  get current(): QuickCountdown | null {
    return this.spent ? null : this.open;
  }

  /** Whether the time-up passes are being made now. */
  get expiring(): boolean {
    return this.runningOut;
  }

  /**
   * After a move of `mover` from the stack `before` to `after` (or, with `before` null, a match
   * just started or resumed): what happened to the quick window.
   */
  track(before: readonly Decision[] | null, after: readonly Decision[], mover: ActorId | null, graceMs: number): CountdownChange {
    if (this.open !== null && before !== null && mover !== null && windowContinues(before, after, mover)) return this.spent ? 'none' : 'continues';
    const hadOne = this.open !== null;
    const spent = this.spent;
    this.stopClock();
    const next = timedWindow(after);
    if (next !== null) {
      const startedAt = this.clock.now();
      this.open = { window: next.kind, seconds: next.seconds, startedAt, endsAt: startedAt + next.seconds * 1000 };
      this.serial++;
      if (!this.timed) return 'opened';
      const timer = { handle: null as unknown };
      timer.handle = this.clock.setTimer(
        () => {
          if (this.timer !== timer) return;
          this.timer = null;
          this.ranOut();
        },
        next.seconds * 1000 + graceMs,
      );
      this.timer = timer;
      return 'opened';
    }
    if (!hadOne) return 'none';
    return this.runningOut || spent ? 'ran-out' : 'closed';
  }

  /** The time-up passes begin: the moves made until `finishRunOut` close the window by running out. */
  startRunOut(): void {
    this.cancelTimer();
    this.runningOut = true;
  }

  /** The time-up passes are made; a window still open (someone asked may not pass) goes on without a countdown. */
  finishRunOut(): void {
    this.runningOut = false;
    if (this.open !== null && this.timer === null) this.spent = true;
  }

  /** Whether the time is up on the host's clock (give or take `marginMs`). */
  isDue(marginMs: number): boolean {
    return this.current !== null && this.clock.now() >= (this.current as QuickCountdown).endsAt - marginMs;
  }

  /** Milliseconds left of the open window (0 once it has run out; null when none is open). */
  leftMs(): number | null {
    const open = this.current;
    return open === null ? null : Math.max(0, open.endsAt - this.clock.now());
  }

  stop(): void {
    this.stopClock();
  }

  private stopClock(): void {
    this.cancelTimer();
    this.open = null;
    this.spent = false;
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer.handle);
    this.timer = null;
  }
}
