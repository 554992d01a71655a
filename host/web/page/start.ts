// The start page (served to this machine only): choose a game, the seats (names, bots), the
// game's options from its metadata, the timer (none, the built-in one, or a listed serial port),
// then start; or resume the match saved for a game. Then it links the table page and the seats.
// A problem with a start or a resume is shown beside the buttons that caused it (and scrolled into
// view), a serial-port note beside "List the serial ports again"; while a new match is being opened
// the old match's links are taken away (they stop working once the new one exists).

import type { LobbyGame, MessageOf, PageMessage, ServerMessage, TimerChoice } from '../messages.ts';
import { button, el, replaceChildren } from './dom.ts';
import { connectLive } from './live.ts';

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
let games: readonly LobbyGame[] = [];
let ports: MessageOf<'ports'>['ports'] = [];
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
  const game = games.find((g) => g.id === chosen) ?? games[0];
  if (game === undefined) return replaceChildren(form, el('p', {}, 'No games are installed.'));
  chosen = game.id;
  const gameSelect = el(
    'select',
    { name: 'game' },
    ...games.map((g) => el('option', g.id === chosen ? { value: g.id, selected: '' } : { value: g.id }, g.title)),
  );
  gameSelect.addEventListener('change', () => {
    chosen = gameSelect.value;
    drawForm();
  });
  const { max, min } = game.players;
  const bots = game.bots;
  const seatRows: HTMLElement[] = [];
  const defaults = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];
  for (let i = 0; i < max; i++) {
    const name = el('input', { name: `name-${i}`, value: i < min ? (defaults[i] ?? `Player ${i + 1}`) : '', autocomplete: 'off', maxlength: '40' });
    const who = el(
      'select',
      { name: `bot-${i}` },
      el('option', { value: '' }, 'a person'),
      ...bots.map((b) => el('option', { value: b.id }, `bot: ${b.id} (${b.text})`)),
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
  const optionRows = game.options.map((o) => {
    const id = o.id;
    let input: HTMLElement;
    if (o.kind === 'choice') {
      const def = o.default;
      input = el(
        'select',
        { name: `opt-${id}` },
        // A choice has no words of its own in the metadata: its id with spaces ("box and eliminated").
        ...o.choices.map((c) => el('option', c === def ? { value: c, selected: '' } : { value: c }, c.replace(/-/g, ' '))),
      );
    } else if (o.kind === 'boolean') {
      input = el('input', o.default ? { type: 'checkbox', name: `opt-${id}`, checked: '' } : { type: 'checkbox', name: `opt-${id}` });
    } else {
      input = el('input', { name: `opt-${id}`, value: String(o.default), type: 'number', min: String(o.min), max: String(o.max) });
    }
    return labelled(o.text, input);
  });
  // Games with dice may have the table roll its own dice and enter them on the table page (shuffles and draws stay the companion's).
  const tableDice = game.dice ? el('input', { type: 'checkbox', name: 'table-dice' }) : null;
  const usesTimer = game.usesTimer !== null;
  // A game on the timer's countdown (Rebel Missions) cannot be played without one: "no timer" is not offered (the server refuses it too).
  const needsTimer = game.usesTimer === 'external';
  const timer = el(
    'select',
    { name: 'timer' },
    needsTimer ? null : el('option', { value: 'none' }, 'no timer'),
    ...(usesTimer
      ? [
          el('option', { value: 'virtual' }, 'the built-in timer'),
          ...ports.map((p) => el('option', { value: `port:${p.path}` }, `${p.path} (${p.description})`)),
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
    needsTimer ? el('p', { class: 'timer-needed' }, `${game.title} is played on the timer's countdown, so it needs a timer.`) : null,
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
    const options: Record<string, string | number | boolean> = {};
    for (const o of game.options) {
      const input = form.elements.namedItem(`opt-${o.id}`) as HTMLInputElement;
      options[o.id] = o.kind === 'boolean' ? input.checked : o.kind === 'number' ? Number(input.value) : input.value;
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
function sendOpening(message: PageMessage): void {
  showProblem('');
  startNote.textContent = '';
  replaceChildren(current, el('p', { class: 'opening' }, "Opening the match… (the old match's links stop working when the new one starts)"));
  live.send(message);
}

function timerChoice(value: string): TimerChoice {
  if (value === 'virtual') return { kind: 'virtual' };
  if (value.startsWith('port:')) return { kind: 'port', path: value.slice(5) };
  return { kind: 'none' };
}

function drawCurrent(c: MessageOf<'lobby'>['current']): void {
  if (c === null) return replaceChildren(current, el('p', {}, 'No match is being played.'));
  const now = el('h2', {}, `Now: ${c.title}${c.finished ? ' (over)' : ''}`);
  // A match played pass-and-play is played on its one screen only: no table page, no seat pages.
  if (c.passAndPlay) return replaceChildren(current, now, el('p', {}, el('a', { href: c.pass, class: 'pass-link' }, 'Pass and play on this screen')));
  replaceChildren(
    current,
    now,
    el('p', {}, el('a', { href: c.table, class: 'table-link' }, 'Open the table page')),
    el('ul', {}, ...c.seats.map((s) => el('li', {}, el('a', { href: s.url, target: '_blank', rel: 'noopener noreferrer' }, `${s.name}'s seat page`)))),
  );
}

function onMessage(m: ServerMessage): void {
  if (m.type === 'lobby') {
    games = m.games;
    drawCurrent(m.current);
    if (form.childElementCount === 0) {
      drawForm();
      live.send({ type: 'ports' });
    }
  } else if (m.type === 'ports') {
    ports = m.ports;
    drawForm();
    portsBox.textContent = m.note ?? `${ports.length} serial port${ports.length === 1 ? '' : 's'} found.`;
  } else if (m.type === 'error') {
    // Only a start or a resume is answered with a problem here: beside its buttons.
    showProblem(`Problem: ${m.problem}`);
  } else if (m.type === 'note') {
    // A new match's notes (what its timer said): beside the buttons that started it.
    startNote.textContent = m.text;
  }
}
