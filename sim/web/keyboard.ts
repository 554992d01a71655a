// Keyboard keys for the buttons (from the diagram's `key` attributes): key down closes the contact,
// key up opens it, so holding Space holds the triangle as long as the key is held.
//
// The keys the page's legend names (Space for ▲, 1..4 for the symbols) do what it says whatever
// has the focus, unless a text field has it: a power switch or a page button that kept the focus
// after a mouse click must not take Space (switching the timer off mid-game). Enter is the key of
// a focused control: it operates a focused page button or link, toggles a focused switch or
// checkbox, and presses a focused timer button.

import type { ButtonName, PinLevel } from '../device/index.ts';
import type { ButtonSpec } from './page-model.ts';

export interface KeyboardTarget {
  button(name: ButtonName, level: PinLevel): void;
  showPressed(name: ButtonName, pressed: boolean): void;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'number', 'email', 'password', 'url', 'tel']);

function isElement(node: EventTarget | undefined): node is HTMLElement {
  return typeof node === 'object' && node !== null && 'tagName' in node;
}

/** Whether keys typed at this element belong to it (a text field) rather than to the timer. */
export function isTextEntry(target: EventTarget | undefined): boolean {
  if (!isElement(target)) return false;
  if (target.tagName === 'INPUT') return TEXT_INPUT_TYPES.has((target as HTMLInputElement).type);
  return target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** The innermost element the key went to (inside a Wokwi element's shadow root too). */
function innermost(event: KeyboardEvent): EventTarget | undefined {
  return event.composedPath()[0] ?? event.target ?? undefined;
}

/** Installs the key handlers on `window`; returns the function that removes them. */
export function installKeyboard(buttons: readonly ButtonSpec[], target: KeyboardTarget): () => void {
  const byKey = new Map<string, ButtonName>();
  for (const button of buttons) if (button.key !== null) byKey.set(button.key, button.name);
  const byPart = new Map(buttons.map((button) => [button.partId, button.name] as const));
  /** Buttons held from the keyboard, by the key holding them. */
  const held = new Map<string, ButtonName>();

  /** The timer button whose element has the focus the key went to, if any. */
  const focusedButton = (event: KeyboardEvent): ButtonName | undefined => {
    for (const node of event.composedPath()) {
      if (isElement(node) && node.id && byPart.has(node.id)) return byPart.get(node.id);
    }
    return undefined;
  };

  const release = (key: string): void => {
    const name = held.get(key);
    if (name === undefined) return;
    held.delete(key);
    if ([...held.values()].includes(name)) return;
    target.showPressed(name, false);
    target.button(name, 0);
  };

  const hold = (event: KeyboardEvent, name: ButtonName): void => {
    // Taken before the focused element sees it (a focused pushbutton would react to Space itself).
    event.preventDefault();
    event.stopPropagation();
    if (event.repeat || held.has(event.key)) return;
    const already = [...held.values()].includes(name);
    held.set(event.key, name);
    if (already) return;
    target.showPressed(name, true);
    target.button(name, 1);
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const inner = innermost(event);
    if (isTextEntry(inner)) return;
    // A key of the legend is the timer's, whatever control has the focus (taken before the control sees it).
    const name = byKey.get(event.key);
    if (name !== undefined) return hold(event, name);
    if (event.key !== 'Enter') return;
    const button = focusedButton(event);
    if (button !== undefined) return hold(event, button);
    // Enter toggles a focused switch or checkbox (a browser only does that on Space, which is ▲ here).
    if (isElement(inner) && inner.tagName === 'INPUT' && ['checkbox', 'radio'].includes((inner as HTMLInputElement).type)) {
      event.preventDefault();
      if (!event.repeat) inner.click();
    }
  };

  const onKeyUp = (event: KeyboardEvent): void => {
    if (!held.has(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    release(event.key);
  };

  const onBlur = (): void => {
    for (const key of [...held.keys()]) release(key);
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
