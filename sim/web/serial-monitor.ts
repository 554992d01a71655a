// The serial monitor panel: the device's lines as they arrive (coloured by OK / ERR / EVT), an input
// that sends protocol lines (SIM commands included) and a history walked with the up/down keys.

import { CommandHistory } from './command-history.ts';

export type LineKind = 'ok' | 'err' | 'evt' | 'sent' | 'note' | 'other';

/** The kind of a line the device sent, by its first word. */
export function lineKind(line: string): LineKind {
  if (line.startsWith('OK ') || line === 'OK') return 'ok';
  if (line.startsWith('ERR ') || line === 'ERR') return 'err';
  if (line.startsWith('EVT ')) return 'evt';
  return 'other';
}

/** Lines kept on screen; older ones are dropped. */
const MAX_LINES = 1500;
/** Keep following new lines while scrolled within this many pixels of the bottom. */
const FOLLOW_SLACK_PX = 24;

export class SerialMonitor {
  private readonly list: HTMLOListElement;
  private readonly history = new CommandHistory();

  constructor(root: ParentNode, onSend: (line: string) => void) {
    const list = root.querySelector<HTMLOListElement>('[data-serial="lines"]');
    const form = root.querySelector<HTMLFormElement>('[data-serial="form"]');
    const input = root.querySelector<HTMLInputElement>('[data-serial="input"]');
    const clear = root.querySelector<HTMLButtonElement>('[data-serial="clear"]');
    if (!list || !form || !input) throw new Error('the page lacks the serial monitor ([data-serial="lines|form|input"])');
    this.list = list;

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const line = input.value;
      if (line.trim() === '') return;
      this.history.add(line);
      input.value = '';
      this.append(line, 'sent');
      onSend(line);
    });
    input.addEventListener('keydown', (event) => {
      const next = event.key === 'ArrowUp' ? this.history.up(input.value) : event.key === 'ArrowDown' ? this.history.down() : undefined;
      if (next === undefined) return;
      event.preventDefault();
      input.value = next;
      input.setSelectionRange(next.length, next.length);
    });
    clear?.addEventListener('click', () => this.list.replaceChildren());
  }

  /** Shows a line: a device line (kind from its first word), a sent one, or a note of the page. */
  append(line: string, kind: LineKind = lineKind(line)): void {
    const list = this.list;
    const follow = list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOW_SLACK_PX;
    const item = document.createElement('li');
    item.className = `line-${kind}`;
    item.textContent = kind === 'sent' ? `> ${line}` : line;
    list.append(item);
    while (list.childElementCount > MAX_LINES) list.firstElementChild?.remove();
    if (follow) list.scrollTop = list.scrollHeight;
  }
}
