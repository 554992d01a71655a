// What the table page and a seat page share: the header, the drawing of the view (or its lines),
// whose move it is, the log in words, the timer's face and the messages from the server. The seat
// page adds its moves; the table page adds the seat links.

import { connectLive, type Incoming, type Live } from './live.ts';
import { DRAWINGS } from './drawings/index.ts';
import { el, replaceChildren } from './dom.ts';
import { TimerFace } from './timer-face.ts';
import { CountdownBar } from './countdown-bar.ts';

type Json = Readonly<Record<string, unknown>>;

export interface MatchPage {
  readonly live: Live;
  readonly root: HTMLElement;
  /** Where the page's own part goes (the moves, the links). */
  readonly own: HTMLElement;
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

export function startMatchPage(hooks: MatchPageHooks): MatchPage {
  const token = location.pathname.split('/').pop() ?? '';
  const root = document.getElementById('app') as HTMLElement;
  const status = el('p', { class: 'status', role: 'status' }, 'Connecting…');
  const heading = el('h1', {}, 'Imperial Timer');
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
  const result = el('p', { class: 'result', role: 'status' });
  replaceChildren(root, el('header', {}, heading, status), alert, result, prompt, ...quick.parts, waiting, own, board, lines, timer.element, log);

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
    names: {},
    game: '',
    title: '',
  };

  const onMessage = (m: Incoming): void => {
    switch (m.type) {
      case 'hello': {
        page.game = String(m['game']);
        page.title = String(m['title']);
        const seats = Array.isArray(m['seats']) ? (m['seats'] as Json[]) : [];
        page.names = Object.fromEntries(seats.map((s) => [String(s['id']), String(s['name'])]));
        const self = m['seat'] as Json | null | undefined;
        quick.self = typeof self === 'object' && self !== null ? String(self['id']) : null;
        logList.replaceChildren();
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
          drawing === undefined ? el('pre', { class: 'view-lines' }, ((m['lines'] as string[]) ?? []).join('\n')) : drawing(view, page.names),
        );
        linesBody.textContent = ((m['lines'] as string[]) ?? []).join('\n');
        prompt.textContent = String(m['prompt'] ?? '');
        const on = ((m['waitingOn'] as Json[]) ?? []).map((w) => String(w['name']));
        waiting.textContent = on.length === 0 ? '' : `Waiting on: ${on.join(', ')}`;
        const r = m['result'] as Json;
        if (r['finished'] === true) result.textContent = `The game is over: ${String(r['summary'])}`;
        quick.update(m['countdown']);
        hooks.snapshot?.(page, m);
        break;
      }
      case 'events':
        addLog((m['lines'] as string[]) ?? []);
        break;
      case 'moved':
        alert.textContent = '';
        break;
      case 'rejected':
        alert.textContent = `Not taken: ${String(m['reason'])}`;
        hooks.other?.(page, m);
        break;
      case 'error':
        alert.textContent = `Problem: ${String(m['problem'])}`;
        hooks.other?.(page, m);
        break;
      case 'timer':
        timer.event(m['event'] as Json);
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
