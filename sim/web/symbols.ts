// The symbols printed on the timer's buttons, and how keyboard keys are written on the page.
import type { ButtonName } from '../device/index.ts';

export const SYMBOL_GLYPHS: Readonly<Record<ButtonName, string>> = {
  triangle: '▲',
  circle: '●',
  square: '■',
  diamond: '◆',
  star: '★',
};

const KEY_CAPTIONS: Readonly<Record<string, string>> = { ' ': 'Space', Enter: 'Enter', Escape: 'Esc' };

/** A `KeyboardEvent.key` value as a keycap caption. */
export function keyCaption(key: string): string {
  return KEY_CAPTIONS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}
