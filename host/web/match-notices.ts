// What the server passes on about a match beside its views: the built-in timer's sound
// (`timer-tones`) and the timer link's notices (`timer-link`, the last one kept while the link is
// down, for a page that joins then) to every page, and a save that failed to the computer's own
// terminal with its whole reason (the pages are told in plain words without the computer's file
// paths: web-match.ts).

import type { OpenedTimer } from './current-match.ts';
import type { Send, ServerMessage } from './messages.ts';
import { timerLinkMessage } from './timer-link-notice.ts';
import { watchTimerTones } from './timer-tones.ts';
import type { WebMatch } from './web-match.ts';

export interface NoticeRoutes {
  /** Sends a message to every page of the match. */
  readonly toPages: Send;
  /** The timer link's notice while it is down (null: it is back). */
  readonly linkDown: (message: ServerMessage | null) => void;
  /** A line for the computer's own terminal (`serve`). */
  readonly log?: (line: string) => void;
}

/** Starts passing on `match`'s notices; returns the function that stops it. */
export function watchMatchNotices(match: WebMatch, timer: OpenedTimer | null, routes: NoticeRoutes): () => void {
  const stops: (() => void)[] = [];
  const builtIn = timer?.builtIn;
  if (builtIn !== undefined) stops.push(watchTimerTones(builtIn, routes.toPages));
  const stopLink = timer?.onNotice?.((notice) => {
    const message = timerLinkMessage(notice);
    if (message === null) return;
    if (message.ok === false) routes.linkDown(message);
    if (message.ok === true) routes.linkDown(null);
    routes.toPages(message);
  });
  if (stopLink !== undefined) stops.push(stopLink);
  const log = routes.log;
  if (log !== undefined) stops.push(match.onSaveFailed((message) => log(`${match.title}: ${message}`)));
  return () => {
    for (const stop of stops) stop();
  };
}
