// The timer link's notices as sentences for people (null when there is nothing to say): a pulled
// cable, the tries to reach the timer again, its return, and the timer's warnings about itself.
// The web pages show them (`web/timer-link-notice.ts`); pass a `Style` to colour them in a terminal.

import { PLAIN, type Style } from '../ui/terminal/style.ts';
import type { LinkNotice } from './timer-link.ts';

export function noticeLine(notice: LinkNotice, style: Style = PLAIN): string | null {
  switch (notice.kind) {
    case 'connected':
      return style.dim(`Connected to ${notice.description} (firmware ${notice.hello.firmware}).`);
    case 'lost':
      return style.red(`The link to the timer was lost (${notice.reason}). The game is kept; the companion keeps trying to reach the timer.`);
    case 'retrying':
      return notice.attempt === 1 ? null : style.dim(`Still trying to reach the timer (attempt ${notice.attempt}): ${notice.reason}`);
    case 'resumed':
      return style.green(`The timer answers again (${notice.description}): the game carries on.`);
    case 'problem':
      return style.dim(`timer link: ${notice.text}`);
    case 'timer-warning':
      return style.yellow(notice.text);
  }
}
