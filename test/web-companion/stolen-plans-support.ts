// Helpers for Stolen Plans' web companion tests: the card ids a message or a page names, and the
// check of every message sent to a page against what its viewer could not know.

import { isCardId } from '../../host/games/stolen-plans/card-faces.ts';
import type { Tapped } from './support.ts';

/** The card ids a text names (whole tokens such as `jawa-attack-3`). */
export const cardIdsIn = (text: string): string[] => (text.match(/[a-z0-9][a-z0-9-]*-\d+/g) ?? []).filter(isCardId);

/**
 * Messages that carried a card their viewer could not know when they were sent. A move's events may
 * show what the move made public (a card played, one taken from the discard pile): an event leaks a
 * card only when it was secret both before the move (the viewer's previous message) and after it,
 * as the table front end's own checks have it; every other message shows the state as it is.
 */
export function messageLeaks(tapped: readonly Tapped[]): string[] {
  const found: string[] = [];
  const previous = new Map<string, ReadonlySet<string>>();
  for (const t of tapped) {
    const json = JSON.stringify(t.message);
    const ids = new Set(cardIdsIn(json));
    const before = previous.get(t.viewer) ?? new Set(t.secrets);
    for (const secret of t.secrets) {
      if (t.message.type === 'events' && !before.has(secret)) continue;
      if (ids.has(secret)) found.push(`${t.viewer} was sent ${secret} in ${json.slice(0, 300)}`);
    }
    previous.set(t.viewer, new Set(t.secrets));
  }
  return found;
}
