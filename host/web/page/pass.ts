// Pass-and-play on one screen (`/pass/<table token>`): the device that holds the table link also
// holds every seat's link, so this page opens each person's seat channel itself and shows one seat
// at a time. Between two people it shows only the cover "Pass to Ana" (nothing of any hand is in
// the page then); Ana presses "I am Ana" to see her view and moves, and after her move the cover
// comes back for whoever is asked next. A quick window's countdown shows above the cover and the
// screen alike (the table's, the same for all); the table's own dice are entered here when the
// match waits for them.

import { CountdownBar } from './countdown-bar.ts';
import { diceEntry, diceRefused } from './dice-entry.ts';
import { button, el, replaceChildren } from './dom.ts';
import { DRAWINGS } from './drawings/index.ts';
import { connectLive, type Incoming, type Live } from './live.ts';

type Json = Readonly<Record<string, unknown>>;

interface Seat {
  readonly id: string;
  readonly name: string;
  live: Live | null;
  snapshot: Incoming | null;
}

const root = document.getElementById('app') as HTMLElement;
const status = el('p', { class: 'status', role: 'status' }, 'Connecting…');
const alert = el('p', { class: 'alert', role: 'alert' });
const stage = el('section', { class: 'pass-stage', 'aria-live': 'polite' });
const quick = new CountdownBar();
replaceChildren(root, el('header', {}, el('h1', {}, 'Pass and play'), status), alert, ...quick.parts, stage);
/** The table's last snapshot (the dice it waits for), and its live channel (the dice go through it). */
let table: Incoming | null = null;
let tableLive: Live | null = null;
const token = location.pathname.split('/').pop() ?? '';
const seats: Seat[] = [];
let game = '';
let names: Record<string, string> = {};
/** The seat shown now (null: the cover). */
let shown: string | null = null;
let finished = '';

const asked = (): Seat | undefined => seats.find((s) => ((s.snapshot?.['moves'] as unknown[] | undefined) ?? []).length > 0);

function draw(): void {
  if (finished !== '') return replaceChildren(stage, el('p', { class: 'result' }, `The game is over: ${finished}`));
  const next = asked();
  if (shown !== null && next?.id !== shown) shown = null;
  if (next === undefined) {
    const spec = table?.['dice'];
    if (typeof spec === 'object' && spec !== null) {
      const key = `dice-${String(table?.['menu'])}`;
      if (stage.querySelector(`.dice-entry[data-for="${key}"]`) !== null) return; // still the same dice: keep what was chosen
      const entry = diceEntry(spec as Json, (outcome) => tableLive?.send({ type: 'dice', outcome }), key);
      entry.dataset['for'] = key;
      replaceChildren(stage, entry);
      stage.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
      return;
    }
    return replaceChildren(stage, el('p', {}, 'Waiting for the table (a bot, the dice or the timer)…'));
  }
  if (shown === null) {
    return replaceChildren(
      stage,
      el('h2', { class: 'cover' }, `Pass to ${next.name}`),
      button(
        `I am ${next.name}: show my screen`,
        () => {
          shown = next.id;
          draw();
        },
        { 'data-key': 'reveal' },
      ),
    );
  }
  const snap = next.snapshot as Incoming;
  const menu = Number(snap['menu']);
  const drawing = DRAWINGS[game];
  const moves = ((snap['moves'] as Json[]) ?? []).map((mv, i) =>
    el(
      'li',
      {},
      button(String(mv['label']), () => next.live?.send({ type: 'choose', menu, n: Number(mv['n']) }), { class: 'move', 'data-key': `move-${i}` }),
      typeof mv['hint'] === 'string' ? el('span', { class: 'hint' }, mv['hint']) : null,
    ),
  );
  replaceChildren(
    stage,
    el('h2', {}, `${next.name}: ${String(snap['prompt'] ?? '')}`),
    el('ul', { class: 'move-list' }, ...moves),
    el('div', { class: 'board' }, drawing === undefined ? el('pre', {}, ((snap['lines'] as string[]) ?? []).join('\n')) : drawing(snap['view'] as Json, names)),
  );
  stage.querySelector<HTMLButtonElement>('.move-list button')?.focus();
}

function seatMessage(seat: Seat, m: Incoming): void {
  if (m.type === 'snapshot') seat.snapshot = m;
  else if (m.type === 'rejected' || m.type === 'error') alert.textContent = `Not taken: ${String(m['reason'] ?? m['problem'])}`;
  else if (m.type === 'moved') {
    alert.textContent = '';
    shown = null;
  } else if (m.type === 'finished') finished = String(m['summary']);
  draw();
}

tableLive = connectLive(
  `/live/table/${token}`,
  (m) => {
    if (m.type === 'snapshot') {
      table = m;
      quick.update(m['countdown']);
      draw();
    } else if (m.type === 'time-up') {
      quick.timeUp(m);
    } else if (m.type === 'rejected' || m.type === 'error') {
      const reason = String(m['reason'] ?? m['problem']);
      alert.textContent = `Not taken: ${reason}`;
      diceRefused(stage.querySelector('.dice-entry'), reason);
    } else if (m.type === 'hello') {
      game = String(m['game']);
      names = Object.fromEntries(((m['seats'] as Json[]) ?? []).map((s) => [String(s['id']), String(s['name'])]));
    } else if (m.type === 'links' && seats.length === 0) {
      for (const link of (m['seats'] as Json[]) ?? []) {
        const seat: Seat = { id: String(link['id']), name: String(link['name']), live: null, snapshot: null };
        seats.push(seat);
        seat.live = connectLive(
          new URL(String(link['url'])).pathname.replace(/^\/seat\//, '/live/seat/'),
          (sm) => seatMessage(seat, sm),
          () => undefined,
        );
      }
    } else if (m.type === 'finished') {
      finished = String(m['summary']);
      draw();
    }
  },
  (text, ok) => {
    status.textContent = text;
    status.classList.toggle('bad', !ok);
  },
);
