// What a person may ask the host to do on the built-in timer, beside the game's moves: start it,
// resume or pause it, enter the code the players completed (the host presses the timer's symbol
// buttons, the code drawn with them). The host says which are open now (a snapshot's `actions`,
// for the table page and every person's seat); a real timer's buttons are the players' own, so
// none are offered then. A refusal comes back as `rejected` and the buttons are usable again.

import { SYMBOL_GLYPHS } from '../../../sim/web/symbols.ts';
import type { JsonObject, PageMessage, SnapshotMessage } from '../messages.ts';
import { button, el, replaceChildren } from './dom.ts';

const GLYPHS = SYMBOL_GLYPHS as Readonly<Record<string, string>>;

/** The code's symbols, when the view asks for one (`request.symbols`), glyph and name each. */
function codeSymbols(view: JsonObject): string[] {
  const request = view?.['request'];
  const symbols = typeof request === 'object' && request !== null ? (request as JsonObject)['symbols'] : undefined;
  return Array.isArray(symbols) ? symbols.map((s) => `${GLYPHS[String(s)] ?? '?'} ${String(s)}`) : [];
}

export class DeviceActions {
  readonly element: HTMLElement;

  constructor(private readonly send: (message: PageMessage) => void) {
    this.element = el('section', { class: 'device-actions', role: 'group', 'aria-label': "the timer's buttons" });
    this.element.hidden = true;
  }

  /** A snapshot: draws the actions open now (none: hidden). */
  snapshot(message: Pick<SnapshotMessage, 'actions' | 'view'>): void {
    const actions = message.actions;
    this.element.hidden = actions.length === 0;
    if (actions.length === 0) return replaceChildren(this.element);
    const code = codeSymbols(message.view);
    const buttons = actions.map((a) => {
      const action = a.action;
      const label = action === 'enter-code' && code.length > 0 ? `${a.label}: ${code.join(', ')}` : a.label;
      return el(
        'li',
        {},
        button(
          action === 'pause-timer' ? `II ${label}` : action === 'enter-code' ? label : `${SYMBOL_GLYPHS.triangle} ${label}`,
          () => {
            this.setEnabled(false);
            this.send({ type: 'device', action });
          },
          { 'data-key': `device-${action}`, class: `device device-${action}` },
        ),
      );
    });
    replaceChildren(this.element, el('h2', {}, "The timer's buttons"), el('ul', { class: 'device-list' }, ...buttons));
  }

  /** The last request was refused: the buttons may be pressed again. */
  setEnabled(enabled: boolean): void {
    for (const b of this.element.querySelectorAll('button')) b.disabled = !enabled;
  }
}
