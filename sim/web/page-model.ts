// What the page shows and where each firmware signal goes, derived from the checked hardware view
// (hw/diagram.json + hw/pins.json through hw/diagram.ts). Pure: no DOM. The page creates one
// @wokwi/elements element per part listed here, with the part's type and attributes.

import {
  HardwareDataError,
  adcCountsForBattery,
  batteryMvAtSlider,
  batteryMvFromAdcCounts,
  partById,
  type BatteryView,
  type DiagramPart,
  type HardwareView,
} from '../../hw/diagram.ts';
import type { ButtonName } from '../device/index.ts';
import { SYMBOL_GLYPHS, keyCaption } from './symbols.ts';

/** One element of the page: a diagram part shown with its Wokwi element. */
export interface ElementSpec {
  readonly partId: string;
  /** The custom element's tag, which is the part's Wokwi type (e.g. `wokwi-pushbutton`). */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
}

export interface ButtonSpec extends ElementSpec {
  readonly index: number;
  readonly name: ButtonName;
  /** The symbol drawn by the button (▲ ● ■ ◆ ★). */
  readonly glyph: string;
  /** `KeyboardEvent.key` that presses it (the part's Wokwi `key` attribute), or null. */
  readonly key: string | null;
  /** How the key is written on the page ("Space", "1"...). */
  readonly keyCaption: string | null;
}

export interface BarSpec extends ElementSpec {
  /** For each `leds` mask bit 0..n-1, the index in the element's `values` array (0 = the A1 segment). */
  readonly segmentOfBit: readonly number[];
}

export interface LightSpec extends ElementSpec {
  readonly bit: number;
}

export interface BuzzerSpec extends ElementSpec {
  /** PWM duty cycle by firmware volume 0..3. */
  readonly dutyByVolume: readonly number[];
}

export interface PowerSwitchSpec extends ElementSpec {
  /** The element value (as a string) that means "on". */
  readonly onValue: string;
}

export interface BatterySpec extends ElementSpec {
  readonly min: number;
  readonly max: number;
  readonly initial: number;
  readonly view: BatteryView;
}

export interface PageModel {
  /** By firmware button index: triangle first, then the four symbols. */
  readonly buttons: readonly ButtonSpec[];
  readonly bar: BarSpec;
  /** The found-code lights, in mask bit order. */
  readonly lights: readonly LightSpec[];
  readonly buzzer: BuzzerSpec;
  readonly power: PowerSwitchSpec;
  readonly battery: BatterySpec;
}

function element(view: HardwareView, id: string): ElementSpec {
  const part: DiagramPart = partById(view, id);
  return { partId: part.id, tag: part.type, attrs: part.attrs };
}

/** Index of a bar-graph anode pin (`A1`..`A10`) in the element's `values` array. */
export function barSegmentIndex(pin: string): number | undefined {
  const match = /^A(\d+)$/.exec(pin);
  return match?.[1] === undefined ? undefined : Number(match[1]) - 1;
}

/** Builds the page model; fails with a HardwareDataError when the design cannot be shown. */
export function pageModel(view: HardwareView): PageModel {
  const file = view.diagram.file;
  const buttons = view.buttons.map((button): ButtonSpec => {
    const spec = element(view, button.part);
    return {
      ...spec,
      index: button.index,
      name: button.name,
      glyph: SYMBOL_GLYPHS[button.name],
      key: button.key,
      keyCaption: button.key === null ? null : keyCaption(button.key),
    };
  });

  const barLeds = view.leds.filter((led) => led.group === 'bar');
  const barParts = new Set(barLeds.map((led) => led.part));
  const [barPart] = barParts;
  if (barParts.size !== 1 || barPart === undefined) {
    throw new HardwareDataError(file, 'the sand-timer bar', `the page shows the bar as one led-bar-graph, but its bits are on ${barParts.size} parts`);
  }
  const segmentOfBit = barLeds.map((led) => {
    const index = barSegmentIndex(led.pin);
    if (index === undefined) throw new HardwareDataError(file, `part "${led.part}"`, `"${led.pin}" is not a bar-graph anode A1..A10`);
    return index;
  });

  const lights = view.leds.filter((led) => led.group === 'found').map((led): LightSpec => ({ ...element(view, led.part), bit: led.bit }));

  const battery = view.battery;
  return {
    buttons,
    bar: { ...element(view, barPart), segmentOfBit },
    lights,
    buzzer: { ...element(view, view.buzzer.part), dutyByVolume: view.buzzer.dutyByVolume },
    power: { ...element(view, view.power.part), onValue: view.power.onValue },
    battery: {
      ...element(view, battery.sourcePart),
      min: battery.sliderMin,
      max: battery.sliderMax,
      initial: battery.sliderValue,
      view: battery,
    },
  };
}

/** What the output elements show for a `leds` mask. */
export interface LedDisplay {
  /** The bar element's `values` (1 = lit), index 0 = its A1 segment. */
  readonly barValues: number[];
  /** Lit state of each found light, in `model.lights` order. */
  readonly lights: boolean[];
}

export function ledDisplay(model: PageModel, mask: number): LedDisplay {
  const barValues = new Array<number>(model.bar.segmentOfBit.length).fill(0);
  model.bar.segmentOfBit.forEach((segment, bit) => {
    if ((mask >>> bit) & 1) barValues[segment] = 1;
  });
  return { barValues, lights: model.lights.map((light) => ((mask >>> light.bit) & 1) === 1) };
}

/** The battery as the runtime measures it: slider → battery voltage → ADC counts → batteryMv(). */
export interface BatteryReading {
  readonly batteryMv: number;
  readonly adcCounts: number;
  /** What the firmware's batteryMv() returns on the board. */
  readonly measuredMv: number;
}

export function batteryReading(battery: BatterySpec, sliderValue: number): BatteryReading {
  const batteryMv = batteryMvAtSlider(battery.view, sliderValue);
  const adcCounts = adcCountsForBattery(battery.view, batteryMv);
  return { batteryMv, adcCounts, measuredMv: batteryMvFromAdcCounts(battery.view, adcCounts) };
}

/** The slider position that stands for a battery voltage (clamped to the slider's range). */
export function sliderValueForMv(battery: BatterySpec, batteryMv: number): number {
  const { sliderMin, sliderMax, fullScaleMv } = battery.view;
  const fraction = Math.min(1, Math.max(0, batteryMv / fullScaleMv));
  return Math.round(sliderMin + fraction * (sliderMax - sliderMin));
}

/** Whether a slide switch's value means "on". */
export function switchIsOn(power: PowerSwitchSpec, value: unknown): boolean {
  return String(value) === power.onValue;
}

/** Relative gain of the buzzer's fundamental at a PWM duty cycle d: sin(π·d) (1 at 50 %). */
export function fundamentalGain(duty: number): number {
  return Math.sin(Math.PI * Math.min(1, Math.max(0, duty)));
}

/** Loudest buzzer gain (volume 3, 50 % duty); a raw square wave at full scale is harsh. */
export const MAX_BUZZER_GAIN = 0.2;

/** The Web Audio gain of each firmware volume (the simulator's, and the companion pages' for the built-in timer). */
export function buzzerGains(dutyByVolume: readonly number[]): number[] {
  return dutyByVolume.map((duty) => MAX_BUZZER_GAIN * fundamentalGain(duty));
}
