// Pass-and-play on one screen (`/pass/<table token>`): the device that holds the table link also
// holds every seat's link, so this page opens each person's seat channel itself and shows one seat
// at a time. Between two people it shows only the cover "Pass to Ana" (nothing of any hand is in
// the page then); Ana presses "I am Ana" to see her view and moves. After her move her screen
// stays while she is the one asked again (her next small step), and the cover comes back when
// someone else is asked (`pass-cover.ts` decides, from who is asked only). Before that cover, the
// person who moved sees what their move did, as their seat sees it ("What happened": the card Han
// Solo showed them), and passes the device on with "Done, hide my screen". A quick window's
// countdown shows above the cover and the screen alike (the table's, the same for all), in a panel
// fixed at the bottom of the screen that holds the shown person's moves while it is open; the
// table's own dice are entered here when the match waits for them. In a match played pass-and-play
// (started so) the host counts no window: each person asked is shown it in turn and their own
// time starts when their screen shows (`pass-quick.ts`).

import { CountdownBar, secondsInWords } from './countdown-bar.ts';
import { diceEntry, diceRefused } from './dice-entry.ts';
import { button, el, replaceChildren } from './dom.ts';
import { DRAWINGS } from './drawings/index.ts';
import type { ServerMessage, SnapshotMessage } from '../messages.ts';
import { connectLive, type Live } from './live.ts';
import { passScreen } from './pass-cover.ts';
import { countedHere, OwnQuickClock, ownWindowOf } from './pass-quick.ts';
import { passTimer } from './pass-timer.ts';
import { startLink } from './start-link.ts';
import { whoseTurn } from './whose-turn.ts';

interface Seat {
  readonly id: string;
  readonly name: string;
  live: Live | null;
  snapshot: SnapshotMessage | null;
  /** Its move was taken and the snapshot after it is on its way (see AWAIT_MS). */
  awaiting: boolean;
  awaitTimer: ReturnType<typeof setTimeout> | undefined;
  /** What happened, as this seat sees it (its history and events in words), oldest first. */
  log: string[];
  /** This person moved since showing their screen: what they see before the device is passed on. */
  moved: boolean;
  /** Their moves and what happened since their first move of this turn at the device. */
  news: string[];
}

/** The lines of what happened kept per seat and for the table. */
const LOG_KEEP = 200;
/** The lines shown on a screen's "What happened" (the latest). */
const LOG_SHOWN = 12;

/**
 * How long the screen waits for a seat's snapshot after its move before drawing from what it has
 * (the host sends no snapshot that is the same as the last, so one may never come).
 */
const AWAIT_MS = 1500;

const root = document.getElementById('app') as HTMLElement;
const status = el('p', { class: 'status', role: 'status' }, 'Connecting…');
const alert = el('p', { class: 'alert', role: 'alert' });
const stage = el('section', { class: 'pass-stage', 'aria-live': 'polite' });
const quick = new CountdownBar();
/** The table's last snapshot (the dice it waits for), and its live channel (the dice and the timer's buttons go through it). */
let table: SnapshotMessage | null = null;
let tableLive: Live | null = null;
const timer = passTimer(() => tableLive);
const heading = el('h1', {}, 'Pass and play');
/** Who plays which side, at a game of teams (the hello's public `sides`). */
const sides = el('p', { class: 'sides' });
replaceChildren(root, el('header', {}, heading, sides, status), startLink(), alert, ...quick.parts, stage, ...timer.parts);
const token = location.pathname.split('/').pop() ?? '';
const seats: Seat[] = [];
let game = '';
let names: Record<string, string> = {};
/** The person holding the device: who last revealed their screen and has not passed it on since (null: nobody, the cover). */
let holder: string | null = null;
let finished = '';
/** What happened, as the table sees it (public): shown under the cover and while nobody here is asked. */
let tableLog: string[] = [];

const kept = (lines: readonly string[]): string[] => lines.slice(-LOG_KEEP);

/** "What happened": the latest of `lines`, in words. */
function logSection(lines: readonly string[]): HTMLElement {
  const shown = lines.slice(-LOG_SHOWN);
  return el(
    'section',
    { class: 'log', 'aria-label': 'what happened' },
    el('h2', {}, 'What happened'),
    shown.length === 0 ? el('p', {}, 'Nothing yet.') : el('ol', { class: 'log-list' }, ...shown.map((t) => el('li', {}, t.trim()))),
  );
}

/**
 * What `seat`'s move did, as that seat sees it, before the device is passed on: its moves and what
 * happened since, its own board, and "Done, hide my screen" (then the cover, or the end).
 */
function drawReview(seat: Seat): void {
  const snap = seat.snapshot;
  const drawing = DRAWINGS[game];
  replaceChildren(
    stage,
    el('h2', { class: 'review' }, `${seat.name}: what your move did`),
    el('p', {}, `Only ${seat.name} should look. When you have seen it, hide your screen and pass the device on.`),
    el(
      'section',
      { class: 'log news', 'aria-label': 'what happened' },
      el('h2', {}, 'What happened'),
      el('ol', { class: 'log-list' }, ...seat.news.map((t) => el('li', {}, t.trim()))),
    ),
    button(
      'Done, hide my screen',
      () => {
        seat.moved = false;
        seat.news = [];
        holder = null;
        draw();
      },
      { 'data-key': 'done', class: 'done' },
    ),
    snap === null ? null : el('div', { class: 'board' }, drawing === undefined ? el('pre', {}, snap.lines.join('\n')) : drawing(snap.view, names)),
  );
  const done = stage.querySelector<HTMLButtonElement>('button.done');
  if (done !== null && document.activeElement !== done) done.focus({ preventScroll: true });
}

/** Whose own time in a quick window ran out and was passed: their screen says so until they hide it (null: nobody's). */
let timedOut: string | null = null;
/** The person and window the page last sent a pass for when their time ran out. */
let passedIn = '';
/** Each person's own time in a quick window (a match played pass-and-play). */
const ownClock = new OwnQuickClock((seat, serial) => ownTimeUp(seat, serial));

/** `seat`'s own time in the window numbered `serial` ran out on their screen: their pass is sent, and they are told. */
function ownTimeUp(id: string, serial: number): void {
  const seat = seats.find((s) => s.id === id);
  const open = ownWindowOf(seat?.snapshot);
  if (seat === undefined || holder !== id || seat.awaiting || open === null || open.serial !== serial || open.pass === null) return;
  if (passedIn === `${id} ${serial}`) return; // sent once for this window already (refused: they answer it themselves)
  passedIn = `${id} ${serial}`;
  for (const b of document.querySelectorAll<HTMLButtonElement>('.move-list button')) b.disabled = true;
  seat.live?.send({ type: 'choose', menu: seat.snapshot?.menu ?? 0, n: open.pass });
  timedOut = id;
  quick.self = id;
  quick.timeUp({ passing: [{ id, name: seat.name }] });
  draw();
}

/** The screen of a person whose own time ran out: what happened, and the button that hides it. */
function drawTimedOut(id: string): void {
  const seat = seats.find((s) => s.id === id);
  quick.answers.replaceChildren();
  replaceChildren(
    stage,
    el('h2', {}, seat?.name ?? ''),
    el('p', { class: 'timed-out' }, 'Time is up: you pass.'),
    button(
      'Hide my screen',
      () => {
        timedOut = null;
        holder = null;
        // This screen was their review of the pass the page made for them: nothing more to show.
        if (seat !== undefined) {
          seat.moved = false;
          seat.news = [];
        }
        // "you pass" was said to them: the next person's cover does not repeat it.
        for (const part of quick.parts) if (part.classList.contains('countdown-news')) part.textContent = '';
        draw();
      },
      { 'data-key': 'hide' },
    ),
  );
  stage.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
}

/** In a match played pass-and-play: the quick window's panel shows `id`'s own time when their screen shows a window asking them (null: nobody's screen). */
function showOwnWindow(id: string | null, asked: boolean): void {
  const seat = id === null ? undefined : seats.find((s) => s.id === id);
  if (!countedHere(seat?.snapshot ?? table)) return;
  const open = ownWindowOf(seat?.snapshot);
  if (seat === undefined || open === null || !asked) {
    ownClock.stop();
    quick.update(null);
    return;
  }
  const own = ownClock.shown(seat.id, open);
  quick.update(own.countdown);
  // Their time ran out while their pass could not be sent (their move was on its way): sent now, if it is still theirs to make.
  if (own.ranOut) queueMicrotask(() => ownTimeUp(seat.id, open.serial));
}

function draw(): void {
  // The person who moved sees what their move did before anyone else's screen (or the end) is shown.
  const reviewing = seats.find((s) => s.id === holder && s.moved);
  if (finished !== '' && reviewing === undefined)
    return replaceChildren(stage, el('p', { class: 'result' }, `The game is over: ${finished}`), logSection(tableLog));
  if (timedOut !== null) return drawTimedOut(timedOut);
  const screen = passScreen(seats, holder);
  if (screen.show === 'hold') return;
  if (screen.show !== 'screen') showOwnWindow(null, false);
  // The quick window's panel holds only the moves of the person now shown (none on a cover).
  quick.answers.replaceChildren();
  if (reviewing !== undefined && !(screen.show === 'screen' && screen.seat === reviewing.id)) return drawReview(reviewing);
  if (screen.show === 'nobody') {
    const spec = table?.dice ?? null;
    if (spec !== null) {
      const key = `dice-${table?.menu}`;
      if (stage.querySelector(`.dice-entry[data-for="${key}"]`) !== null) return; // still the same dice: keep what was chosen
      const entry = diceEntry(
        spec,
        (outcome) => {
          holder = null; // the table's dice may be entered by anyone: the next person is covered
          tableLive?.send({ type: 'dice', outcome });
        },
        key,
      );
      entry.dataset['for'] = key;
      replaceChildren(stage, entry);
      stage.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
      return;
    }
    // Play held (the timer paused or lost): why, in the host's words; else who is waited on.
    const held = table?.held ?? null;
    if (held !== null && held !== '') return replaceChildren(stage, el('p', { class: 'waiting' }, held), logSection(tableLog));
    const who = whoseTurn(table?.waitingOn ?? [], null);
    return replaceChildren(stage, el('p', { class: 'waiting' }, who === '' ? 'Waiting for the table…' : who), logSection(tableLog));
  }
  const next = seats.find((s) => s.id === screen.seat) as Seat;
  if (screen.show === 'cover') {
    holder = null;
    const coming = ownWindowOf(table);
    return replaceChildren(
      stage,
      el('h2', { class: 'cover' }, `Pass to ${next.name}`),
      // The window the next person is asked in (public: the table's snapshot): their time starts on their screen.
      coming === null ? null : el('p', { class: 'coming-window' }, `A quick window: ${secondsInWords(coming.seconds)} to answer, from when your screen shows.`),
      button(
        `I am ${next.name}: show my screen`,
        () => {
          holder = next.id;
          next.moved = false;
          next.news = [];
          draw();
        },
        { 'data-key': 'reveal' },
      ),
      logSection(tableLog),
    );
  }
  const snap = next.snapshot as SnapshotMessage;
  const menu = snap.menu;
  const drawing = DRAWINGS[game];
  const choose = (n: number): void => {
    for (const b of document.querySelectorAll<HTMLButtonElement>('.move-list button')) b.disabled = true;
    next.live?.send({ type: 'choose', menu, n });
  };
  const moves = snap.moves.map((mv, i) =>
    el(
      'li',
      {},
      button(mv.label, () => choose(mv.n), { class: 'move', 'data-key': `move-${i}` }),
      mv.hint === undefined ? null : el('span', { class: 'hint' }, mv.hint),
    ),
  );
  const list = el('ul', { class: 'move-list' }, ...moves);
  const home = el('div', { class: 'moves' });
  replaceChildren(
    stage,
    el('h2', {}, `${next.name}: ${snap.prompt}`),
    home,
    el('div', { class: 'board' }, drawing === undefined ? el('pre', {}, snap.lines.join('\n')) : drawing(snap.view, names)),
    logSection(next.log),
  );
  showOwnWindow(next.id, moves.length > 0);
  // In a quick window the moves sit in its panel, fixed on the screen wherever it is scrolled.
  quick.holdAnswers(list, home, moves.length > 0);
  list.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
}

function settle(seat: Seat): void {
  seat.awaiting = false;
  clearTimeout(seat.awaitTimer);
  seat.awaitTimer = undefined;
}

function seatMessage(seat: Seat, m: ServerMessage): void {
  if (m.type === 'snapshot') {
    seat.snapshot = m;
    settle(seat);
  } else if (m.type === 'rejected' || m.type === 'error') {
    alert.textContent = `Not taken: ${m.type === 'rejected' ? m.reason : m.problem}`;
    if (timedOut === seat.id) timedOut = null; // the pass was not taken: their screen shows what is asked
  } else if (m.type === 'hello') seat.log = [];
  else if (m.type === 'history') seat.log = kept(m.lines);
  else if (m.type === 'events') {
    const lines = m.lines;
    seat.log = kept([...seat.log, ...lines]);
    if (seat.moved) seat.news = kept([...seat.news, ...lines]);
  } else if (m.type === 'moved') {
    alert.textContent = '';
    // Only the person holding the device moves here; what their move did is theirs to see before passing it on.
    if (seat.id === holder) {
      if (!seat.moved) seat.news = [];
      seat.moved = true;
      seat.news = kept([...seat.news, `You chose: ${m.label}`]);
    }
    seat.awaiting = true;
    clearTimeout(seat.awaitTimer);
    seat.awaitTimer = setTimeout(() => {
      settle(seat);
      draw();
    }, AWAIT_MS);
  } else if (m.type === 'finished') finished = m.summary;
  draw();
}

tableLive = connectLive(
  `/live/table/${token}`,
  (m) => {
    if (timer.message(m)) return;
    if (m.type === 'snapshot') {
      table = m;
      // In a match played pass-and-play the shown person's own time is drawn instead (showOwnWindow).
      if (!countedHere(m)) quick.update(m.countdown);
      draw();
    } else if (m.type === 'time-up') {
      quick.timeUp(m);
    } else if (m.type === 'history') {
      tableLog = kept(m.lines);
      draw();
    } else if (m.type === 'events') {
      tableLog = kept([...tableLog, ...m.lines]);
      draw();
    } else if (m.type === 'rejected' || m.type === 'error') {
      const reason = m.type === 'rejected' ? m.reason : m.problem;
      alert.textContent = `Not taken: ${reason}`;
      diceRefused(stage.querySelector('.dice-entry'), reason);
    } else if (m.type === 'hello') {
      game = m.game;
      heading.textContent = `Pass and play: ${m.title}`;
      sides.textContent = m.sides ?? '';
      sides.hidden = m.sides === null;
      names = Object.fromEntries(m.seats.map((s) => [s.id, s.name]));
      tableLog = [];
    } else if (m.type === 'links' && seats.length === 0) {
      for (const link of m.seats) {
        const seat: Seat = {
          id: link.id,
          name: link.name,
          live: null,
          snapshot: null,
          awaiting: false,
          awaitTimer: undefined,
          log: [],
          moved: false,
          news: [],
        };
        seats.push(seat);
        seat.live = connectLive(
          new URL(link.url).pathname.replace(/^\/seat\//, '/live/seat/'),
          (sm) => seatMessage(seat, sm),
          () => undefined,
        );
      }
    } else if (m.type === 'finished') {
      finished = m.summary;
      draw();
    }
  },
  (text, ok) => {
    status.textContent = text;
    status.classList.toggle('bad', !ok);
  },
);
