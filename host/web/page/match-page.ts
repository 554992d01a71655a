// What the table page and a seat page share: the header, the drawing of the view (or its lines),
// whose move it is, the log in words, the timer's face and the messages from the server. The seat
// page adds its moves; the table page adds the seat links.

import type { HelloMessage, JsonObject, ServerMessage, SnapshotMessage } from '../messages.ts';
import { connectLive, type Live } from './live.ts';
import { DRAWINGS } from './drawings/index.ts';
import { el, replaceChildren } from './dom.ts';
import { TimerFace } from './timer-face.ts';
import { CountdownBar } from './countdown-bar.ts';
import { TimerAudio } from './timer-audio.ts';
import { DeviceActions } from './device-actions.ts';
import { whoseTurn } from './whose-turn.ts';
import { startLink } from './start-link.ts';

export interface MatchPage {
  readonly live: Live;
  readonly root: HTMLElement;
  /** Where the page's own part goes (the moves, the links). */
  readonly own: HTMLElement;
  /** The open quick window's panel (its answer buttons go in it while the page is asked). */
  readonly quick: CountdownBar;
  names: Record<string, string>;
  game: string;
  title: string;
}

export interface MatchPageHooks {
  /** The kind of page, for the live channel's path: `table` or `seat`. */
  readonly kind: 'table' | 'seat';
  hello?(page: MatchPage, message: HelloMessage): void;
  snapshot?(page: MatchPage, message: SnapshotMessage): void;
  /** The messages this part does not take alone: a refusal, a problem, a time-up, and the ones it does not know (the table page's links). */
  other?(page: MatchPage, message: Exclude<ServerMessage, HelloMessage | SnapshotMessage>): void;
}

const LOG_KEEP = 200;
/** The latest events kept for the drawing (what a view does not hold, like the dice just rolled). */
const EVENTS_KEEP = 40;

export function startMatchPage(hooks: MatchPageHooks): MatchPage {
  const token = location.pathname.split('/').pop() ?? '';
  const root = document.getElementById('app') as HTMLElement;
  const status = el('p', { class: 'status', role: 'status' }, 'Connecting…');
  const heading = el('h1', {}, 'Imperial Timer');
  /** Who plays which side, at a game of teams (the hello's public `sides`). */
  const sides = el('p', { class: 'sides' });
  const alert = el('p', { class: 'alert', role: 'alert' });
  const prompt = el('p', { class: 'prompt', 'aria-live': 'polite' });
  const waiting = el('p', { class: 'waiting' });
  const board = el('div', { class: 'board' });
  const lines = el('details', { class: 'lines' }, el('summary', {}, 'The table in words'));
  const linesBody = el('pre', {});
  lines.append(linesBody);
  const own = el('section', { class: 'own' });
  const logList = el('ol', { class: 'log-list' });
  const log = el(
    'section',
    { class: 'log', 'aria-label': 'what happened' },
    el('h2', {}, 'What happened'),
    el('div', { class: 'log-scroll', role: 'log', 'aria-live': 'polite', tabindex: '0' }, logList),
  );
  const timer = new TimerFace();
  const quick = new CountdownBar();
  const audio = new TimerAudio(hooks.kind);
  const device = new DeviceActions((message) => page.live.send(message));
  const result = el('p', { class: 'result', role: 'status' });
  replaceChildren(
    root,
    el('header', {}, heading, sides, status),
    startLink(),
    alert,
    result,
    prompt,
    ...quick.parts,
    waiting,
    device.element,
    own,
    board,
    lines,
    timer.element,
    audio.element,
    log,
  );

  let recent: JsonObject[] = [];
  /** This page's seat (null on the table page). */
  let selfId: string | null = null;
  const addLog = (texts: readonly string[], kind = ''): void => {
    for (const t of texts) logList.append(el('li', kind === '' ? {} : { class: kind }, t));
    while (logList.children.length > LOG_KEEP) logList.firstElementChild?.remove();
    logList.parentElement?.scrollTo({ top: logList.parentElement.scrollHeight });
  };

  const page: MatchPage = {
    live: connectLive(
      `/live/${hooks.kind}/${token}`,
      (m) => onMessage(m),
      (text, ok) => {
        status.textContent = text;
        status.classList.toggle('bad', !ok);
      },
    ),
    root,
    own,
    quick,
    names: {},
    game: '',
    title: '',
  };

  const onMessage = (m: ServerMessage): void => {
    switch (m.type) {
      case 'hello': {
        page.game = m.game;
        page.title = m.title;
        sides.textContent = m.sides ?? '';
        sides.hidden = m.sides === null;
        page.names = Object.fromEntries(m.seats.map((s) => [s.id, s.name]));
        selfId = m.seat?.id ?? null;
        quick.self = selfId;
        logList.replaceChildren();
        recent = [];
        audio.setTimer(m.timer, m.timerGains ?? []);
        hooks.hello?.(page, m);
        break;
      }
      case 'history':
        addLog(m.lines);
        break;
      case 'snapshot': {
        const drawing = DRAWINGS[page.game];
        replaceChildren(board, drawing === undefined ? el('pre', { class: 'view-lines' }, m.lines.join('\n')) : drawing(m.view, page.names, recent));
        linesBody.textContent = m.lines.join('\n');
        prompt.textContent = m.prompt;
        waiting.textContent = whoseTurn(m.waitingOn, selfId);
        if (m.result.finished) result.textContent = `The game is over: ${m.result.summary}`;
        quick.update(m.countdown);
        device.snapshot(m);
        if (m.clock !== null) timer.clock(m.clock);
        hooks.snapshot?.(page, m);
        // Which snapshot the page now shows (its menu number, one per snapshot on this connection): the leak checks compare the page with that one.
        root.dataset['snapshot'] = String(m.menu);
        break;
      }
      case 'events':
        addLog(m.lines);
        recent = [...recent, ...m.events].slice(-EVENTS_KEEP);
        break;
      case 'moved':
        alert.textContent = '';
        break;
      case 'rejected':
        alert.textContent = `Not taken: ${m.reason}`;
        device.setEnabled(true);
        hooks.other?.(page, m);
        break;
      case 'error':
        alert.textContent = `Problem: ${m.problem}`;
        device.setEnabled(true);
        hooks.other?.(page, m);
        break;
      case 'timer':
        timer.event(m.event);
        break;
      case 'timer-link':
        timer.linkNotice(m.text, m.ok);
        break;
      case 'timer-tones':
        audio.tones(m);
        break;
      case 'timer-command':
        timer.command(m.command);
        break;
      case 'note':
        addLog([m.text], 'note');
        break;
      case 'time-up':
        quick.timeUp(m);
        hooks.other?.(page, m);
        break;
      case 'finished':
        result.textContent = `The game is over: ${m.summary}`;
        addLog([`The game is over: ${m.summary}`], 'note');
        break;
      default:
        hooks.other?.(page, m);
    }
  };
  return page;
}
