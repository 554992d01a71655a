// The Queen's Gambit's check of what the companion sends a viewer, shared by its live-channel and
// browser tests: the text a page shows of a message, and the messages that hold what their viewer
// may not know when sent.

import { namesTheRealQueen, secretWordsOfIds } from '../games/queens-gambit/table-support.ts';
import { holdsToken } from '../table/support.ts';
import type { Tapped } from './support.ts';

/** The text of a message a page shows (its lines, prompt, labels and hints), for the words check. */
export function shownText(message: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [...((message['lines'] as string[] | undefined) ?? [])];
  if (typeof message['prompt'] === 'string') parts.push(message['prompt']);
  for (const m of (message['moves'] as { label: string; hint?: string }[] | undefined) ?? []) parts.push(m.label, m.hint ?? '');
  for (const k of ['reason', 'problem', 'text', 'label']) if (typeof message[k] === 'string') parts.push(message[k] as string);
  return parts.join('\n');
}

/**
 * Messages that hold what their viewer may not know when sent: a secret id anywhere in the message
 * (events too: `eventFor` has already taken out what the viewer may not see), a hidden card's words
 * in what the page shows, or (to a viewer the real Queen is hidden from) a line naming it.
 */
export function qgLeaks(tapped: readonly Tapped[]): string[] {
  const found: string[] = [];
  // What each viewer might not know as of its last snapshot (sent at the end of each move, so the
  // state before the next move's events): a move's events may tell a card that
  // was public when it was told and that the same move then shuffles back into its deck (deck-out
  // option "reshuffle"), so an event is checked against what was secret both before and after its move.
  const before = new Map<string, ReadonlySet<string>>();
  for (const t of tapped) {
    if (t.viewer === 'lobby' || t.message.type === 'history') continue;
    const previous = before.get(t.viewer);
    if (t.message.type === 'snapshot') before.set(t.viewer, new Set(t.secrets));
    const secrets = t.message.type === 'events' && previous !== undefined ? t.secrets.filter((id) => previous.has(id)) : t.secrets;
    const json = JSON.stringify(t.message);
    for (const id of secrets) if (json.includes(JSON.stringify(id))) found.push(`${t.viewer} was sent ${id} in ${json.slice(0, 200)}`);
    const shown = shownText(t.message);
    for (const w of secretWordsOfIds(secrets)) if (!w.includes('/') && shown.includes(w) && holdsToken(shown, w)) found.push(`${t.viewer} was shown "${w}"`);
    if (secrets.some((x) => x.startsWith('real-queen:')))
      for (const l of shown.split('\n')) if (namesTheRealQueen(l)) found.push(`${t.viewer} was told the real Queen: ${l}`);
  }
  return found;
}
