// The start page (served to this machine only): choose a game, the seats (names, bots), the
// game's options from its metadata, the timer (none, the built-in one, or a listed serial port),
// then start; or resume the match saved for a game. Then it links the table page and the seats.
// A problem with a start or a resume is shown beside the buttons that caused it (and scrolled into
// view), a serial-port note beside "List the serial ports again"; while a new match is being opened
// the old match's links are taken away (they stop working once the new one exists).

import { button, el, replaceChildren } from './dom.ts';
import { connectLive, type Incoming } from './live.ts';

type Json = Readonly<Record<string, unknown>>;

const root = document.getElementById('app') as HTMLElement;
const status = el('p', { class: 'status', role: 'status' }, 'Connecting…');
const form = el('form', { class: 'start-form', 'aria-label': 'a new match' });
const current = el('section', { class: 'current', 'aria-label': 'the match being played' });
const portsBox = el('p', { class: 'ports-note' });
/** A start or resume's problem, beside the Start and Resume buttons (kept across redraws of the form). */
const startProblem = el('p', { class: 'alert start-problem', role: 'alert' });
/** A new match's notes (what its timer said), beside the same buttons. */
const startNote = el('p', { class: 'start-note', role: 'status' });
/** The largest seed the server takes (a 32-bit whole number). */
const SEED_MAX = 4294967295;
let games: Json[] = [];
let ports: Json[] = [];
let chosen = '';

const live = connectLive(
  '/live/lobby',
  (m) => onMessage(m),
  (text, ok) => {
    status.textContent = text;
    status.classList.toggle('bad', !ok);
  },
);
replaceChildren(root, el('header', {}, el('h1', {}, 'Imperial Timer companion'), status), current, el('h2', {}, 'A new match'), form);

function labelled(label: string, control: HTMLElement): HTMLElement {
  const id = `f-${Math.random().toString(36).slice(2)}`;
  control.id = id;
  return el('p', { class: 'field' }, el('label', { for: id }, label), control);
}

function drawForm(): void {
  const game = games.find((g) => g['id'] === chosen) ?? games[0];
  if (game === undefined) return replaceChildren(form, el('p', {}, 'No games are installed.'));
  chosen = String(game['id']);
  const gameSelect = el(
    'select',
    { name: 'game' },
    ...games.map((g) => el('option', g['id'] === chosen ? { value: String(g['id']), selected: '' } : { value: String(g['id']) }, String(g['title']))),
  );
  gameSelect.addEventListener('change', () => {
    chosen = gameSelect.value;
    drawForm();
  });
  const players = game['players'] as Json;
  const max = Number(players['max']);
  const min = Number(players['min']);
  const bots = (game['bots'] as Json[]) ?? [];
  const seatRows: HTMLElement[] = [];
  const defaults = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];
  for (let i = 0; i < max; i++) {
    const name = el('input', { name: `name-${i}`, value: i < min ? (defaults[i] ?? `Player ${i + 1}`) : '', autocomplete: 'off', maxlength: '40' });
    const who = el(
      'select',
      { name: `bot-${i}` },
      el('option', { value: '' }, 'a person'),
      ...bots.map((b) => el('option', { value: String(b['id']) }, `bot: ${String(b['id'])} (${String(b['text'])})`)),
    );
    seatRows.push(
      el(
        'fieldset',
        { class: 'seat' },
        el('legend', {}, `Seat ${i + 1}${i < min ? '' : ' (leave the name empty for no one)'}`),
        labelled('Name', name),
        labelled('Played by', who),
      ),
    );
  }
  const optionRows = ((game['options'] as Json[]) ?? []).map((o) => {
    const id = String(o['id']);
    const def = o['default'];
    let input: HTMLElement;
    if (o['kind'] === 'choice') {
      input = el(
        'select',
        { name: `opt-${id}` },
        // A choice has no words of its own in the metadata: its id with spaces ("box and eliminated").
        ...((o['choices'] as string[]) ?? []).map((c) => el('option', c === def ? { value: c, selected: '' } : { value: c }, c.replace(/-/g, ' '))),
      );
    } else if (typeof def === 'boolean') {
      input = el('input', def ? { type: 'checkbox', name: `opt-${id}`, checked: '' } : { type: 'checkbox', name: `opt-${id}` });
    } else {
      input = el('input', {
        name: `opt-${id}`,
        value: String(def),
        ...(o['kind'] === 'number' ? { type: 'number', min: String(o['min']), max: String(o['max']) } : {}),
      });
    }
    return labelled(String(o['text'] ?? id), input);
  });
  // Games with dice may have the table roll its own dice and enter them on the table page (shuffles and draws stay the companion's).
  const tableDice = game['dice'] === true ? el('input', { type: 'checkbox', name: 'table-dice' }) : null;
  const usesTimer = game['usesTimer'] !== null;
  // A game on the timer's countdown (Rebel Missions) cannot be played without one: "no timer" is not offered (the server refuses it too).
  const needsTimer = game['usesTimer'] === 'external';
  const timer = el(
    'select',
    { name: 'timer' },
    needsTimer ? null : el('option', { value: 'none' }, 'no timer'),
    ...(usesTimer
      ? [
          el('option', { value: 'virtual' }, 'the built-in timer'),
          ...ports.map((p) => el('option', { value: `port:${String(p['path'])}` }, `${String(p['path'])} (${String(p['description'])})`)),
        ]
      : []),
  );
  const seed = el('input', { name: 'seed', inputmode: 'numeric', placeholder: 'random', autocomplete: 'off' });
  const passAndPlay = el('input', { type: 'checkbox', name: 'pass-and-play' });
  const start = el('button', { type: 'submit' }, 'Start the match');
  const resume = button('Resume the saved match', () => {
    sendOpening({ type: 'resume', game: chosen, timer: timerChoice(timer.value), passAndPlay: passAndPlay.checked });
  });
  replaceChildren(
    form,
    labelled('Game', gameSelect),
    ...seatRows,
    optionRows.length === 0 && tableDice === null
      ? null
      : el(
          'fieldset',
          {},
          el('legend', {}, 'Options'),
          ...optionRows,
          tableDice === null
            ? null
            : labelled('Table dice: we roll our own dice and enter them on the table page (secret draws stay with the companion)', tableDice),
        ),
    labelled('Timer', timer),
    needsTimer ? el('p', { class: 'timer-needed' }, `${String(game['title'])} is played on the timer's countdown, so it needs a timer.`) : null,
    usesTimer
      ? el(
          'p',
          {},
          button('List the serial ports again', () => live.send({ type: 'ports' })),
          ' ',
          portsBox,
        )
      : null,
    labelled('Seed (a whole number; empty for a random deal)', seed),
    labelled('Pass and play on one screen (no table or seat pages; a quick window gives each person their time from when their screen shows)', passAndPlay),
    el('p', {}, start, ' ', resume),
    startProblem,
    startNote,
  );
  form.onsubmit = (event) => {
    event.preventDefault();
    const seats = [];
    for (let i = 0; i < max; i++) {
      const name = (form.elements.namedItem(`name-${i}`) as HTMLInputElement).value.trim();
      const bot = (form.elements.namedItem(`bot-${i}`) as HTMLSelectElement).value;
      if (name !== '') seats.push({ name, bot: bot === '' ? null : bot });
    }
    const options: Record<string, unknown> = {};
    for (const o of (game['options'] as Json[]) ?? []) {
      const input = form.elements.namedItem(`opt-${String(o['id'])}`) as HTMLInputElement;
      options[String(o['id'])] = typeof o['default'] === 'boolean' ? input.checked : typeof o['default'] === 'number' ? Number(input.value) : input.value;
    }
    // An empty seed sends none: the server picks a random one (always one it takes).
    const seedText = seed.value.trim();
    if (seedText !== '' && (!/^\d+$/.test(seedText) || Number(seedText) > SEED_MAX)) {
      showProblem(`Problem: the seed is a whole number from 0 to ${SEED_MAX}, or empty for a random deal; got ${seedText}`);
      return;
    }
    sendOpening({
      type: 'start',
      game: chosen,
      seats,
      options,
      timer: timerChoice(timer.value),
      chance: tableDice?.checked === true ? 'table' : 'sample',
      passAndPlay: (form.elements.namedItem('pass-and-play') as HTMLInputElement).checked,
      ...(seedText === '' ? {} : { seed: Number(seedText) }),
    });
  };
}

/** Shows a start or resume's problem beside the buttons, in view. */
function showProblem(text: string): void {
  startProblem.textContent = text;
  if (text !== '') startProblem.scrollIntoView({ block: 'center' });
}

/** Sends a start or resume; the old match's links go away until the answer says what is being played. */
function sendOpening(message: Json): void {
  showProblem('');
  startNote.textContent = '';
  replaceChildren(current, el('p', { class: 'opening' }, "Opening the match… (the old match's links stop working when the new one starts)"));
  live.send(message);
}

function timerChoice(value: string): Json {
  if (value === 'virtual') return { kind: 'virtual' };
  if (value.startsWith('port:')) return { kind: 'port', path: value.slice(5) };
  return { kind: 'none' };
}

function drawCurrent(c: Json | null): void {
  if (c === null) return replaceChildren(current, el('p', {}, 'No match is being played.'));
  const seats = (c['seats'] as Json[]) ?? [];
  // A match played pass-and-play is played on its one screen only: no table page, no seat pages.
  if (c['passAndPlay'] === true)
    return replaceChildren(
      current,
      el('h2', {}, `Now: ${String(c['title'])}${c['finished'] === true ? ' (over)' : ''}`),
      el('p', {}, el('a', { href: String(c['table']).replace('/table/', '/pass/'), class: 'pass-link' }, 'Pass and play on this screen')),
    );
  replaceChildren(
    current,
    el('h2', {}, `Now: ${String(c['title'])}${c['finished'] === true ? ' (over)' : ''}`),
    el('p', {}, el('a', { href: String(c['table']), class: 'table-link' }, 'Open the table page')),
    el(
      'ul',
      {},
      ...seats.map((s) => el('li', {}, el('a', { href: String(s['url']), target: '_blank', rel: 'noopener noreferrer' }, `${String(s['name'])}'s seat page`))),
    ),
  );
}

function onMessage(m: Incoming): void {
  if (m.type === 'lobby') {
    games = (m['games'] as Json[]) ?? [];
    drawCurrent((m['current'] as Json | null) ?? null);
    if (form.childElementCount === 0) {
      drawForm();
      live.send({ type: 'ports' });
    }
  } else if (m.type === 'ports') {
    ports = (m['ports'] as Json[]) ?? [];
    drawForm();
    portsBox.textContent = typeof m['note'] === 'string' ? m['note'] : `${ports.length} serial port${ports.length === 1 ? '' : 's'} found.`;
  } else if (m.type === 'error') {
    // Only a start or a resume is answered with a problem here: beside its buttons.
    showProblem(`Problem: ${String(m['problem'])}`);
  } else if (m.type === 'note') {
    // A new match's notes (what its timer said): beside the buttons that started it.
    startNote.textContent = String(m['text']);
  }
}
