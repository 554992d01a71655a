// Loads and checks the hardware design: hw/diagram.json (Wokwi's diagram format) against
// hw/pins.json (the pin map), and gives the browser page and the tools a typed view of it: the parts
// with their positions, and for every logical signal of the firmware ABI the part and pin it drives.
// Pure TypeScript: no DOM, no file system (callers pass the parsed JSON).

import { HardwareDataError, JsonReader } from './json-reader.ts';
import { Netlist, formatPin, internalGroup, type Wire } from './netlist.ts';
import { PICO_PIN_NAMES, headerPinOfGpio, isGround } from './pico-board.ts';
import { BAR_SEGMENTS, gpioUses, parsePinMap, type ButtonName, type LedGroup, type PartPin, type PinMap } from './pin-map.ts';

export { HardwareDataError } from './json-reader.ts';
export type { PartPin, PinMap } from './pin-map.ts';

/** Wokwi's pseudo-part for its serial monitor; it has the pins `RX` and `TX`. */
export const SERIAL_MONITOR = '$serialMonitor';
export const SERIAL_MONITOR_PINS: readonly string[] = ['RX', 'TX'];

export interface DiagramPart {
  readonly id: string;
  readonly type: string;
  /** Position of the part's top-left corner on the canvas, in pixels. */
  readonly left: number;
  readonly top: number;
  /** Rotation in degrees about the part's centre (0 when absent). */
  readonly rotate: number;
  readonly hide: boolean;
  /** Wokwi attributes, all strings (e.g. `color`, `label`, `value`). */
  readonly attrs: Readonly<Record<string, string>>;
}

export interface DiagramConnection extends Wire {
  /** Index in the `connections` array, for error messages. */
  readonly index: number;
  readonly color: string;
  /** Wokwi's wire placement hints: `h<px>`, `v<px>` and at most one `*`. */
  readonly route: readonly string[];
}

export interface Diagram {
  readonly file: string;
  readonly version: 1;
  readonly author: string;
  readonly editor: 'wokwi';
  readonly parts: readonly DiagramPart[];
  readonly connections: readonly DiagramConnection[];
}

const ROUTE_STEP = /^[hv]-?\d+(\.\d+)?$/;

function readEndpoint(reader: JsonReader, partIds: ReadonlySet<string>): PartPin {
  const text = reader.nonEmptyString();
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) reader.fail(`expected "partId:pinName", got "${text}"`);
  const part = text.slice(0, colon);
  const pin = text.slice(colon + 1);
  if (part === SERIAL_MONITOR) {
    if (!SERIAL_MONITOR_PINS.includes(pin)) reader.fail(`${SERIAL_MONITOR} has the pins RX and TX, not "${pin}"`);
  } else if (!partIds.has(part)) {
    reader.fail(`"${text}" names the part "${part}", which is not in "parts"`);
  }
  return { part, pin };
}

function readPart(reader: JsonReader): DiagramPart {
  reader.object(['type', 'id', 'top', 'left', 'rotate', 'hide', 'attrs']);
  const attrs: Record<string, string> = {};
  const attrsReader = reader.optional('attrs');
  if (attrsReader !== undefined) {
    for (const key of Object.keys(attrsReader.object())) attrs[key] = attrsReader.at(key).string();
  }
  return {
    id: reader.at('id').nonEmptyString(),
    type: reader.at('type').nonEmptyString(),
    left: reader.at('left').number(),
    top: reader.at('top').number(),
    rotate: reader.optional('rotate')?.number() ?? 0,
    hide: reader.optional('hide')?.boolean() ?? false,
    attrs,
  };
}

/** Parses hw/diagram.json: structure, unique part ids, and connections that name existing parts. */
export function parseDiagram(json: unknown, file = 'hw/diagram.json'): Diagram {
  const root = new JsonReader(file, '', json);
  root.object(['version', 'author', 'editor', 'parts', 'connections', 'serialMonitor', 'dependencies']);
  root.at('version').integer(1, 1);
  const editor = root.at('editor').oneOf(['wokwi'] as const);
  const parts: DiagramPart[] = [];
  const ids = new Set<string>();
  for (const item of root.at('parts').items()) {
    const part = readPart(item);
    if (ids.has(part.id)) item.at('id').fail(`duplicate part id "${part.id}"`);
    ids.add(part.id);
    parts.push(part);
  }
  const connections = root
    .at('connections')
    .items()
    .map((item: JsonReader, index: number): DiagramConnection => {
      const fields = item.items();
      if (fields.length < 3 || fields.length > 4) item.fail(`expected [from, to, color, route], got ${fields.length} items`);
      const [fromReader, toReader, colorReader, routeReader] = fields;
      if (fromReader === undefined || toReader === undefined || colorReader === undefined) item.fail('expected [from, to, color, route]');
      const route =
        routeReader?.items().map((step) => {
          const text = step.string();
          if (text !== '*' && !ROUTE_STEP.test(text)) step.fail(`a route step is "h<px>", "v<px>" or "*", got "${text}"`);
          return text;
        }) ?? [];
      if (route.filter((step) => step === '*').length > 1) item.fail('a route may hold "*" only once');
      return {
        index,
        from: readEndpoint(fromReader, ids),
        to: readEndpoint(toReader, ids),
        color: colorReader.string(),
        route,
      };
    });
  return { file, version: 1, author: root.at('author').string(), editor, parts, connections };
}

/** The pin names a part type offers, or undefined for a type the caller does not know. */
export type PinNamesOf = (type: string) => readonly string[] | undefined;

/** Pin names of `wokwi-pi-pico`, which @wokwi/elements does not ship (see hw/pico-board.ts for sources). */
export function picoPinNames(type: string): readonly string[] | undefined {
  return type === 'wokwi-pi-pico' ? PICO_PIN_NAMES : undefined;
}

/**
 * Every problem with part types and pin names: a part whose type `pinNamesOf` does not know, or a
 * connection to a pin its part does not have. Empty when the diagram is sound.
 */
export function pinNameProblems(diagram: Diagram, pinNamesOf: PinNamesOf): string[] {
  const problems: string[] = [];
  const byId = new Map(diagram.parts.map((part) => [part.id, part]));
  for (const part of diagram.parts) {
    if (pinNamesOf(part.type) === undefined) problems.push(`${diagram.file}: part "${part.id}": unknown part type "${part.type}"`);
  }
  for (const connection of diagram.connections) {
    for (const end of [connection.from, connection.to]) {
      if (end.part === SERIAL_MONITOR) continue;
      const part = byId.get(end.part);
      const names = part === undefined ? undefined : pinNamesOf(part.type);
      if (part === undefined || names === undefined || names.includes(end.pin)) continue;
      problems.push(
        `${diagram.file}: connections[${connection.index}] (${formatPin(connection.from)} to ${formatPin(connection.to)}): ` +
          `part "${part.id}" (${part.type}) has no pin "${end.pin}"; its pins are ${names.join(', ')}`,
      );
    }
  }
  return problems;
}

/** The LEDs of a part: anode and cathode pin names for each light, or none for other parts. */
export function diodesOf(part: DiagramPart): { readonly anode: string; readonly cathode: string }[] {
  if (part.type === 'wokwi-led') return [{ anode: 'A', cathode: 'C' }];
  if (part.type === 'wokwi-led-bar-graph') {
    return Array.from({ length: BAR_SEGMENTS }, (_, i) => ({ anode: `A${i + 1}`, cathode: `C${i + 1}` }));
  }
  return [];
}

/**
 * Every LED in the diagram that is not driven through its own series resistor: an LED passes when
 * the net of its anode, or of its cathode, holds nothing but that LED pin and one resistor pin.
 */
export function ledsWithoutSeriesResistor(diagram: Diagram, netlist: Netlist = netlistOf(diagram)): string[] {
  const types = new Map(diagram.parts.map((part) => [part.id, part.type]));
  const alone = (ref: PartPin): boolean => {
    const others = netlist.others(ref);
    return others.length === 1 && others[0] !== undefined && types.get(others[0].part) === 'wokwi-resistor';
  };
  const problems: string[] = [];
  for (const part of diagram.parts) {
    for (const diode of diodesOf(part)) {
      const anode = { part: part.id, pin: diode.anode };
      const cathode = { part: part.id, pin: diode.cathode };
      if (!netlist.isWired(anode) && !netlist.isWired(cathode)) {
        problems.push(`${diagram.file}: LED ${formatPin(anode)} is not wired`);
      } else if (!alone(anode) && !alone(cathode)) {
        problems.push(`${diagram.file}: LED ${formatPin(anode)} has no series resistor of its own on its anode or cathode`);
      }
    }
  }
  return problems;
}

export function netlistOf(diagram: Diagram): Netlist {
  return new Netlist(diagram.connections);
}

// ---------------------------------------------------------------------------------------------
// The typed view, checked against the pin map

export interface ButtonView {
  readonly index: number;
  readonly name: ButtonName;
  readonly gpio: number;
  /** The pushbutton part and the contact pin wired to the GPIO. */
  readonly part: string;
  readonly pin: string;
  readonly label: string;
  /** Wokwi keyboard shortcut, when the part has one. */
  readonly key: string | null;
}

export interface LedView {
  readonly bit: number;
  readonly group: LedGroup;
  readonly gpio: number;
  /** The LED part and its anode pin (for the bar, `A1` is the top segment). */
  readonly part: string;
  readonly pin: string;
  readonly cathode: string;
  /** The light's index within its part: for the bar 0 = the top segment (A1), 9 = the bottom one; 0 for a single LED. */
  readonly lightIndex: number;
  readonly resistor: string;
  readonly resistorOhms: number;
}

export interface BuzzerView {
  readonly gpio: number;
  readonly part: string;
  readonly pin: string;
  readonly pwmSlice: number;
  readonly pwmChannel: 'A' | 'B';
  readonly dutyByVolume: readonly number[];
}

export interface SerialView {
  readonly baud: number;
  readonly rxPull: 'up';
  readonly tx: { readonly gpio: number; readonly part: string; readonly pin: string };
  readonly rx: { readonly gpio: number; readonly part: string; readonly pin: string };
}

export interface BatteryView {
  readonly gpio: number;
  readonly adcChannel: number;
  readonly adcBits: number;
  readonly adcRefMv: number;
  readonly dividerTop: string;
  readonly dividerBottom: string;
  readonly topOhms: number;
  readonly bottomOhms: number;
  /** The slider that stands in for the battery, and its range. */
  readonly sourcePart: string;
  readonly sliderMin: number;
  readonly sliderMax: number;
  readonly sliderValue: number;
  /** Voltage at the slider's top end (its VCC pin), mV: the ADC pin's voltage there. */
  readonly supplyMv: number;
  /** The battery voltage the slider's top end stands for: supplyMv through the divider, mV. */
  readonly fullScaleMv: number;
}

export interface PowerView {
  readonly part: string;
  readonly onValue: string;
  readonly initiallyOn: boolean;
}

export interface HardwareView {
  readonly diagram: Diagram;
  readonly pins: PinMap;
  readonly parts: readonly DiagramPart[];
  /** Indexed by firmware button index 0..4. */
  readonly buttons: readonly ButtonView[];
  /** Indexed by `leds` mask bit 0..13. */
  readonly leds: readonly LedView[];
  readonly buzzer: BuzzerView;
  readonly serial: SerialView;
  readonly battery: BatteryView;
  readonly power: PowerView;
}

/** Checks that the diagram wires every signal of the pin map as declared, and builds the view. */
export class HardwareChecker {
  private readonly netlist: Netlist;
  private readonly byId: ReadonlyMap<string, DiagramPart>;
  private readonly pico: DiagramPart;

  constructor(
    private readonly diagram: Diagram,
    private readonly pins: PinMap,
  ) {
    this.netlist = netlistOf(diagram);
    this.byId = new Map(diagram.parts.map((part) => [part.id, part]));
    this.pico = this.part(pins.diagramPart, 'the board', ['wokwi-pi-pico']);
  }

  private fail(where: string, problem: string): never {
    throw new HardwareDataError(this.diagram.file, where, problem);
  }

  private part(id: string, role: string, types: readonly string[]): DiagramPart {
    const part = this.byId.get(id);
    if (part === undefined) this.fail(`part "${id}"`, `hw/pins.json names it as ${role}, but there is no such part`);
    if (!types.includes(part.type)) this.fail(`part "${id}"`, `${role} must be a ${types.join(' or ')}, not ${part.type}`);
    return part;
  }

  private gpioPin(gpio: number): PartPin {
    const pin = headerPinOfGpio(gpio);
    if (pin === null) this.fail(`GPIO ${gpio}`, 'has no pin on the Pico header');
    return { part: this.pico.id, pin };
  }

  private isGround(ref: PartPin): boolean {
    return ref.part === this.pico.id && isGround(ref.pin);
  }

  private grounded(ref: PartPin): boolean {
    return this.netlist.members(ref).some((member) => this.isGround(member));
  }

  /** The pins on a GPIO's net other than the Pico pin itself; fails when it is not wired. */
  private gpioNet(gpio: number, signal: string): PartPin[] {
    const picoPin = this.gpioPin(gpio);
    const others = this.netlist.others(picoPin);
    if (others.length === 0) this.fail(`${signal}`, `${formatPin(picoPin)} (GPIO ${gpio}) is not wired to anything`);
    const shorted = others.filter((ref) => ref.part === this.pico.id);
    if (shorted.length > 0) this.fail(`${signal}`, `${formatPin(picoPin)} is wired straight to ${shorted.map(formatPin).join(', ')}`);
    return others;
  }

  private expectOnly(net: readonly PartPin[], expected: readonly PartPin[], where: string, what: string): void {
    const extra = net.filter((ref) => !expected.some((e) => e.part === ref.part && (e.pin === ref.pin || sameGroup(e.pin, ref.pin))));
    const missing = expected.filter((e) => !net.some((ref) => ref.part === e.part && (ref.pin === e.pin || sameGroup(e.pin, ref.pin))));
    if (missing.length > 0)
      this.fail(where, `${what} should reach ${missing.map(formatPin).join(', ')}, but reaches ${net.map(formatPin).join(', ') || 'nothing'}`);
    if (extra.length > 0) this.fail(where, `${what} also reaches ${extra.map(formatPin).join(', ')}`);
  }

  private resistorOhms(part: DiagramPart): number {
    const value = part.attrs['value'];
    if (value === undefined || !/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) {
      this.fail(`part "${part.id}"`, `a resistor needs attrs.value in ohms, e.g. "1000"; got ${value === undefined ? 'none' : `"${value}"`}`);
    }
    return Number(value);
  }

  private buttons(): ButtonView[] {
    return this.pins.buttons.map((button) => {
      const where = `button ${button.name} (GPIO ${button.gpio})`;
      const part = this.part(button.part, `button ${button.name}`, ['wokwi-pushbutton']);
      const contact = internalGroup(button.pin);
      if (contact !== '1' && contact !== '2') this.fail(where, `"${button.pin}" is not a contact pin of a pushbutton (1.l, 1.r, 2.l, 2.r)`);
      this.expectOnly(this.gpioNet(button.gpio, where), [{ part: part.id, pin: button.pin }], where, 'the GPIO');
      const other = contact === '1' ? '2' : '1';
      if (!this.grounded({ part: part.id, pin: `${other}.l` }) && !this.grounded({ part: part.id, pin: `${other}.r` })) {
        this.fail(where, `contact ${other} of "${part.id}" must be wired to ground (the GPIO has a pull-up; pressing pulls it low)`);
      }
      const label = part.attrs['label'] ?? '';
      if (label !== button.name) this.fail(`part "${part.id}"`, `attrs.label must be "${button.name}", got "${label}"`);
      return { index: button.index, name: button.name, gpio: button.gpio, part: part.id, pin: button.pin, label, key: part.attrs['key'] ?? null };
    });
  }

  private leds(): LedView[] {
    return this.pins.leds.map((led) => {
      const where = `LED mask bit ${led.bit} (GPIO ${led.gpio})`;
      const part = this.part(led.part, `the LED of mask bit ${led.bit}`, ['wokwi-led', 'wokwi-led-bar-graph']);
      const diodes = diodesOf(part);
      const lightIndex = diodes.findIndex((d) => d.anode === led.pin);
      const diode = diodes[lightIndex];
      if (diode === undefined) this.fail(where, `"${led.pin}" is not an anode pin of "${part.id}" (${part.type})`);
      const resistor = this.part(led.resistor, `the series resistor of mask bit ${led.bit}`, ['wokwi-resistor']);
      const gpioNet = this.gpioNet(led.gpio, where);
      const resistorPin = gpioNet.find((ref) => ref.part === resistor.id);
      if (resistorPin === undefined)
        this.fail(where, `the GPIO must go to the series resistor "${resistor.id}" first, but reaches ${gpioNet.map(formatPin).join(', ')}`);
      this.expectOnly(gpioNet, [resistorPin], where, 'the GPIO');
      const far = { part: resistor.id, pin: resistorPin.pin === '1' ? '2' : '1' };
      this.expectOnly(this.netlist.others(far), [{ part: part.id, pin: led.pin }], where, `the far end of "${resistor.id}"`);
      if (!this.grounded({ part: part.id, pin: diode.cathode })) this.fail(where, `the cathode ${part.id}:${diode.cathode} must be wired to ground`);
      return {
        bit: led.bit,
        group: led.group,
        gpio: led.gpio,
        part: part.id,
        pin: led.pin,
        cathode: diode.cathode,
        lightIndex,
        resistor: resistor.id,
        resistorOhms: this.resistorOhms(resistor),
      };
    });
  }

  private buzzer(): BuzzerView {
    const { buzzer } = this.pins;
    const where = `buzzer (GPIO ${buzzer.gpio})`;
    const part = this.part(buzzer.part, 'the buzzer', ['wokwi-buzzer']);
    if (buzzer.pin !== '1' && buzzer.pin !== '2') this.fail(where, `a wokwi-buzzer has the pins 1 and 2, not "${buzzer.pin}"`);
    this.expectOnly(this.gpioNet(buzzer.gpio, where), [{ part: part.id, pin: buzzer.pin }], where, 'the GPIO');
    const other = buzzer.pin === '2' ? '1' : '2';
    if (!this.grounded({ part: part.id, pin: other })) this.fail(where, `pin ${other} of "${part.id}" must be wired to ground`);
    return {
      gpio: buzzer.gpio,
      part: part.id,
      pin: buzzer.pin,
      pwmSlice: buzzer.pwm.slice,
      pwmChannel: buzzer.pwm.channel,
      dutyByVolume: buzzer.dutyByVolume,
    };
  }

  private serial(): SerialView {
    const { uart } = this.pins;
    for (const [name, line] of [
      ['serial TX', uart.tx],
      ['serial RX', uart.rx],
    ] as const) {
      const where = `${name} (GPIO ${line.gpio})`;
      this.expectOnly(this.gpioNet(line.gpio, where), [{ part: line.part, pin: line.pin }], where, 'the GPIO');
    }
    return { baud: uart.baud, rxPull: uart.rxPull, tx: uart.tx, rx: uart.rx };
  }

  private power(): PowerView {
    const { power } = this.pins;
    const part = this.part(power.part, 'the power switch', ['wokwi-slide-switch']);
    return { part: part.id, onValue: power.onValue, initiallyOn: (part.attrs['value'] ?? '') === power.onValue };
  }

  /**
   * The battery sense, as the simulation wires it: Wokwi computes no resistor divider on an analog
   * input (its resistors are pull-ups and pull-downs only), so the ADC pin is driven by the one
   * analog source it does simulate, the battery slider's SIG, and by nothing else; the slider spans
   * the ADC's range (its VCC on the supply pin that is the ADC's reference). The divider is drawn
   * with its real values from the switch's on pin to ground, its midpoint standing apart (on the
   * board that midpoint is the ADC pin: see hw/README.md).
   */
  private battery(): BatteryView {
    const { battery, power } = this.pins;
    const where = `battery voltage (GPIO ${battery.gpio}, ADC${battery.adcChannel})`;
    const top = this.part(battery.dividerTop, 'the divider resistor from the battery', ['wokwi-resistor']);
    const bottom = this.part(battery.dividerBottom, 'the divider resistor to ground', ['wokwi-resistor']);
    const source = this.part(battery.source.part, 'the battery stand-in', ['wokwi-slide-potentiometer', 'wokwi-potentiometer']);
    const switchPart = this.part(power.part, 'the power switch', ['wokwi-slide-switch']);
    const net = this.gpioNet(battery.gpio, where);
    const sourcePin = { part: source.id, pin: battery.source.pin };
    if (!net.some((ref) => ref.part === source.id && ref.pin === battery.source.pin)) {
      this.fail(
        where,
        `the ADC pin must be driven by ${formatPin(sourcePin)} (an analog source Wokwi simulates), but reaches ${net.map(formatPin).join(', ') || 'nothing'}`,
      );
    }
    this.expectOnly(net, [sourcePin], where, 'the ADC pin (Wokwi computes no resistor on an analog input)');
    const onPin = { part: switchPart.id, pin: power.onPin };
    const topOn = this.netlist.others(onPin).find((ref) => ref.part === top.id);
    if (topOn === undefined) this.fail(where, `"${top.id}" must start at the switch's on pin ${formatPin(onPin)}`);
    this.expectOnly(this.netlist.others(onPin), [topOn], where, `the switch's on pin ${formatPin(onPin)}`);
    const topMid = { part: top.id, pin: topOn.pin === '1' ? '2' : '1' };
    const bottomMid = this.netlist.others(topMid).find((ref) => ref.part === bottom.id);
    if (bottomMid === undefined) this.fail(where, `the far end of "${top.id}" must join "${bottom.id}" (the divider's midpoint)`);
    this.expectOnly(this.netlist.others(topMid), [bottomMid], where, `the divider's midpoint ${formatPin(topMid)}`);
    const bottomFar = { part: bottom.id, pin: bottomMid.pin === '1' ? '2' : '1' };
    if (!this.grounded(bottomFar)) this.fail(where, `the far end of "${bottom.id}" must be wired to ground`);
    if (!this.grounded({ part: source.id, pin: 'GND' })) this.fail(where, `${source.id}:GND must be wired to ground`);
    if (!this.netlist.connected({ part: source.id, pin: 'VCC' }, { part: this.pico.id, pin: battery.source.supplyPin })) {
      this.fail(where, `${source.id}:VCC must be wired to ${this.pico.id}:${battery.source.supplyPin}`);
    }
    if (battery.source.supplyMv !== battery.adcRefMv) {
      this.fail(where, `the slider must span the ADC's range: its supply (${battery.source.supplyMv} mV) must equal adcRefMv (${battery.adcRefMv} mV)`);
    }
    const attr = (name: string, fallback?: number): number => {
      const text = source.attrs[name];
      if (text === undefined && fallback !== undefined) return fallback;
      if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text))
        this.fail(`part "${source.id}"`, `attrs.${name} must be a number, got ${text === undefined ? 'none' : `"${text}"`}`);
      return Number(text);
    };
    const sliderMin = attr('min', 0);
    const sliderMax = attr('max');
    const sliderValue = attr('value', sliderMin);
    if (sliderMax <= sliderMin) this.fail(`part "${source.id}"`, `attrs.max (${sliderMax}) must be above attrs.min (${sliderMin})`);
    if (sliderValue < sliderMin || sliderValue > sliderMax)
      this.fail(`part "${source.id}"`, `attrs.value ${sliderValue} is outside ${sliderMin}..${sliderMax}`);
    const topOhms = this.resistorOhms(top);
    const bottomOhms = this.resistorOhms(bottom);
    return {
      gpio: battery.gpio,
      adcChannel: battery.adcChannel,
      adcBits: battery.adcBits,
      adcRefMv: battery.adcRefMv,
      dividerTop: top.id,
      dividerBottom: bottom.id,
      topOhms,
      bottomOhms,
      sourcePart: source.id,
      sliderMin,
      sliderMax,
      sliderValue,
      supplyMv: battery.source.supplyMv,
      fullScaleMv: Math.round((battery.source.supplyMv * (topOhms + bottomOhms)) / bottomOhms),
    };
  }

  /** Fails when a Pico GPIO is wired in the diagram but carries no signal of the pin map. */
  private undeclaredGpios(): void {
    const declared = new Set(gpioUses(this.pins).map((use) => use.gpio));
    for (const connection of this.diagram.connections) {
      for (const end of [connection.from, connection.to]) {
        if (end.part !== this.pico.id) continue;
        const gpio = /^GP(\d+)$/.exec(end.pin)?.[1];
        if (gpio !== undefined && !declared.has(Number(gpio))) {
          this.fail(`connections[${connection.index}]`, `${formatPin(end)} is wired, but hw/pins.json declares no signal on GPIO ${gpio}`);
        }
      }
    }
  }

  view(): HardwareView {
    const problems = ledsWithoutSeriesResistor(this.diagram, this.netlist);
    if (problems[0] !== undefined) throw new HardwareDataError(this.diagram.file, 'LEDs', problems.join('; '));
    this.undeclaredGpios();
    return {
      diagram: this.diagram,
      pins: this.pins,
      parts: this.diagram.parts,
      buttons: this.buttons(),
      leds: this.leds(),
      buzzer: this.buzzer(),
      serial: this.serial(),
      battery: this.battery(),
      power: this.power(),
    };
  }
}

function sameGroup(a: string, b: string): boolean {
  const group = internalGroup(a);
  return group !== null && group === internalGroup(b);
}

/** Parses both files, checks them against each other and returns the typed view. */
export function loadHardware(
  diagramJson: unknown,
  pinsJson: unknown,
  files: { readonly diagram: string; readonly pins: string } = { diagram: 'hw/diagram.json', pins: 'hw/pins.json' },
): HardwareView {
  const diagram = parseDiagram(diagramJson, files.diagram);
  const pins = parsePinMap(pinsJson, files.pins);
  return new HardwareChecker(diagram, pins).view();
}

// ---------------------------------------------------------------------------------------------
// The battery measurement, as numbers

/**
 * The battery voltage the slider stands for at `value` (mV). The slider drives the ADC pin over
 * 0..supplyMv (the ADC's range), which the divider makes 0..fullScaleMv of battery.
 */
export function batteryMvAtSlider(battery: BatteryView, value: number): number {
  const fraction = (value - battery.sliderMin) / (battery.sliderMax - battery.sliderMin);
  return Math.round(Math.min(1, Math.max(0, fraction)) * battery.fullScaleMv);
}

/** The voltage at the ADC pin for a battery voltage (mV), through the divider. */
export function adcPinMv(battery: BatteryView, batteryMv: number): number {
  return (batteryMv * battery.bottomOhms) / (battery.topOhms + battery.bottomOhms);
}

/** The ADC reading for a battery voltage: counts of 2^adcBits over adcRefMv, clamped to full scale. */
export function adcCountsForBattery(battery: BatteryView, batteryMv: number): number {
  const full = 2 ** battery.adcBits;
  return Math.min(full - 1, Math.max(0, Math.round((adcPinMv(battery, batteryMv) * full) / battery.adcRefMv)));
}

/** The battery voltage (mV, rounded) that an ADC reading stands for: what the runtime's batteryMv() returns. */
export function batteryMvFromAdcCounts(battery: BatteryView, counts: number): number {
  const pinMv = (counts * battery.adcRefMv) / 2 ** battery.adcBits;
  return Math.round((pinMv * (battery.topOhms + battery.bottomOhms)) / battery.bottomOhms);
}

/** The diagram's part with this id (for the page: position, type, attributes). */
export function partById(view: HardwareView, id: string): DiagramPart {
  const part = view.parts.find((p) => p.id === id);
  if (part === undefined) throw new HardwareDataError(view.diagram.file, `part "${id}"`, 'no such part');
  return part;
}

export { parsePinMap };
