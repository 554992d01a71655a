// @vitest-environment happy-dom
// Checks the hardware design: the Wokwi diagram uses real parts and real pin names, it wires every
// signal of the pin map as declared, and the electrical rules hold (one signal per GPIO, a series
// resistor per LED, the buzzer on a PWM output, the battery divider within the ADC's range).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '@wokwi/elements';
import diagramJson from '../../hw/diagram.json' with { type: 'json' };
import pinsJson from '../../hw/pins.json' with { type: 'json' };
import {
  HardwareDataError,
  adcCountsForBattery,
  adcPinMv,
  batteryMvAtSlider,
  batteryMvFromAdcCounts,
  ledsWithoutSeriesResistor,
  loadHardware,
  parseDiagram,
  partById,
  picoPinNames,
  pinNameProblems,
  type PinNamesOf,
} from '../../hw/diagram.ts';
import { hardware } from '../../hw/hardware.ts';
import { PICO_HEADER_PINS, PICO_PIN_NAMES, pwmOfGpio } from '../../hw/pico-board.ts';
import { gpioUses, parsePinMap } from '../../hw/pin-map.ts';
import { renderPinTable, withPinTable } from '../../hw/pin-table.ts';

type Json = Record<string, any>;
const clone = <T>(value: T): T => structuredClone(value);
const readText = (name: string): string => readFileSync(new URL(name, import.meta.url), 'utf8');

/** Pin names of a @wokwi/elements part, read from a real element's `pinInfo` after applying the part's attrs. */
function elementPinNames(type: string, attrs: Readonly<Record<string, string>> = {}): readonly string[] | undefined {
  if (customElements.get(type) === undefined) return undefined;
  const element = document.createElement(type);
  for (const [name, value] of Object.entries(attrs)) Reflect.set(element, name, value);
  const info: unknown = Reflect.get(element, 'pinInfo');
  if (!Array.isArray(info)) return undefined;
  return info.map((pin: unknown) => {
    const name: unknown = typeof pin === 'object' && pin !== null ? Reflect.get(pin, 'name') : undefined;
    if (typeof name !== 'string') throw new Error(`${type}: a pinInfo entry has no name`);
    return name;
  });
}

const pinNamesOf: PinNamesOf = (type) => picoPinNames(type) ?? elementPinNames(type);

describe('parts and pin names', () => {
  const diagram = parseDiagram(diagramJson);

  it('uses only part types that exist, and only pin names those parts have', () => {
    expect(pinNameProblems(diagram, pinNamesOf)).toEqual([]);
    for (const part of diagram.parts) {
      if (part.type === 'wokwi-pi-pico') continue;
      // The element's pins with this part's own attributes (a slider's pins move with its length).
      const names = elementPinNames(part.type, part.attrs);
      expect(names, part.type).toBeDefined();
      for (const c of diagram.connections) {
        for (const end of [c.from, c.to]) if (end.part === part.id) expect(names, `${part.id}:${end.pin}`).toContain(end.pin);
      }
    }
  });

  it('has the parts the timer needs', () => {
    const count = (type: string) => diagram.parts.filter((p) => p.type === type).length;
    expect(count('wokwi-pi-pico')).toBe(1);
    expect(count('wokwi-pushbutton')).toBe(5);
    expect(count('wokwi-led-bar-graph')).toBe(1);
    expect(count('wokwi-led')).toBe(4);
    expect(count('wokwi-buzzer')).toBe(1);
    expect(count('wokwi-slide-switch')).toBe(1);
    expect(count('wokwi-slide-potentiometer')).toBe(1);
    expect(count('wokwi-resistor')).toBe(10 + 4 + 2);
  });

  it('reports a pin a part does not have, and a part type that does not exist', () => {
    const json = clone(diagramJson) as Json;
    json.connections.push(['r_bar0:3', 'pico:GP2', 'orange', []]);
    json.connections.push(['bar:A11', 'pico:AGND', 'orange', []]);
    json.parts.push({ type: 'wokwi-flux-capacitor', id: 'flux', top: 0, left: 0, attrs: {} });
    const problems = pinNameProblems(parseDiagram(json), pinNamesOf);
    expect(problems).toContain(
      `hw/diagram.json: connections[${json.connections.length - 2}] (r_bar0:3 to pico:GP2): part "r_bar0" (wokwi-resistor) has no pin "3"; its pins are 1, 2`,
    );
    expect(problems.some((p) => p.includes('part "bar" (wokwi-led-bar-graph) has no pin "A11"'))).toBe(true);
    expect(problems.some((p) => p.includes('part "pico" (wokwi-pi-pico) has no pin "AGND"'))).toBe(true);
    expect(problems).toContain('hw/diagram.json: part "flux": unknown part type "wokwi-flux-capacitor"');
  });
});

describe('the Pico pin names (Wokwi docs, docs/parts/wokwi-pi-pico.md)', () => {
  it('are GP0..GP22, GP26..GP28, GND.1..GND.8, the power and control pins, and the test points', () => {
    const gpios = [...Array.from({ length: 23 }, (_, i) => `GP${i}`), 'GP26', 'GP27', 'GP28'];
    const grounds = Array.from({ length: 8 }, (_, i) => `GND.${i + 1}`);
    expect([...PICO_PIN_NAMES].sort()).toEqual([...gpios, ...grounds, 'VBUS', 'VSYS', '3V3', '3V3_EN', 'RUN', 'ADC_VREF', 'TP4', 'TP5'].sort());
    expect(PICO_PIN_NAMES).not.toContain('AGND');
  });

  it('number the header 1..40 with the ground pins at 3, 8, 13, 18, 23, 28, 33 and 38', () => {
    expect(PICO_HEADER_PINS.map((p) => p.physical)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(PICO_HEADER_PINS.filter((p) => p.name.startsWith('GND')).map((p) => p.physical)).toEqual([3, 8, 13, 18, 23, 28, 33, 38]);
    expect(PICO_HEADER_PINS.find((p) => p.name === 'GP0')?.physical).toBe(1);
    expect(PICO_HEADER_PINS.find((p) => p.name === 'GP28')?.physical).toBe(34);
    expect(PICO_HEADER_PINS.find((p) => p.name === 'VBUS')?.physical).toBe(40);
  });
});

describe('diagram.json and pins.json agree', () => {
  it('wire each button, in firmware index order, from its GPIO to a labelled pushbutton', () => {
    expect(hardware.buttons.map((b) => [b.index, b.name, b.gpio, b.part, b.label])).toEqual([
      [0, 'triangle', 18, 'btn_triangle', 'triangle'],
      [1, 'circle', 19, 'btn_circle', 'circle'],
      [2, 'square', 20, 'btn_square', 'square'],
      [3, 'diamond', 21, 'btn_diamond', 'diamond'],
      [4, 'star', 22, 'btn_star', 'star'],
    ]);
  });

  it('drive leds mask bit b from GPIO b + 2, the bar from the bottom segment up, then the four found lights', () => {
    expect(hardware.leds.map((l) => l.gpio)).toEqual(Array.from({ length: 14 }, (_, bit) => bit + 2));
    expect(hardware.leds.slice(0, 10).map((l) => `${l.part}:${l.pin}`)).toEqual(
      ['A10', 'A9', 'A8', 'A7', 'A6', 'A5', 'A4', 'A3', 'A2', 'A1'].map((pin) => `bar:${pin}`),
    );
    expect(hardware.leds.slice(10).map((l) => `${l.part}:${l.pin}`)).toEqual(['led_found1:A', 'led_found2:A', 'led_found3:A', 'led_found4:A']);
    expect(hardware.leds.map((l) => l.lightIndex)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0]);
    expect(new Set(hardware.leds.map((l) => l.resistor)).size).toBe(14);
  });

  it('put the buzzer, the serial line, the battery and the power switch where the pin map says', () => {
    expect(hardware.buzzer).toMatchObject({ gpio: 16, part: 'buzzer', pin: '2', pwmSlice: 0, pwmChannel: 'A' });
    expect(hardware.serial).toEqual({
      baud: 115200,
      rxPull: 'up',
      tx: { gpio: 0, part: '$serialMonitor', pin: 'RX' },
      rx: { gpio: 1, part: '$serialMonitor', pin: 'TX' },
    });
    expect(hardware.battery).toMatchObject({ gpio: 28, adcChannel: 2, sourcePart: 'battery', topOhms: 470_000, bottomOhms: 470_000 });
    expect(hardware.power).toEqual({ part: 'power', onValue: '1', initiallyOn: true });
  });

  it('give the page every part with its position', () => {
    const triangle = partById(hardware, 'btn_triangle');
    expect(triangle.type).toBe('wokwi-pushbutton');
    expect(Number.isFinite(triangle.left) && Number.isFinite(triangle.top)).toBe(true);
    // The face reads top to bottom: the bar, the found lights, triangle, the symbol row, the switch.
    const top = (id: string) => partById(hardware, id).top;
    expect(top('bar')).toBeLessThan(top('led_found1'));
    expect(top('led_found1')).toBeLessThan(top('btn_triangle'));
    expect(top('btn_triangle')).toBeLessThan(top('btn_circle'));
    expect(top('btn_circle')).toBeLessThan(top('power'));
    expect(() => partById(hardware, 'nope')).toThrow('hw/diagram.json: part "nope": no such part');
  });

  it('fail when the diagram wires a signal to another part than the pin map says', () => {
    const pins = clone(pinsJson) as Json;
    pins.buttons[0].part = 'btn_circle';
    expect(() => loadHardware(diagramJson, pins)).toThrow(
      'hw/diagram.json: button triangle (GPIO 18): the GPIO should reach btn_circle:1.l, but reaches btn_triangle:1.l',
    );
    const relabelled = clone(diagramJson) as Json;
    relabelled.parts.find((p: Json) => p.id === 'btn_star').attrs.label = 'moon';
    expect(() => loadHardware(relabelled, pinsJson)).toThrow('hw/diagram.json: part "btn_star": attrs.label must be "star", got "moon"');
    const swapped = clone(diagramJson) as Json;
    for (const c of swapped.connections as string[][]) {
      if (c[0] === 'pico:GP18') c[1] = 'btn_circle:1.l';
      else if (c[0] === 'pico:GP19') c[1] = 'btn_triangle:1.l';
    }
    expect(() => loadHardware(swapped, pinsJson)).toThrow(
      'hw/diagram.json: button triangle (GPIO 18): the GPIO should reach btn_triangle:1.l, but reaches btn_circle:1.l',
    );
  });

  it('fail when a Pico GPIO is wired but the pin map declares nothing on it', () => {
    const json = clone(diagramJson) as Json;
    json.connections.push(['pico:GP17', 'buzzer:2', 'purple', []]);
    expect(() => loadHardware(json, pinsJson)).toThrow(
      `hw/diagram.json: connections[${json.connections.length - 1}]: pico:GP17 is wired, but hw/pins.json declares no signal on GPIO 17`,
    );
  });

  it('fail when a button contact is not grounded', () => {
    const json = clone(diagramJson) as Json;
    json.connections = json.connections.filter((c: string[]) => !(c[0] === 'btn_triangle:2.r'));
    expect(() => loadHardware(json, pinsJson)).toThrow(
      'hw/diagram.json: button triangle (GPIO 18): contact 2 of "btn_triangle" must be wired to ground (the GPIO has a pull-up; pressing pulls it low)',
    );
  });

  it('fail when the battery divider is not drawn from the switch to ground', () => {
    const json = clone(diagramJson) as Json;
    json.connections = json.connections.filter((c: string[]) => c[0] !== 'power:3');
    expect(() => loadHardware(json, pinsJson)).toThrow(
      `hw/diagram.json: battery voltage (GPIO 28, ADC2): "r_bat_top" must start at the switch's on pin power:3`,
    );
  });

  it('fail when the ADC pin is fed through resistors, which Wokwi does not compute (it would read a flat battery)', () => {
    // The wiring of the real board: switch - 470k - GP28 - 470k - ground.
    const json = clone(diagramJson) as Json;
    json.connections = json.connections.filter((c: string[]) => !['battery:SIG', 'r_bat_top:2'].includes(c[0] ?? ''));
    json.connections.push(['battery:SIG', 'power:2', 'red', []], ['r_bat_top:2', 'pico:GP28', 'blue', []], ['r_bat_bottom:1', 'pico:GP28', 'blue', []]);
    expect(() => loadHardware(json, pinsJson)).toThrow(
      'hw/diagram.json: battery voltage (GPIO 28, ADC2): the ADC pin must be driven by battery:SIG (an analog source Wokwi simulates), but reaches r_bat_top:2, r_bat_bottom:1',
    );
    // A resistor on the pin besides the slider is refused too.
    const both = clone(diagramJson) as Json;
    both.connections.push(['r_bat_bottom:1', 'pico:GP28', 'blue', []]);
    expect(() => loadHardware(both, pinsJson)).toThrow('the ADC pin (Wokwi computes no resistor on an analog input) also reaches r_bat_top:2, r_bat_bottom:1');
  });
});

describe('electrical rules', () => {
  it('use no GPIO twice', () => {
    const uses = gpioUses(hardware.pins);
    expect(new Set(uses.map((u) => u.gpio)).size).toBe(uses.length);
    const pins = clone(pinsJson) as Json;
    pins.buzzer.gpio = 18;
    pins.buzzer.pwm = { slice: 1, channel: 'A' };
    expect(() => parsePinMap(pins)).toThrow('hw/pins.json: buttons[0]: GPIO 18 is already used by buzzer (buzzer (PWM)); each GPIO carries one signal');
  });

  it('give every LED its own series resistor', () => {
    const diagram = parseDiagram(diagramJson);
    expect(ledsWithoutSeriesResistor(diagram)).toEqual([]);

    const bypassed = clone(diagramJson) as Json;
    bypassed.connections = bypassed.connections.filter((c: string[]) => c[0] !== 'pico:GP2' && c[0] !== 'r_bar0:2');
    bypassed.connections.push(['pico:GP2', 'bar:A10', 'orange', []]);
    expect(ledsWithoutSeriesResistor(parseDiagram(bypassed))).toEqual([
      'hw/diagram.json: LED bar:A10 has no series resistor of its own on its anode or cathode',
    ]);
    expect(() => loadHardware(bypassed, pinsJson)).toThrow('LED bar:A10 has no series resistor');

    const spare = clone(diagramJson) as Json;
    spare.parts.push({ type: 'wokwi-led', id: 'led_spare', top: 0, left: 0, attrs: {} });
    expect(ledsWithoutSeriesResistor(parseDiagram(spare))).toEqual(['hw/diagram.json: LED led_spare:A is not wired']);

    const shared = clone(diagramJson) as Json;
    shared.connections.push(['r_found1:1', 'led_found2:A', 'orange', []]);
    expect(ledsWithoutSeriesResistor(parseDiagram(shared))).toEqual([
      'hw/diagram.json: LED led_found1:A has no series resistor of its own on its anode or cathode',
      'hw/diagram.json: LED led_found2:A has no series resistor of its own on its anode or cathode',
    ]);
  });

  it('put the buzzer on a PWM output whose slice and channel the pin map states', () => {
    expect(pwmOfGpio(hardware.buzzer.gpio)).toEqual({ slice: hardware.buzzer.pwmSlice, channel: hardware.buzzer.pwmChannel });
    const pins = clone(pinsJson) as Json;
    pins.buzzer.pwm.channel = 'B';
    expect(() => parsePinMap(pins)).toThrow('hw/pins.json: buzzer.pwm: GPIO 16 is PWM slice 0 channel A, not slice 0 channel B');
    pins.buzzer.gpio = 23;
    expect(() => parsePinMap(pins)).toThrow("hw/pins.json: buzzer.gpio: GPIO 23 has no pin on the Pico's header");
  });

  it('make volume steps louder in turn and never exceed a 50 % duty cycle', () => {
    expect(hardware.buzzer.dutyByVolume[0]).toBe(0);
    const pins = clone(pinsJson) as Json;
    pins.buzzer.dutyByVolume = [0, 0.3, 0.2, 0.5];
    expect(() => parsePinMap(pins)).toThrow('hw/pins.json: buzzer.dutyByVolume[2]: volume 2 must be louder than volume 1');
    pins.buzzer.dutyByVolume = [0, 0.1, 0.2, 0.75];
    expect(() => parsePinMap(pins)).toThrow('hw/pins.json: buzzer.dutyByVolume[3]: duty cycle must be in (0, 0.5]');
  });

  it('put the serial line on UART0 pins and the battery on an ADC input', () => {
    const pins = clone(pinsJson) as Json;
    pins.uart.tx.gpio = 2;
    expect(() => parsePinMap(pins)).toThrow('hw/pins.json: uart.tx.gpio: UART0 TX can only be on GPIO 0, 12, 16, 28, got 2');
    const adc = clone(pinsJson) as Json;
    adc.battery.gpio = 27;
    expect(() => parsePinMap(adc)).toThrow('hw/pins.json: battery.adcChannel: GPIO 27 is ADC input 1, not 2');
  });

  it('keep the ADC pin below its 3.3 V reference up to the 5.5 V the regulator accepts', () => {
    const { battery } = hardware;
    expect(adcPinMv(battery, 5500)).toBeLessThan(battery.adcRefMv);
    // Three fresh cells (about 1.6 V each) read back within a few millivolts.
    for (const mv of [2700, 3300, 4500, 4800]) {
      expect(Math.abs(batteryMvFromAdcCounts(battery, adcCountsForBattery(battery, mv)) - mv)).toBeLessThanOrEqual(2);
    }
    expect(batteryMvAtSlider(battery, battery.sliderMax)).toBe(battery.fullScaleMv);
    expect(battery.fullScaleMv).toBe(6600);
    expect(batteryMvAtSlider(battery, battery.sliderValue)).toBeCloseTo(4500, -1);
  });

  it('make Wokwi read what the board reads: the slider drives the ADC pin over its range, 4.5 V at the start', () => {
    const { battery } = hardware;
    // Wokwi: a potentiometer's SIG gives the ADC value / max of its full scale (docs.wokwi.com,
    // wokwi-potentiometer and the Chips API's analog notes). The page: slider → battery → divider → ADC.
    const wokwiCounts = (value: number): number => Math.round((value / battery.sliderMax) * (2 ** battery.adcBits - 1));
    for (let value = battery.sliderMin; value <= battery.sliderMax; value++) {
      const page = adcCountsForBattery(battery, batteryMvAtSlider(battery, value));
      expect(Math.abs(page - wokwiCounts(value))).toBeLessThanOrEqual(2);
    }
    const atStart = batteryMvFromAdcCounts(battery, wokwiCounts(battery.sliderValue));
    expect(Math.abs(atStart - 4500)).toBeLessThanOrEqual(10);
    // The firmware starts a game quietly at that voltage (it refuses below 3.3 V, warns below 3.6 V).
    expect(atStart).toBeGreaterThanOrEqual(3600);
  });
});

describe('file errors name the file, the place and the problem', () => {
  it('in diagram.json', () => {
    const json = clone(diagramJson) as Json;
    json.connections[3] = ['nope:1', 'pico:GP2', 'orange', []];
    expect(() => parseDiagram(json)).toThrow('hw/diagram.json: connections[3][0]: "nope:1" names the part "nope", which is not in "parts"');
    const dup = clone(diagramJson) as Json;
    dup.parts.push(clone(dup.parts[0]));
    expect(() => parseDiagram(dup)).toThrow(`hw/diagram.json: parts[${dup.parts.length - 1}].id: duplicate part id "pico"`);
    const route = clone(diagramJson) as Json;
    route.connections[0][3] = ['x5'];
    expect(() => parseDiagram(route)).toThrow('hw/diagram.json: connections[0][3][0]: a route step is "h<px>", "v<px>" or "*", got "x5"');
    expect(() => parseDiagram({ ...(clone(diagramJson) as Json), version: 2 })).toThrow(HardwareDataError);
  });

  it('in pins.json', () => {
    const pins = clone(pinsJson) as Json;
    pins.buttons[1].name = 'square';
    expect(() => parsePinMap(pins)).toThrow('hw/pins.json: buttons[1].name: button index 1 is "circle" in the firmware ABI, not "square"');
    const typo = clone(pinsJson) as Json;
    typo.leds[4].resistr = 'r_bar4';
    expect(() => parsePinMap(typo)).toThrow('hw/pins.json: leds[4]: unknown key "resistr"');
    const missing = clone(pinsJson) as Json;
    delete missing.battery.gpio;
    expect(() => parsePinMap(missing)).toThrow('hw/pins.json: battery.gpio: is missing');
    const resistor = clone(diagramJson) as Json;
    resistor.parts.find((p: Json) => p.id === 'r_found2').attrs.value = '1k';
    expect(() => loadHardware(resistor, pinsJson)).toThrow('hw/diagram.json: part "r_found2": a resistor needs attrs.value in ohms, e.g. "1000"; got "1k"');
  });
});

describe('hw/README.md and hw/wokwi.toml', () => {
  it('the README pin table is the one hw/pins.json gives (fix: npx tsx hw/write-pin-table.ts)', () => {
    const readme = readText('../../hw/README.md');
    expect(withPinTable(readme, renderPinTable(hardware))).toBe(readme);
  });

  it('the Wokwi project points at the Pico build', () => {
    const toml = readText('../../hw/wokwi.toml');
    const settings = new Map(
      toml
        .split('\n')
        .map((line) => /^\s*([a-z]+)\s*=\s*(.+?)\s*$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], m[2]]),
    );
    expect(toml).toMatch(/^\[wokwi\]$/m);
    expect(settings.get('version')).toBe('1');
    expect(settings.get('firmware')).toBe("'../build/imperial-timer.uf2'");
    expect(settings.get('elf')).toBe("'../build/imperial-timer.elf'");
  });
});
