// "Lit long enough to read": the firmware flashes the current bar segment 150 ms of every second (a
// short duty cycle saves the battery), which a glance at the page takes for an unlit segment, so a
// fresh game looked 9/10. The page keeps every bar segment that lights up shown lit for at least
// MIN_SHOWN_MS of real time (at 10× and 60× too, where a flash lasts a few ms). Only the display
// is stretched; the firmware's outputs are untouched, and while a sound plays its light pattern is
// shown exactly as driven. Pure: real times come from the caller.

/** The shortest time a segment that lit up is shown lit, real ms. */
export const MIN_SHOWN_MS = 600;

export class LedPersistence {
  private readonly litAt = new Map<number, number>();
  private mask = 0;

  constructor(private readonly minShownMs = MIN_SHOWN_MS) {}

  /** The outputs changed to `mask` at real time `nowMs`: bits that lit up start their minimum. */
  note(mask: number, nowMs: number): void {
    const rising = mask & ~this.mask;
    for (let bit = 0; bit < 32; bit++) if ((rising >>> bit) & 1) this.litAt.set(bit, nowMs);
    this.mask = mask;
  }

  /** What to show at `nowMs`: the lit outputs, plus the bits of `stretch` still within their minimum. */
  shown(mask: number, nowMs: number, stretch: number): number {
    this.note(mask, nowMs);
    let shown = mask;
    for (const [bit, at] of this.litAt) {
      if (nowMs - at >= this.minShownMs) this.litAt.delete(bit);
      else if ((stretch >>> bit) & 1) shown |= 1 << bit;
    }
    return shown;
  }

  /** Real ms until a stretched bit goes out (undefined: none is being held). */
  msUntilChange(nowMs: number): number | undefined {
    let soonest: number | undefined;
    for (const at of this.litAt.values()) {
      const left = at + this.minShownMs - nowMs;
      if (left > 0 && (soonest === undefined || left < soonest)) soonest = left;
    }
    return soonest;
  }

  /** Forgets every minimum (the power went off, a sound's pattern began). */
  clear(): void {
    this.litAt.clear();
  }
}
