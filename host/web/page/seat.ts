// A seat page: this player's view, the legal moves as buttons (each with the hint of what it
// does), and a "your move" cue. A seat's identity is its link's token: the server knows which
// seat this is, and moves only that seat. While a quick window asks this seat, its moves sit in
// the window's panel fixed at the bottom of the screen, and the phone buzzes (where it can) as
// the window starts asking it: who is asked is public, so neither tells anything of a hand.

import { el, replaceChildren, button } from './dom.ts';
import { buzz } from './countdown-bar.ts';
import { startMatchPage } from './match-page.ts';

const movesBox = el('div', { class: 'moves', role: 'group', 'aria-label': 'your moves' });
let seatName = '';
/** Whether the moves were in the quick window's panel after the last snapshot (a buzz only as a window starts asking). */
let inWindow = false;

const page = startMatchPage({
  kind: 'seat',
  hello(p, m) {
    seatName = m.seat?.name ?? '';
    document.title = `${seatName}: ${p.title}`;
    const h1 = p.root.querySelector('h1');
    if (h1 !== null) h1.textContent = `${seatName} — ${p.title}`;
    replaceChildren(p.own, el('h2', {}, 'Your moves'), movesBox);
  },
  snapshot(p, m) {
    const menu = m.menu;
    const moves = m.moves;
    const inPanel = p.quick.holdAnswers(movesBox, p.own, moves.length > 0);
    if (inPanel && !inWindow) buzz();
    inWindow = inPanel;
    if (moves.length === 0) {
      const over = m.result.finished;
      replaceChildren(movesBox, el('p', {}, over ? 'The game is over.' : 'Nothing to do now: wait for your turn.'));
      document.body.classList.remove('my-move');
      return;
    }
    document.body.classList.add('my-move');
    const buttons = moves.map((mv, i) => {
      const n = mv.n;
      const hint = mv.hint ?? '';
      const hintId = `hint-${menu}-${n}`;
      // A move's button starts like a sentence ("no one" → "No one").
      const label = mv.label;
      const b = button(
        label.charAt(0).toUpperCase() + label.slice(1),
        () => {
          for (const other of movesBox.querySelectorAll('button')) other.disabled = true;
          p.live.send({ type: 'choose', menu, n });
        },
        { 'data-key': `move-${i}`, class: 'move', ...(hint === '' ? {} : { 'aria-describedby': hintId }) },
      );
      return el('li', {}, b, hint === '' ? null : el('span', { class: 'hint', id: hintId }, hint));
    });
    replaceChildren(movesBox, el('p', { class: 'your-move' }, '▶ Your move'), el('ul', { class: 'move-list' }, ...buttons));
    const first = movesBox.querySelector('button');
    if (first !== null && !movesBox.contains(document.activeElement)) first.focus({ preventScroll: true });
  },
  other(p, m) {
    if (m.type === 'rejected' || m.type === 'error') for (const b of movesBox.querySelectorAll('button')) b.disabled = false;
    void p;
  },
});
void page;
