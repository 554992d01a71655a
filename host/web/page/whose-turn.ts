// The "whose turn" line of every page, from a snapshot's `waitingOn` (public: who is asked, by
// name; the server words the actors that are no seat, like "the timer"). On a person's own page
// their own turn reads "Your turn."; no page shows an id.

import type { Named } from '../messages.ts';

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The line for `waitingOn` on the page of `self` (a seat id; null on the table page); empty when nobody is asked. */
export function whoseTurn(waitingOn: readonly Named[], self: string | null): string {
  const mine = self !== null && waitingOn.some((w) => w.id === self);
  const others = waitingOn.filter((w) => w.id !== self).map((w) => w.name);
  if (mine) return others.length === 0 ? 'Your turn.' : `Waiting on you and ${namesInWords(others)}.`;
  return others.length === 0 ? '' : `Waiting on ${namesInWords(others)}.`;
}
