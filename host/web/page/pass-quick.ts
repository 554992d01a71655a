// A quick window's time on the pass-and-play screen of a match played pass-and-play (the host
// counts nothing then: its snapshots carry the open window as `quickWindow`, not a `countdown`).
// Each person the window asks is shown it on their own screen in turn, in the order it asks them
// (who is asked is public: `pass-cover.ts`), and their own time starts when their screen shows; a
// person shown again in the same window (their next small step) goes on with what they had left.
// When it runs out the page sends that person's pass (the number the snapshot gives it in their
// menu) through their own seat channel, and their screen says "Time is up: you pass." until they
// hide it. A reload or a resumed match starts each person's time afresh.

import type { OwnWindow, PageCountdown, SnapshotMessage } from '../messages.ts';

/** A snapshot's `quickWindow`, when it holds an open window (null: none open, or the host counts the windows). */
export function ownWindowOf(snapshot: SnapshotMessage | null | undefined): OwnWindow | null {
  return snapshot?.quickWindow ?? null;
}

/** Whether the match's quick windows are counted on this screen (its snapshots carry `quickWindow`, open or not). */
export function countedHere(snapshot: SnapshotMessage | null | undefined): boolean {
  return snapshot?.quickWindow !== undefined;
}

/** One person's own time in one window, counted on this page's clock. */
export class OwnQuickClock {
  private own: { seat: string; serial: number; endsAt: number; handle: ReturnType<typeof setTimeout>; ranOut: boolean } | null = null;

  /** `runOut(seat, serial)`: that person's time in that window ran out (their screen is showing it). */
  constructor(private readonly runOut: (seat: string, serial: number) => void) {}

  /**
   * `seat`'s screen shows with `open` the window that asks them: their time starts now, unless it
   * already runs (or ran out) for them in that window. Returns what the countdown bar draws, and
   * whether their time has run out already (its `runOut` came while their pass could not be sent:
   * it is sent now).
   */
  shown(seat: string, open: OwnWindow): { readonly countdown: PageCountdown; readonly ranOut: boolean } {
    const now = performance.now();
    if (this.own === null || this.own.seat !== seat || this.own.serial !== open.serial) {
      this.stop();
      const ms = open.seconds * 1000;
      const mine = {
        seat,
        serial: open.serial,
        endsAt: now + ms,
        ranOut: false,
        handle: setTimeout(() => {
          if (this.own !== mine) return;
          mine.ranOut = true;
          this.runOut(seat, open.serial);
        }, ms),
      };
      this.own = mine;
    }
    return { countdown: { window: open.window, seconds: open.seconds, leftMs: Math.max(0, this.own.endsAt - now) }, ranOut: this.own.ranOut };
  }

  /** Nobody's time runs (the cover, nobody asked, the window closed). */
  stop(): void {
    if (this.own !== null) clearTimeout(this.own.handle);
    this.own = null;
  }
}
