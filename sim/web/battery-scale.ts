// The scale under the battery slider: volts from 0 to the slider's top, the zones in which the
// firmware refuses a game (flat), warns (low) or starts quietly, and the 3.3 V / 3.6 V marks.
// Positions follow the Wokwi slide potentiometer's geometry: its knob travels `travelLength` mm
// between 12.5 mm from either end of a body `travelLength + 25` mm long.

import { BATTERY_MARKS, BATTERY_REFUSE_MV, BATTERY_WARN_MV } from './battery-levels.ts';
import type { BatterySpec } from './page-model.ts';

/** The knob's centre at either end of its travel, mm from the element's edge (Wokwi's drawing). */
const KNOB_INSET_MM = 12.5;

/** Where a voltage sits along the slider element, in % of its width. */
export function scalePercent(battery: BatterySpec, mv: number): number {
  const travel = Number(battery.attrs['travelLength'] ?? '30');
  const fraction = Math.min(1, Math.max(0, mv / battery.view.fullScaleMv));
  return ((KNOB_INSET_MM + fraction * travel) / (travel + 2 * KNOB_INSET_MM)) * 100;
}

function div(className: string, style: Partial<CSSStyleDeclaration> = {}, text?: string): HTMLDivElement {
  const element = document.createElement('div');
  element.className = className;
  Object.assign(element.style, style);
  if (text !== undefined) element.textContent = text;
  return element;
}

export function renderBatteryScale(container: HTMLElement, battery: BatterySpec): void {
  const at = (mv: number): string => `${scalePercent(battery, mv).toFixed(2)}%`;
  const top = battery.view.fullScaleMv;
  const zones: [string, number, number][] = [
    ['flat', 0, BATTERY_REFUSE_MV],
    ['low', BATTERY_REFUSE_MV, BATTERY_WARN_MV],
    ['good', BATTERY_WARN_MV, top],
  ];
  for (const [name, from, to] of zones) {
    const left = scalePercent(battery, from);
    container.append(div(`scale-zone scale-zone-${name}`, { left: `${left}%`, width: `${scalePercent(battery, to) - left}%` }));
  }
  for (let mv = 0; mv <= top; mv += 1000) {
    container.append(div('scale-tick', { left: at(mv) }));
    // Every other volt is written: the scale is short.
    if (mv % 2000 === 0) container.append(div('scale-volt', { left: at(mv) }, `${mv / 1000} V`));
  }
  for (const mark of BATTERY_MARKS) {
    container.append(div('scale-mark', { left: at(mark.mv) }), div('scale-mark-label', { left: at(mark.mv) }, `${(mark.mv / 1000).toFixed(1)} V`));
  }
  container.title = BATTERY_MARKS.map((mark) => mark.label).join('; ');
}
