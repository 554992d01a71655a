// @vitest-environment happy-dom
// The keys of the legend (Space ▲, 1..4 the symbols) are the timer's whatever has the focus
// (a power switch clicked with the mouse keeps it: Space must not switch the timer off), unless a
// text field has it; Enter operates a focused control (a page button, the switch, a checkbox, a
// timer button), so a keyboard-only user still reaches everything.
import { afterEach, describe, expect, it } from 'vitest';
import { hardware } from '../../hw/hardware.ts';
import type { ButtonName, PinLevel } from '../../sim/device/index.ts';
import { installKeyboard, isTextEntry } from '../../sim/web/keyboard.ts';
import { pageModel } from '../../sim/web/page-model.ts';

const model = pageModel(hardware);

function setup() {
  document.body.innerHTML = `
    <button id="plain" type="button">Clear</button>
    <input id="box" type="checkbox">
    <input id="text" type="text">
    <input id="range" type="range">
    <div id="btn_circle" tabindex="0"></div>
    <div id="switch-host"></div>`;
  const host = document.querySelector('#switch-host') as HTMLElement;
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = '<input type="checkbox" class="hide-input">';
  const presses: [ButtonName, PinLevel][] = [];
  const remove = installKeyboard(model.buttons, {
    button: (name, level) => presses.push([name, level]),
    showPressed: () => undefined,
  });
  return { presses, remove, shadowBox: shadow.querySelector('input') as HTMLInputElement };
}

function key(target: EventTarget, type: 'keydown' | 'keyup', keyName: string): KeyboardEvent {
  const event = new KeyboardEvent(type, { key: keyName, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

function tap(target: EventTarget, keyName: string): KeyboardEvent {
  const down = key(target, 'keydown', keyName);
  key(target, 'keyup', keyName);
  return down;
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('keyboard', () => {
  it('with nothing focused, Space is the triangle and the digits are the symbols', () => {
    const { presses, remove } = setup();
    cleanup = remove;
    tap(document.body, ' ');
    tap(document.body, '3');
    expect(presses).toEqual([
      ['triangle', 1],
      ['triangle', 0],
      ['diamond', 1],
      ['diamond', 0],
    ]);
  });

  it("Space on a focused page button, checkbox or the power switch is ▲ (the control never sees it); Enter is the button's", () => {
    const { presses, remove, shadowBox } = setup();
    cleanup = remove;
    const plain = document.querySelector('#plain') as HTMLElement;
    const box = document.querySelector('#box') as HTMLInputElement;
    const space = tap(plain, ' ');
    const enter = tap(plain, 'Enter');
    expect(space.defaultPrevented).toBe(true);
    expect(enter.defaultPrevented).toBe(false);
    expect(tap(box, ' ').defaultPrevented).toBe(true);
    expect(tap(shadowBox, ' ').defaultPrevented).toBe(true);
    expect(box.checked).toBe(false);
    expect(shadowBox.checked).toBe(false);
    expect(presses).toEqual([
      ['triangle', 1],
      ['triangle', 0],
      ['triangle', 1],
      ['triangle', 0],
      ['triangle', 1],
      ['triangle', 0],
    ]);
  });

  it('Enter toggles a focused checkbox or switch (inside a Wokwi element too)', () => {
    const { presses, remove, shadowBox } = setup();
    cleanup = remove;
    const box = document.querySelector('#box') as HTMLInputElement;
    tap(box, 'Enter');
    expect(box.checked).toBe(true);
    let changed = 0;
    shadowBox.addEventListener('input', () => changed++);
    tap(shadowBox, 'Enter');
    expect(shadowBox.checked).toBe(true);
    expect(changed).toBe(1);
    expect(presses).toEqual([]);
  });

  it('Enter on a focused timer button presses that button, Space there is ▲; the digits reach the timer from a control', () => {
    const { presses, remove } = setup();
    cleanup = remove;
    const circle = document.querySelector('#btn_circle') as HTMLElement;
    key(circle, 'keydown', 'Enter');
    key(circle, 'keyup', 'Enter');
    tap(circle, ' ');
    tap(document.querySelector('#range') as HTMLElement, ' ');
    tap(document.querySelector('#box') as HTMLElement, '4');
    expect(presses).toEqual([
      ['circle', 1],
      ['circle', 0],
      ['triangle', 1],
      ['triangle', 0],
      ['triangle', 1],
      ['triangle', 0],
      ['star', 1],
      ['star', 0],
    ]);
  });

  it('leaves every key to a text field', () => {
    const { presses, remove } = setup();
    cleanup = remove;
    const text = document.querySelector('#text') as HTMLElement;
    tap(text, ' ');
    tap(text, '1');
    expect(presses).toEqual([]);
    expect(isTextEntry(text)).toBe(true);
    expect(isTextEntry(document.querySelector('#range') ?? undefined)).toBe(false);
  });
});
