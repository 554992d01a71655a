// The timer's face on the page: one @wokwi/elements element per part of the page model, placed in
// the case's slots (index.html), showing the firmware's outputs and reporting the user's inputs.

import '@wokwi/elements/dist/esm/buzzer-element.js';
import '@wokwi/elements/dist/esm/led-bar-graph-element.js';
import '@wokwi/elements/dist/esm/led-element.js';
import '@wokwi/elements/dist/esm/pushbutton-element.js';
import '@wokwi/elements/dist/esm/slide-potentiometer-element.js';
import '@wokwi/elements/dist/esm/slide-switch-element.js';
import type { ButtonName, PinLevel } from '../device/index.ts';
import { ledDisplay, switchIsOn, type ButtonSpec, type ElementSpec, type PageModel } from './page-model.ts';

// The element properties the page uses (the elements are LitElements: setting one re-renders).
interface PushbuttonElement extends HTMLElement {
  pressed: boolean;
  label: string;
  readonly updateComplete: Promise<boolean>;
}
interface BarGraphElement extends HTMLElement {
  values: number[];
  offColor: string;
}
interface LedElement extends HTMLElement {
  value: boolean;
}
interface BuzzerElement extends HTMLElement {
  hasSignal: boolean;
}
interface LitPart extends HTMLElement {
  readonly updateComplete: Promise<boolean>;
}
interface SlideSwitchElement extends LitPart {
  value: number;
}
interface SliderElement extends LitPart {
  value: number;
}

/** The accessible names of the controls drawn inside Wokwi elements (their inputs have none). */
export const POWER_SWITCH_NAME = 'Power switch';
export const BATTERY_SLIDER_NAME = 'Battery voltage (simulated cells)';

export interface FaceEvents {
  /** A button's contact closed (1) or opened (0) under the pointer or finger. */
  button(name: ButtonName, level: PinLevel): void;
  power(on: boolean): void;
  /** The battery slider moved to `value` (in the part's min..max). */
  battery(value: number): void;
}

/** The colour of an unlit bar segment: dark red glass rather than the element's grey. */
const BAR_OFF_COLOR = '#3b1614';

function slot(root: ParentNode, name: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[data-slot="${name}"]`);
  if (!found) throw new Error(`the page has no [data-slot="${name}"] element; index.html and device-face.ts disagree`);
  return found;
}

/** A custom element for a part, with its diagram attributes except `skip`. */
function createPart<T extends HTMLElement>(spec: ElementSpec, skip: readonly string[] = []): T {
  const element = document.createElement(spec.tag) as T;
  element.id = spec.partId;
  element.dataset['part'] = spec.partId;
  for (const [name, value] of Object.entries(spec.attrs)) {
    if (!skip.includes(name)) element.setAttribute(name, value);
  }
  return element;
}

export class DeviceFace {
  private readonly buttons = new Map<ButtonName, PushbuttonElement>();
  private readonly bar: BarGraphElement;
  private readonly lights: LedElement[];
  private readonly buzzer: BuzzerElement;
  private readonly powerSwitch: SlideSwitchElement;
  private readonly slider: SliderElement;
  private shownMask = -1;
  /** The last switch position and slider value reported (or shown), so each change is reported once. */
  private reportedOn = false;
  private reportedValue = Number.NaN;

  constructor(
    root: ParentNode,
    private readonly model: PageModel,
    private readonly events: FaceEvents,
  ) {
    this.bar = createPart<BarGraphElement>(model.bar);
    this.bar.offColor = BAR_OFF_COLOR;
    slot(root, 'bar').append(this.bar);

    this.buzzer = createPart<BuzzerElement>(model.buzzer);
    slot(root, 'buzzer').append(this.buzzer);

    this.lights = model.lights.map((spec) => {
      const light = createPart<LedElement>(spec);
      slot(root, 'lights').append(light);
      return light;
    });

    for (const spec of model.buttons) {
      slot(root, spec.index === 0 ? 'triangle' : 'symbols').append(this.createButton(spec));
    }

    this.powerSwitch = createPart<SlideSwitchElement>(model.power, ['value']);
    this.powerSwitch.value = this.switchValue(false);
    // The element's own input event and the native one of its checkbox both arrive: report changes once.
    this.powerSwitch.addEventListener('input', () => {
      const on = switchIsOn(model.power, this.powerSwitch.value);
      if (on === this.reportedOn) return;
      this.reportedOn = on;
      events.power(on);
    });
    slot(root, 'power').append(this.powerSwitch);
    this.onInner(this.powerSwitch, 'input', (input) => {
      input.setAttribute('role', 'switch');
      input.setAttribute('aria-label', POWER_SWITCH_NAME);
    });

    this.slider = createPart<SliderElement>(model.battery);
    this.slider.addEventListener('input', () => {
      const value = Number(this.slider.value);
      if (value === this.reportedValue) return;
      this.reportedValue = value;
      events.battery(value);
    });
    slot(root, 'battery').append(this.slider);
    this.onInner(this.slider, 'input', (input) => input.setAttribute('aria-label', BATTERY_SLIDER_NAME));
  }

  /** Runs `apply` on the element inside a Wokwi part's shadow root once it is rendered. */
  private onInner(part: LitPart, selector: string, apply: (inner: HTMLElement) => void): void {
    void part.updateComplete.then(() => {
      const inner = part.shadowRoot?.querySelector<HTMLElement>(selector);
      if (inner) apply(inner);
    });
  }

  /** What the battery slider's value means, read out by screen readers ("4.50 V, good"). */
  describeBattery(text: string): void {
    this.onInner(this.slider, 'input', (input) => input.setAttribute('aria-valuetext', text));
  }

  private createButton(spec: ButtonSpec): HTMLElement {
    const holder = document.createElement('div');
    holder.className = `button button-${spec.name}`;
    const button = createPart<PushbuttonElement>(spec, ['label', 'key']);
    button.label = '';
    button.title = spec.keyCaption ? `${spec.name} (key ${spec.keyCaption})` : spec.name;
    button.addEventListener('button-press', () => this.events.button(spec.name, 1));
    button.addEventListener('button-release', () => this.events.button(spec.name, 0));
    // A finger on the button: no scrolling, no long-press menu, and no mouse events emulated
    // after the touch (they would press the button a second time).
    for (const type of ['touchstart', 'touchend'] as const) {
      button.addEventListener(type, (event) => event.preventDefault(), { passive: false });
    }
    button.addEventListener('contextmenu', (event) => event.preventDefault());
    // A mouse press does not move the keyboard focus to the button (Space stays ▲ after a click);
    // Tab still reaches it, and Space or Enter on it then presses it.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    this.buttons.set(spec.name, button);

    const caption = document.createElement('div');
    caption.className = 'caption';
    const glyph = document.createElement('span');
    glyph.className = 'glyph';
    glyph.textContent = spec.glyph;
    glyph.style.color = spec.attrs['color'] ?? 'inherit';
    glyph.setAttribute('aria-label', spec.name);
    caption.append(glyph);
    if (spec.keyCaption) {
      const key = document.createElement('kbd');
      key.textContent = spec.keyCaption;
      caption.append(key);
    }
    holder.append(caption, button);
    // Wokwi names its button after the label and colour (" blue pushbutton"): name it after its symbol.
    const name = spec.index === 0 ? `${spec.name}: start, hold to pause` : spec.name;
    void button.updateComplete.then(() => button.shadowRoot?.querySelector('button')?.setAttribute('aria-label', name));
    return holder;
  }

  /** Shows a button held or released from the keyboard. */
  showPressed(name: ButtonName, pressed: boolean): void {
    const button = this.buttons.get(name);
    if (button) button.pressed = pressed;
  }

  /** Draws the firmware's outputs (`leds`: the mask to show). */
  show(leds: number, toneHz: number): void {
    if (leds !== this.shownMask) {
      this.shownMask = leds;
      const display = ledDisplay(this.model, leds);
      this.bar.values = display.barValues;
      this.bar.dataset['lit'] = String(display.barValues.filter((v) => v === 1).length);
      display.lights.forEach((lit, i) => {
        const light = this.lights[i];
        if (!light) return;
        light.value = lit;
        // An unlit LED is drawn darker: Wokwi draws its coloured body alike lit or not.
        light.toggleAttribute('data-lit', lit);
      });
    }
    const sounding = toneHz > 0;
    if (this.buzzer.hasSignal !== sounding) this.buzzer.hasSignal = sounding;
  }

  /** Moves the switch to match the device (its power can also change with `SIM POWER`). */
  showPower(on: boolean): void {
    this.reportedOn = on;
    if (this.powerOn === on) return;
    this.powerSwitch.value = this.switchValue(on);
  }

  /** A slide switch is 0 or 1; which one is "on" is the pin map's. */
  private switchValue(on: boolean): number {
    const onValue = Number(this.model.power.onValue);
    return on ? onValue : 1 - onValue;
  }

  get powerOn(): boolean {
    return switchIsOn(this.model.power, this.powerSwitch.value);
  }

  /** Moves the battery slider (without reporting it as a user input). */
  showBatteryValue(value: number): void {
    this.reportedValue = value;
    this.slider.value = value;
  }

  get batteryValue(): number {
    return Number(this.slider.value);
  }
}
