// What the check says about the board, from the pin map (hw/pins.json through hw/hardware.ts):
// each light's name, GPIO and resistor, each button's GPIO, the battery divider's parts; and a
// light's face in firmware/lights.json's notation (the 10 bar segments, segment 0 first, `|`,
// the 4 found lights; `#` lit, `.` dark), as `SHOW <face>` takes it.

import { hardware } from '../../hw/hardware.ts';
import { BAR_SEGMENTS, FOUND_LIGHTS } from '../../hw/pin-map.ts';
import { DEFAULT_POWER_SPEC } from '../../sim/device/default-power.ts';
import type { ButtonName } from '../link/messages.ts';
import { fill, type CheckSteps } from './steps.ts';

export interface LightFacts {
  readonly bit: number;
  /** "the third bar segment", "the first found light". */
  readonly name: string;
  readonly gpio: number;
  readonly resistor: string;
  readonly ohms: string;
  /** The face with this light alone lit. */
  readonly face: string;
}

/** Ohms as a person reads them off a resistor: 1 kΩ, 470 kΩ, 220 Ω. */
export function ohmsText(ohms: number): string {
  if (ohms >= 1_000_000 && ohms % 100_000 === 0) return `${ohms / 1_000_000} MΩ`;
  if (ohms >= 1000 && ohms % 100 === 0) return `${ohms / 1000} kΩ`;
  return `${ohms} Ω`;
}

/** The face of a mask of lit LEDs (bits 0..9 the bar, 10..13 the found lights). */
export function faceOf(mask: number): string {
  const lit = (bit: number): string => ((mask >> bit) & 1 ? '#' : '.');
  const bar = Array.from({ length: BAR_SEGMENTS }, (_, i) => lit(i)).join('');
  const found = Array.from({ length: FOUND_LIGHTS }, (_, i) => lit(BAR_SEGMENTS + i)).join('');
  return `${bar}|${found}`;
}

export const DARK_FACE = faceOf(0);
export const LIT_FACE = faceOf((1 << (BAR_SEGMENTS + FOUND_LIGHTS)) - 1);

export function lightFacts(steps: CheckSteps): LightFacts[] {
  return hardware.leds.map((led) => {
    const place = led.group === 'bar' ? led.bit : led.bit - BAR_SEGMENTS;
    const ordinal = steps.lights.ordinals[place] ?? String(place + 1);
    return {
      bit: led.bit,
      name: fill(led.group === 'bar' ? steps.lights.bar : steps.lights.found, { ordinal }),
      gpio: led.gpio,
      resistor: led.resistor,
      ohms: ohmsText(led.resistorOhms),
      face: faceOf(1 << led.bit),
    };
  });
}

export function buttonGpio(button: ButtonName): number {
  const found = hardware.buttons.find((b) => b.name === button);
  if (found === undefined) throw new Error(`hw/pins.json has no button ${button}`);
  return found.gpio;
}

/** The battery reading a timer built right gives: each cell's range times the cells of hw/power.json. */
export function batteryRange(steps: CheckSteps): { minMv: number; maxMv: number } {
  const cells = DEFAULT_POWER_SPEC.battery.cells;
  return { minMv: cells * steps.battery.cellMinMv, maxMv: cells * steps.battery.cellMaxMv };
}

/** The battery divider's words for the battery step's causes. */
export function batteryFacts(): Record<string, string | number> {
  const b = hardware.battery;
  return { gpio: b.gpio, top: b.dividerTop, bottom: b.dividerBottom, topOhms: ohmsText(b.topOhms), bottomOhms: ohmsText(b.bottomOhms) };
}

export const BUZZER_GPIO = hardware.buzzer.gpio;
export const POWER_SWITCH = hardware.power.part;
