// What the table page and a seat page share: the header, the drawing of the view (or its lines),
// whose move it is, the log in words, the timer's face and the messages from the server. The seat
// page adds its moves; the table page adds the seat links.

import { connectLive, type Incoming, type Live } from './live.ts';
import { DRAWINGS } from './drawings/index.ts';
import { el, replaceChildren } from './dom.ts';
import { TimerFace } from './timer-face.ts';
import { CountdownBar } from './countdown-bar.ts';
import { TimerAudio, type TimerSound, type TimerTonesMessage } from './timer-audio.ts';
import { DeviceActions } from './device-actions.ts';
import { whoseTurn } from './whose-turn.ts';
import { startLink } from './start-link.ts';

type Json = Readonly<Record<string, unknown>>;

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
  hello?(page: MatchPage, message: Incoming): void;
  snapshot?(page: MatchPage, message: Incoming): void;
  other?(page: MatchPage, message: Incoming): void;
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

  let recent: Json[] = [];
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

  const onMessage = (m: Incoming): void => {
    switch (m.type) {
      case 'hello': {
        page.game = String(m['game']);
        page.title = String(m['title']);
        sides.textContent = typeof m['sides'] === 'string' ? m['sides'] : '';
        sides.hidden = typeof m['sides'] !== 'string';
        const seats = Array.isArray(m['seats']) ? (m['seats'] as Json[]) : [];
        page.names = Object.fromEntries(seats.map((s) => [String(s['id']), String(s['name'])]));
        const self = m['seat'] as Json | null | undefined;
        selfId = typeof self === 'object' && self !== null ? String(self['id']) : null;
        quick.self = selfId;
        logList.replaceChildren();
        recent = [];
        audio.setTimer((m['timer'] as TimerSound | undefined) ?? null, Array.isArray(m['timerGains']) ? (m['timerGains'] as number[]) : []);
        hooks.hello?.(page, m);
        break;
      }
      case 'history':
        addLog((m['lines'] as string[]) ?? []);
        break;
      case 'snapshot': {
        const view = m['view'] as Json;
        const drawing = DRAWINGS[page.game];
        replaceChildren(
          board,
          drawing === undefined ? el('pre', { class: 'view-lines' }, ((m['lines'] as string[]) ?? []).join('\n')) : drawing(view, page.names, recent),
        );
        linesBody.textContent = ((m['lines'] as string[]) ?? []).join('\n');
        prompt.textContent = String(m['prompt'] ?? '');
        waiting.textContent = whoseTurn((m['waitingOn'] as Json[]) ?? [], selfId);
        const r = m['result'] as Json;
        if (r['finished'] === true) result.textContent = `The game is over: ${String(r['summary'])}`;
        quick.update(m['countdown']);
        device.snapshot(m);
        if (m['clock'] !== null && typeof m['clock'] === 'object') timer.clock(m['clock'] as Json);
        hooks.snapshot?.(page, m);
        // Which snapshot the page now shows (its menu number, one per snapshot on this connection): the leak checks compare the page with that one.
        root.dataset['snapshot'] = String(m['menu']);
        break;
      }
      case 'events':
        addLog((m['lines'] as string[]) ?? []);
        recent = [...recent, ...((m['events'] as Json[]) ?? [])].slice(-EVENTS_KEEP);
        break;
      case 'moved':
        alert.textContent = '';
        break;
      case 'rejected':
        alert.textContent = `Not taken: ${String(m['reason'])}`;
        device.setEnabled(true);
        hooks.other?.(page, m);
        break;
      case 'error':
        alert.textContent = `Problem: ${String(m['problem'])}`;
        device.setEnabled(true);
        hooks.other?.(page, m);
        break;
      case 'timer':
        timer.event(m['event'] as Json);
        break;
      case 'timer-link':
        timer.linkNotice(String(m['text']), typeof m['ok'] === 'boolean' ? m['ok'] : undefined);
        break;
      case 'timer-tones':
        audio.tones(m as unknown as TimerTonesMessage);
        break;
      case 'timer-command':
        timer.command(m['command'] as Json);
        break;
      case 'note':
        addLog([String(m['text'])], 'note');
        break;
      case 'time-up':
        quick.timeUp(m);
        hooks.other?.(page, m);
        break;
      case 'finished':
        result.textContent = `The game is over: ${String(m['summary'])}`;
        addLog([`The game is over: ${String(m['summary'])}`], 'note');
        break;
      default:
        hooks.other?.(page, m);
    }
  };
  return page;
}
