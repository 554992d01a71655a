// Whether the pass-and-play screen shows the cover ("Pass to Ana") or a person's own screen. The
// decision reads only what every page is told alike: who is asked now (a snapshot's `waitingOn`,
// the game's `toMove`), whether play is held, and who is holding the device (the person who last
// pressed "I am …"). It never reads a view, a hand or a move list, so whether the cover comes back
// reveals nothing the table does not already show. The cover comes only when the next person to act
// differs from the one holding the device: one person's own steps in a row (a discard chosen card,
// then target, then value; a plan made card by card) stay on that person's screen.

type Json = Readonly<Record<string, unknown>>;

/** A person's seat as the decision sees it: its id and the public part of its latest snapshot. */
export interface CoverSeat {
  readonly id: string;
  /** The seat's latest snapshot, or null before its first one. */
  readonly snapshot: Json | null;
  /** Its move was taken and the snapshot after it has not come yet: its snapshot is out of date. */
  readonly awaiting: boolean;
}

export type PassScreen =
  /** Someone's move was taken and the news after it is still on its way: keep the screen as it is. */
  | { readonly show: 'hold' }
  /** Nobody on this screen is asked (a bot, the dice, the timer or the end). */
  | { readonly show: 'nobody' }
  /** The cover for the person asked next: nothing of any hand on the screen. */
  | { readonly show: 'cover'; readonly seat: string }
  /** The screen of the person holding the device, who is asked again. */
  | { readonly show: 'screen'; readonly seat: string };

/** Whether `seat`'s own latest snapshot asks it now: listed in `waitingOn`, with nothing held. */
export function askedNow(seat: CoverSeat): boolean {
  const snap = seat.snapshot;
  if (snap === null) return false;
  if (snap['held'] !== null && snap['held'] !== undefined) return false;
  const on = Array.isArray(snap['waitingOn']) ? (snap['waitingOn'] as Json[]) : [];
  return on.some((w) => w['id'] === seat.id);
}

/**
 * What the screen shows, given the people's seats in table order and `holder` (the person who last
 * revealed their screen and has not passed the device on since, or null).
 */
export function passScreen(seats: readonly CoverSeat[], holder: string | null): PassScreen {
  if (seats.some((s) => s.awaiting)) return { show: 'hold' };
  const asked = seats.filter(askedNow).map((s) => s.id);
  if (asked.length === 0) return { show: 'nobody' };
  if (holder !== null && asked.includes(holder)) return { show: 'screen', seat: holder };
  return { show: 'cover', seat: asked[0] as string };
}
