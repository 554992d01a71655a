// Keyboard keys for the buttons (from the diagram's `key` attributes): key down closes the contact,
// key up opens it, so holding Space holds the triangle as long as the key is held.

import type { ButtonName, PinLevel } from '../device/index.ts';
import type { ButtonSpec } from './page-model.ts';

export interface KeyboardTarget {
  button(name: ButtonName, level: PinLevel): void;
  showPressed(name: ButtonName, pressed: boolean): void;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'number', 'email', 'password', 'url', 'tel']);

/** Whether keys typed at this element belong to it (a text field) rather than to the timer. */
function isTextEntry(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
}

/** Installs the key handlers on `window`; returns the function that removes them. */
export function installKeyboard(buttons: readonly ButtonSpec[], target: KeyboardTarget): () => void {
  const byKey = new Map<string, ButtonName>();
  for (const button of buttons) if (button.key !== null) byKey.set(button.key, button.name);
  const held = new Set<ButtonName>();

  const release = (name: ButtonName): void => {
    if (!held.delete(name)) return;
    target.showPressed(name, false);
    target.button(name, 0);
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const name = byKey.get(event.key);
    if (name === undefined || isTextEntry(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    // Captured before the focused element sees it (a focused pushbutton would also react to Space).
    event.preventDefault();
    event.stopPropagation();
    if (event.repeat || held.has(name)) return;
    held.add(name);
    target.showPressed(name, true);
    target.button(name, 1);
  };

  const onKeyUp = (event: KeyboardEvent): void => {
    const name = byKey.get(event.key);
    if (name === undefined || !held.has(name)) return;
    event.preventDefault();
    event.stopPropagation();
    release(name);
  };

  const onBlur = (): void => {
    for (const name of [...held]) release(name);
  };

  window.addEventListener('keydown', onKeyDown, { capture: true });
  window.addEventListener('keyup', onKeyUp, { capture: true });
  window.addEventListener('blur', onBlur);
  return () => {
    window.removeEventListener('keydown', onKeyDown, { capture: true });
    window.removeEventListener('keyup', onKeyUp, { capture: true });
    window.removeEventListener('blur', onBlur);
  };
}
