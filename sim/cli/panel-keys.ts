// The front panel's keys: what each key press does to the device.
import type { ButtonName } from '../device/index.ts';

export type PanelAction = { kind: 'press'; button: ButtonName; holdMs: number } | { kind: 'power' } | { kind: 'battery'; deltaMv: number } | { kind: 'quit' };

export const SHORT_PRESS_MS = 120;
export const LONG_PRESS_MS = 1600;
export const BATTERY_STEP_MV = 100;

const SYMBOL_KEYS: Record<string, ButtonName> = { '1': 'circle', '2': 'square', '3': 'diamond', '4': 'star' };

/** The action of one key (a character from a raw-mode terminal), or undefined when it has none. */
export function keyAction(key: string): PanelAction | undefined {
  switch (key) {
    case ' ':
      return { kind: 'press', button: 'triangle', holdMs: SHORT_PRESS_MS };
    case '\r':
    case '\n':
    case 'p':
    case 'P':
      return { kind: 'press', button: 'triangle', holdMs: LONG_PRESS_MS };
    case 'o':
    case 'O':
      return { kind: 'power' };
    case 'b':
      return { kind: 'battery', deltaMv: -BATTERY_STEP_MV };
    case 'B':
      return { kind: 'battery', deltaMv: BATTERY_STEP_MV };
    case 'q':
    case 'Q':
    case '\x03':
      return { kind: 'quit' };
    default: {
      const button = SYMBOL_KEYS[key];
      return button ? { kind: 'press', button, holdMs: SHORT_PRESS_MS } : undefined;
    }
  }
}

/** The key that opens the serial command line. */
export const COMMAND_KEY = ':';

export type LineEdit = { kind: 'edit'; text: string } | { kind: 'send'; text: string } | { kind: 'cancel' };

/** One key typed into the serial command line holding `text`. */
export function editCommandLine(text: string, key: string): LineEdit {
  switch (key) {
    case '\r':
    case '\n':
      return { kind: 'send', text };
    case '\x1b':
    case '\x03':
      return { kind: 'cancel' };
    case '\x7f':
    case '\b':
      return { kind: 'edit', text: text.slice(0, -1) };
    default:
      return key >= ' ' && key <= '~' && text.length < 120 ? { kind: 'edit', text: text + key } : { kind: 'edit', text };
  }
}
