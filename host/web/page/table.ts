// The table page: everything all players may see (the public view, drawn), whose move it is, the
// timer's face, the log, and each person's seat link with its QR code, to open on their phone.

import { diceEntry, diceRefused } from './dice-entry.ts';
import { el, replaceChildren } from './dom.ts';
import { startMatchPage } from './match-page.ts';

type Json = Readonly<Record<string, unknown>>;

const linksBox = el('div', { class: 'links' });
/** The table's own dice, when the match waits for them (table dice mode). */
const diceBox = el('section', { class: 'dice', 'aria-label': 'table dice' });

startMatchPage({
  kind: 'table',
  hello(p) {
    document.title = `${p.title}: the table`;
    const h1 = p.root.querySelector('h1');
    if (h1 !== null) h1.textContent = `${p.title} — the table`;
    replaceChildren(p.own, diceBox, el('details', { class: 'seat-links', open: '' }, el('summary', {}, 'Seat links: each player opens theirs'), linksBox));
  },
  snapshot(p, m) {
    // A new snapshot is a new state: the dice wanted now (a refused entry sends none, so what was chosen stays).
    const spec = m['dice'];
    if (typeof spec !== 'object' || spec === null) return replaceChildren(diceBox);
    replaceChildren(
      diceBox,
      diceEntry(spec as Json, (outcome) => p.live.send({ type: 'dice', outcome }), `dice-${String(m['menu'])}`),
    );
    diceBox.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
  },
  other(_p, m) {
    if (m.type === 'rejected') diceRefused(diceBox.firstElementChild, String(m['reason']));
    if (m.type !== 'links') return;
    const seats = (m['seats'] as Json[]) ?? [];
    replaceChildren(
      linksBox,
      seats.length === 0 ? el('p', {}, 'Every seat is a bot.') : null,
      el(
        'ul',
        { class: 'link-list' },
        ...seats.map((s) => {
          const name = String(s['name']);
          const url = String(s['url']);
          return el(
            'li',
            {},
            el('img', {
              src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(String(s['qr']))}`,
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
