import { describe, expect, it } from 'vitest';
import diagramJson from '../../hw/diagram.json' with { type: 'json' };
import pinsJson from '../../hw/pins.json' with { type: 'json' };
import { HardwareDataError, loadHardware } from '../../hw/diagram.ts';
import { hardware } from '../../hw/hardware.ts';
import { barSegmentIndex, batteryReading, fundamentalGain, sliderValueForMv, ledDisplay, pageModel, switchIsOn } from '../../sim/web/page-model.ts';

const model = pageModel(hardware);

type Json = Record<string, unknown>;
/** A copy of the diagram with one part's fields changed. */
function diagramWith(id: string, change: (part: Json) => void): unknown {
  const copy = structuredClone(diagramJson) as { parts: Json[] };
  const part = copy.parts.find((p) => p['id'] === id);
  if (!part) throw new Error(`no part ${id}`);
  change(part);
  return copy;
}

describe('page model from the hardware design', () => {
  it('shows each button with the element, colour and key of its diagram part, in ABI order', () => {
    expect(model.buttons.map((b) => [b.index, b.name, b.partId, b.tag, b.glyph, b.key, b.keyCaption])).toEqual([
      [0, 'triangle', 'btn_triangle', 'wokwi-pushbutton', '▲', ' ', 'Space'],
      [1, 'circle', 'btn_circle', 'wokwi-pushbutton', '●', '1', '1'],
      [2, 'square', 'btn_square', 'wokwi-pushbutton', '■', '2', '2'],
      [3, 'diamond', 'btn_diamond', 'wokwi-pushbutton', '◆', '3', '3'],
      [4, 'star', 'btn_star', 'wokwi-pushbutton', '★', '4', '4'],
    ]);
    expect(model.buttons[1]?.attrs['color']).toBe('blue');
  });

  it('follows the diagram when a part changes (one source)', () => {
    const view = loadHardware(
      diagramWith('btn_circle', (part) => {
        (part['attrs'] as Json)['color'] = 'purple';
        (part['attrs'] as Json)['key'] = 'q';
      }),
      pinsJson,
    );
    const circle = pageModel(view).buttons[1];
    expect(circle?.attrs['color']).toBe('purple');
    expect([circle?.key, circle?.keyCaption]).toEqual(['q', 'Q']);
  });

  it('maps the bar bits to the bar-graph segments through the pin map (bit 0 on A10, bit 9 on A1)', () => {
    expect(model.bar.partId).toBe('bar');
    expect(model.bar.tag).toBe('wokwi-led-bar-graph');
    expect(model.bar.segmentOfBit).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(barSegmentIndex('A1')).toBe(0);
    expect(barSegmentIndex('C3')).toBeUndefined();
  });

  it('lights the right elements for a leds mask', () => {
    const display = ledDisplay(model, 0b0101_0000000111);
    expect(display.barValues).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
    expect(display.lights).toEqual([true, false, true, false]);
    expect(ledDisplay(model, 0)).toEqual({ barValues: new Array(10).fill(0), lights: [false, false, false, false] });
  });

  it('shows the found lights, buzzer, power switch and battery slider named by the pin map', () => {
    expect(model.lights.map((l) => [l.partId, l.bit, l.tag])).toEqual([
      ['led_found1', 10, 'wokwi-led'],
      ['led_found2', 11, 'wokwi-led'],
      ['led_found3', 12, 'wokwi-led'],
      ['led_found4', 13, 'wokwi-led'],
    ]);
    expect([model.buzzer.partId, model.buzzer.tag]).toEqual(['buzzer', 'wokwi-buzzer']);
    expect([model.power.partId, model.power.tag, model.power.onValue]).toEqual(['power', 'wokwi-slide-switch', '1']);
    expect(switchIsOn(model.power, 1)).toBe(true);
    expect(switchIsOn(model.power, 0)).toBe(false);
    expect([model.battery.partId, model.battery.tag, model.battery.min, model.battery.max]).toEqual(['battery', 'wokwi-slide-potentiometer', 0, 1023]);
  });

  it('reads the battery slider through the divider and the ADC as the board does', () => {
    // The slider spans the ADC pin's range, 0..3.3 V: 0..6.6 V of cells through the 1:2 divider.
    const full = batteryReading(model.battery, model.battery.max);
    expect(full.batteryMv).toBe(6600);
    expect(full.adcCounts).toBe(4095);
    const start = batteryReading(model.battery, model.battery.initial);
    expect(Math.abs(start.measuredMv - 4500)).toBeLessThanOrEqual(10);
    const low = batteryReading(model.battery, 500);
    expect(low.batteryMv).toBe(Math.round((500 / 1023) * 6600));
    expect(batteryReading(model.battery, 0)).toEqual({ batteryMv: 0, adcCounts: 0, measuredMv: 0 });
    expect(sliderValueForMv(model.battery, 3300)).toBe(512);
    expect(sliderValueForMv(model.battery, 9000)).toBe(1023);
    expect(batteryReading(model.battery, sliderValueForMv(model.battery, 3400)).batteryMv).toBeCloseTo(3400, -1);
  });

  it('gives the buzzer a louder fundamental for a wider duty cycle, loudest at 50 %', () => {
    const gains = model.buzzer.dutyByVolume.map(fundamentalGain);
    expect(gains[0]).toBe(0);
    expect(gains[1]).toBeLessThan(gains[2] ?? 0);
    expect(gains[3]).toBeCloseTo(1);
  });

  it('refuses a design whose bar is split over two parts, naming the file', () => {
    const pins = structuredClone(pinsJson) as { leds: Json[] };
    const split = pins.leds[0];
    if (split) {
      split['part'] = 'led_found1';
      split['pin'] = 'A';
    }
    // The hardware checker or the page model must refuse it; either way with a HardwareDataError.
    expect(() => pageModel(loadHardware(diagramJson, pins))).toThrow(HardwareDataError);
  });
});
