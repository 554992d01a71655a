// The game's printed codes on the page, next to the buttons: one button per placard code, drawn
// with the symbols and colours of the timer's buttons; a click enters it (code-entry.ts).

import type { ButtonSpec } from './page-model.ts';
import type { PrintedCode } from './printed-codes.ts';

export class CodeList {
  private buttons: HTMLButtonElement[] = [];
  private reason: string | undefined;
  private entering: string | undefined;

  constructor(
    private readonly list: HTMLElement,
    codes: readonly PrintedCode[],
    private readonly symbols: readonly ButtonSpec[],
    private readonly onEnter: (code: PrintedCode) => void,
  ) {
    this.show(codes);
  }

  /** Replaces the codes shown (a pack was loaded or left), keeping whether they are available. */
  show(codes: readonly PrintedCode[]): void {
    const { list, symbols, onEnter } = this;
    for (const button of this.buttons) button.remove();
    this.buttons = [];
    list.dataset['count'] = String(codes.length);
    for (const code of codes) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'code';
      button.dataset['code'] = code.digits.join('');
      const names = code.digits.map((digit) => symbols[digit]?.name ?? String(digit));
      button.setAttribute('aria-label', `Enter code ${code.id}: ${names.join(', ')}`);
      button.title = `${code.id} ${code.name}`;
      const glyphs = document.createElement('span');
      glyphs.className = 'code-glyphs';
      glyphs.setAttribute('aria-hidden', 'true');
      for (const digit of code.digits) {
        const glyph = document.createElement('span');
        glyph.className = 'code-glyph';
        glyph.textContent = symbols[digit]?.glyph ?? '?';
        glyph.style.color = symbols[digit]?.attrs['color'] ?? 'inherit';
        glyphs.append(glyph);
      }
      const id = document.createElement('span');
      id.className = 'code-id';
      id.textContent = code.id;
      id.setAttribute('aria-hidden', 'true');
      button.append(glyphs, id);
      button.addEventListener('click', () => onEnter(code));
      list.append(button);
      this.buttons.push(button);
    }
    this.setAvailable(this.reason);
    this.showEntering(this.entering);
  }

  /** Enables the list, or disables it with the reason as every button's description. */
  setAvailable(reason: string | undefined): void {
    this.reason = reason;
    for (const button of this.buttons) {
      button.disabled = reason !== undefined;
      if (reason === undefined) button.removeAttribute('aria-description');
      else button.setAttribute('aria-description', reason);
    }
  }

  /** Marks the code being entered (digits as "312"), if any. */
  showEntering(digits: string | undefined): void {
    this.entering = digits;
    for (const button of this.buttons) button.toggleAttribute('data-entering', button.dataset['code'] === digits);
  }
}
