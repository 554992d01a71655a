// The table's own dice on a page (table dice mode): what to roll (which dice, each face as its
// symbol and in words) and a control to enter the faces rolled, one labelled choice per die, sent
// as the `dice` message. The server checks the entry (a wrong one comes back refused, with the
// reason, and nothing changes). Usable by keyboard and screen reader: a form of labelled selects.

import { el } from './dom.ts';

type Json = Readonly<Record<string, unknown>>;

/** A face as people see it: its symbol (or nothing) and its words (its name, or its id with spaces). */
export function faceWords(face: Json): { symbol: string; words: string } {
  const id = String(face['id']);
  return { symbol: typeof face['symbol'] === 'string' ? face['symbol'] : '', words: typeof face['name'] === 'string' ? face['name'] : id.replace(/-/g, ' ') };
}

/**
 * The entry for a snapshot's `dice` spec; `send` gets the outcome (faces by id for a roll, an id
 * for a draw, a number for a pick). `key` keeps the controls' focus across redraws.
 */
export function diceEntry(spec: Json, send: (outcome: unknown) => void, key: string): HTMLElement {
  const form = el('form', { class: 'dice-entry', 'aria-label': 'the dice the table rolled' });
  const problem = el('p', { class: 'dice-problem', role: 'alert' });
  const fields: HTMLElement[] = [];
  let read: () => unknown;
  if (spec['kind'] === 'roll') {
    const dice = (spec['dice'] as Json[] | undefined) ?? [];
    const selects = dice.map((die, i) => {
      const faces = (die['faces'] as Json[] | undefined) ?? [];
      const select = el(
        'select',
        { id: `${key}-die-${i}`, name: `die-${i}`, 'data-key': `${key}-die-${i}`, class: 'die-face' },
        el('option', { value: '' }, '— the face rolled —'),
        ...faces.map((f) => {
          const { symbol, words } = faceWords(f);
          return el('option', { value: String(f['id']) }, symbol === '' ? words : `${symbol} ${words}`);
        }),
      );
      const sides = faces.reduce((n, f) => n + Number(f['count'] ?? 1), 0);
      const legend = faces
        .map((f) => {
          const { symbol, words } = faceWords(f);
          return `${symbol === '' ? '' : `${symbol} `}${words} (${String(f['count'] ?? 1)} of ${sides})`;
        })
        .join(', ');
      fields.push(
        el(
          'p',
          { class: 'die' },
          el('label', { for: `${key}-die-${i}` }, `Die ${i + 1}: the ${String(die['name'])}`),
          ' ',
          select,
          el('span', { class: 'die-faces' }, ` Its faces: ${legend}.`),
        ),
      );
      return select;
    });
    read = () => selects.map((s) => s.value);
    form.prepend(el('h2', {}, dice.length === 1 ? 'Roll the die and enter what it shows' : `Roll the ${dice.length} dice and enter what they show`));
  } else if (spec['kind'] === 'weighted') {
    const outcomes = (spec['outcomes'] as Json[] | undefined) ?? [];
    const select = el(
      'select',
      { id: `${key}-draw`, 'data-key': `${key}-draw` },
      el('option', { value: '' }, '— what was drawn —'),
      ...outcomes.map((o) => el('option', { value: String(o['id']) }, String(o['id']).replace(/-/g, ' '))),
    );
    fields.push(el('p', {}, el('label', { for: `${key}-draw` }, 'Drawn'), ' ', select));
    read = () => select.value;
    form.prepend(el('h2', {}, 'Draw and enter what was drawn'));
  } else {
    const size = Number(spec['size'] ?? 0);
    const input = el('input', {
      id: `${key}-pick`,
      type: 'number',
      min: '0',
      max: String(Math.max(0, size - 1)),
      'data-key': `${key}-pick`,
      inputmode: 'numeric',
    });
    fields.push(el('p', {}, el('label', { for: `${key}-pick` }, `A number from 0 to ${size - 1}`), ' ', input));
    read = () => (input.value.trim() === '' ? '' : Number(input.value));
    form.prepend(el('h2', {}, 'Choose and enter a number'));
  }
  const submit = el('button', { type: 'submit', class: 'dice-submit', 'data-key': `${key}-submit` }, 'Enter the dice');
  form.append(...fields, el('p', {}, submit), problem);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    problem.textContent = '';
    send(read());
  });
  return form;
}

/** Shows a refusal of the entry beside it (the page's alert says it too). */
export function diceRefused(form: Element | null, reason: string): void {
  const problem = form?.querySelector('.dice-problem');
  if (problem) problem.textContent = `Not taken: ${reason}`;
}
