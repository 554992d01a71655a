// The table page: everything all players may see (the public view, drawn), whose move it is, the
// timer's face, the log, and each person's seat link with its QR code, to open on their phone.

import { diceEntry, diceRefused } from './dice-entry.ts';
import { el, replaceChildren } from './dom.ts';
import { startMatchPage } from './match-page.ts';

const linksBox = el('div', { class: 'links' });
/** The seat links, open until every person's page has joined, then folded once (the first screen is the game). */
const linksFold = el('details', { class: 'seat-links', open: '' }, el('summary', {}, 'Seat links: each player opens theirs'), linksBox);
let folded = false;
/** The people's seats (from the links) and those whose page is open. */
let people: { readonly id: string; readonly name: string }[] = [];
let joined: readonly string[] = [];

function drawJoined(): void {
  const missing = people.filter((s) => !joined.includes(s.id)).map((s) => s.name);
  const summary = linksFold.querySelector('summary');
  if (summary !== null)
    summary.textContent =
      people.length === 0 || missing.length > 0
        ? `Seat links: each player opens theirs${missing.length > 0 && missing.length < people.length ? ` (still to join: ${missing.join(', ')})` : ''}`
        : 'Seat links: everyone has joined';
  if (!folded && people.length > 0 && missing.length === 0) {
    // Folded and moved to the end of the page: the game comes first.
    folded = true;
    linksFold.open = false;
    linksFold.parentElement?.parentElement?.append(linksFold);
  }
}
/** The table's own dice, when the match waits for them (table dice mode). */
const diceBox = el('section', { class: 'dice', 'aria-label': 'table dice' });

startMatchPage({
  kind: 'table',
  hello(p) {
    document.title = `${p.title}: the table`;
    const h1 = p.root.querySelector('h1');
    if (h1 !== null) h1.textContent = `${p.title} — the table`;
    replaceChildren(p.own, diceBox, linksFold);
  },
  snapshot(p, m) {
    // A new snapshot is a new state: the dice wanted now (a refused entry sends none, so what was chosen stays).
    const spec = m.dice;
    if (spec === null) return replaceChildren(diceBox);
    replaceChildren(
      diceBox,
      diceEntry(spec, (outcome) => p.live.send({ type: 'dice', outcome }), `dice-${m.menu}`),
    );
    diceBox.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
  },
  other(_p, m) {
    if (m.type === 'rejected') diceRefused(diceBox.firstElementChild, m.reason);
    if (m.type === 'joined') {
      joined = m.seats;
      return drawJoined();
    }
    if (m.type !== 'links') return;
    const seats = m.seats;
    people = seats.map((s) => ({ id: s.id, name: s.name }));
    drawJoined();
    replaceChildren(
      linksBox,
      seats.length === 0 ? el('p', {}, 'Every seat is a bot.') : null,
      el(
        'ul',
        { class: 'link-list' },
        ...seats.map((s) => {
          const { name, url } = s;
          return el(
            'li',
            {},
            el('img', {
              src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(s.qr)}`,
              alt: `QR code of ${name}'s seat link`,
              width: '132',
              height: '132',
            }),
            el('a', { href: url, target: '_blank', rel: 'noopener noreferrer', 'aria-label': `${name}'s seat page` }, `${name}'s seat`),
          );
        }),
      ),
    );
  },
});
