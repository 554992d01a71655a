// A way back to the start page (a new match, resuming a saved one) from the table, seat and
// pass-and-play pages. The server shows the start page only to this machine on its loopback
// address, so the link is offered only there (a phone on the network would be refused).

import { el } from './dom.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function startLink(): HTMLElement | null {
  if (!LOOPBACK.has(location.hostname)) return null;
  return el('a', { href: '/', class: 'start-link' }, '← Start page: a new match or a saved one');
}
