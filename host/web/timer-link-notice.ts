// The timer link's notices as a page message (`timer-link`), in the words of
// `link/notice-words.ts` (`noticeLine`): a pulled cable, the tries to reach
// the timer again, and its return are shown on every page. `ok` says whether the timer is reachable.

import type { LinkNotice } from '../link/timer-link.ts';
import { noticeLine } from '../link/notice-words.ts';
import type { MessageOf } from './messages.ts';

export function timerLinkMessage(notice: LinkNotice): MessageOf<'timer-link'> | null {
  if (notice.kind === 'connected') return null;
  const text = noticeLine(notice);
  if (text === null) return null;
  const ok = notice.kind === 'resumed' ? true : notice.kind === 'lost' || notice.kind === 'retrying' ? false : null;
  return { type: 'timer-link', notice: notice.kind, text, ...(ok === null ? {} : { ok }) };
}
