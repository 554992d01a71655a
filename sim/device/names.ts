// The names the protocol and the ABI give to buttons, states, sounds and outputs.
import soundsJson from '../../firmware/sounds.json' with { type: 'json' };

/** Button names in ABI index order: 0 = triangle, 1..4 = the symbol buttons. */
export const BUTTON_NAMES = ['triangle', 'circle', 'square', 'diamond', 'star'] as const;
export type ButtonName = (typeof BUTTON_NAMES)[number];

/** Firmware `state()` values, by index. */
export const STATE_NAMES = ['ready', 'running', 'paused', 'won', 'lost', 'sleep', 'table'] as const;
export type StateName = (typeof STATE_NAMES)[number];

/** A sound's name: a key of firmware/sounds.json, the one table of sounds. */
export type SoundName = keyof typeof soundsJson.sounds;
/** Sound ids reported by the `sound` import and `soundPlaying()`, by index: the key order of sounds.json. */
export const SOUND_NAMES: readonly SoundName[] = Object.keys(soundsJson.sounds) as SoundName[];

/** LED mask layout: bits 0..9 the sand-timer bar (bit 0 goes out last), bits 10..13 the found lights. */
export const BAR_SEGMENTS = 10;
export const FOUND_LIGHTS = 4;
export const FOUND_SHIFT = BAR_SEGMENTS;
export const BAR_MASK = (1 << BAR_SEGMENTS) - 1;
export const FOUND_MASK = ((1 << FOUND_LIGHTS) - 1) << FOUND_SHIFT;
export const ALL_LEDS_MASK = BAR_MASK | FOUND_MASK;

/**
 * A button as the protocol writes it: a name (any case) or a digit 1..4 for a symbol.
 * Returns undefined for anything else.
 */
export function parseButton(word: string): ButtonName | undefined {
  const lower = word.toLowerCase();
  if (/^[1-4]$/.test(lower)) return BUTTON_NAMES[Number(lower)];
  return BUTTON_NAMES.find((name) => name === lower);
}

export function buttonIndex(button: ButtonName): number {
  return BUTTON_NAMES.indexOf(button);
}

export function stateName(value: number): StateName | undefined {
  return STATE_NAMES[value];
}

export function soundName(id: number): SoundName | undefined {
  return id < 0 ? undefined : SOUND_NAMES[id];
}

/** Number of set bits in a 32-bit mask. */
export function countBits(mask: number): number {
  let bits = mask >>> 0;
  let count = 0;
  while (bits !== 0) {
    bits &= bits - 1;
    count++;
  }
  return count;
}
