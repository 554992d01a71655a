// hw/pins.json: which RP2040 GPIO carries each logical signal of the firmware ABI, with its
// electrical notes. The one source for the diagram check, the microcontroller runtime and the docs.

import { JsonReader } from './json-reader.ts';
import {
  PICO_BOARD_GPIOS,
  RP2040_MAX_GPIO,
  UART0_RX_GPIOS,
  UART0_TX_GPIOS,
  adcChannelOfGpio,
  headerPinOfGpio,
  pwmOfGpio,
  type PwmChannel,
} from './pico-board.ts';

export const PIN_MAP_FORMAT = 'imperial-timer-pins/1';

/** Button names in firmware ABI order: `button(index, ...)` index 0..4. */
export const BUTTON_NAMES = ['triangle', 'circle', 'square', 'diamond', 'star'] as const;
export type ButtonName = (typeof BUTTON_NAMES)[number];

/** Number of sand-timer bar segments (leds mask bits 0..9) and found-code lights (bits 10..13). */
export const BAR_SEGMENTS = 10;
export const FOUND_LIGHTS = 4;

/** A pin of a diagram part: `part` is a part id of hw/diagram.json (or `$serialMonitor`). */
export interface PartPin {
  readonly part: string;
  readonly pin: string;
}

export interface ButtonPin extends PartPin {
  readonly index: number;
  readonly name: ButtonName;
  readonly gpio: number;
  /** Internal pull-up; the contact closes to ground. */
  readonly pull: 'up';
  /** The GPIO reads low while pressed; the runtime inverts it (firmware level 1 = pressed). */
  readonly active: 'low';
}

export type LedGroup = 'bar' | 'found';

/** The drive strengths an RP2040 GPIO pad can be set to (RP2040 datasheet, 2.19.6.3 "Pad Control"). */
export const DRIVE_STRENGTHS_MA = [2, 4, 8, 12] as const;

export interface LedPin extends PartPin {
  /** Bit of the firmware's `leds` mask. */
  readonly bit: number;
  readonly group: LedGroup;
  readonly gpio: number;
  /** The series resistor between the GPIO and the LED's anode (`pin`). */
  readonly resistor: string;
  readonly active: 'high';
  /** RP2040 pad drive strength setting, mA. */
  readonly driveMa: (typeof DRIVE_STRENGTHS_MA)[number];
}

export interface BuzzerPin extends PartPin {
  readonly gpio: number;
  readonly pwm: { readonly slice: number; readonly channel: PwmChannel };
  /** PWM duty cycle for each firmware volume 0..3 (0 = silent). */
  readonly dutyByVolume: readonly number[];
}

export interface UartLine extends PartPin {
  readonly gpio: number;
}

export interface UartPins {
  readonly instance: 0;
  readonly baud: number;
  readonly format: '8N1';
  /** Pull on the RX pad, so an unplugged or idle line does not float. */
  readonly rxPull: 'up';
  readonly tx: UartLine;
  readonly rx: UartLine;
}

export interface BatteryPin {
  readonly gpio: number;
  readonly adcChannel: number;
  readonly adcBits: number;
  readonly adcRefMv: number;
  /** Resistor ids of the divider: battery (after the power switch) - top - ADC pin - bottom - ground. */
  readonly dividerTop: string;
  readonly dividerBottom: string;
  /** The diagram's stand-in for the battery: a potentiometer whose wiper is the battery's + terminal. */
  readonly source: PartPin & { readonly supplyPin: string; readonly supplyMv: number };
}

export interface PowerSwitchPins {
  readonly part: string;
  /** The switch pin wired to the battery's + terminal. */
  readonly commonPin: string;
  /** The switch pin that carries the battery to the board when the switch is on. */
  readonly onPin: string;
  /** The Wokwi `value` attribute of the switch in its on position. */
  readonly onValue: string;
}

/** GPIOs the Pico board uses itself, that the runtime needs. */
export interface BoardGpios {
  readonly regulatorPwmMode: 23;
  readonly vbusSense: 24;
  readonly onboardLed: 25;
  readonly vsysSense: 29;
}

export interface PinMap {
  readonly format: typeof PIN_MAP_FORMAT;
  readonly board: string;
  /** The id of the `wokwi-pi-pico` part in hw/diagram.json. */
  readonly diagramPart: string;
  readonly notes: string;
  readonly buttons: readonly ButtonPin[];
  readonly leds: readonly LedPin[];
  readonly buzzer: BuzzerPin;
  readonly uart: UartPins;
  readonly battery: BatteryPin;
  readonly power: PowerSwitchPins;
  readonly boardGpios: BoardGpios;
}

/** One GPIO use, for the "each GPIO once" check and for tables. */
export interface GpioUse {
  readonly gpio: number;
  /** Where it is declared in hw/pins.json, e.g. `buttons[0]`. */
  readonly where: string;
  /** What it carries, e.g. `button triangle`. */
  readonly signal: string;
}

function readGpio(reader: JsonReader, onHeader: boolean): number {
  const gpio = reader.integer(0, RP2040_MAX_GPIO);
  if (onHeader && headerPinOfGpio(gpio) === null) {
    reader.fail(`GPIO ${gpio} has no pin on the Pico's header (it is used on the board: ${PICO_BOARD_GPIOS[gpio] ?? 'not connected'})`);
  }
  return gpio;
}

function readPartPin(reader: JsonReader): PartPin {
  return { part: reader.at('part').nonEmptyString(), pin: reader.at('pin').nonEmptyString() };
}

function readButtons(reader: JsonReader): ButtonPin[] {
  const items = reader.items();
  if (items.length !== BUTTON_NAMES.length) reader.fail(`expected ${BUTTON_NAMES.length} buttons (${BUTTON_NAMES.join(', ')}), got ${items.length}`);
  return items.map((item: JsonReader, index: number): ButtonPin => {
    item.object(['index', 'name', 'gpio', 'part', 'pin', 'pull', 'active']);
    const declared = item.at('index').integer(0, BUTTON_NAMES.length - 1);
    if (declared !== index) item.at('index').fail(`buttons must be listed in firmware index order: expected ${index}, got ${declared}`);
    const name = item.at('name').oneOf(BUTTON_NAMES);
    if (name !== BUTTON_NAMES[index]) item.at('name').fail(`button index ${index} is "${BUTTON_NAMES[index]}" in the firmware ABI, not "${name}"`);
    return {
      index,
      name,
      gpio: readGpio(item.at('gpio'), true),
      ...readPartPin(item),
      pull: item.at('pull').oneOf(['up'] as const),
      active: item.at('active').oneOf(['low'] as const),
    };
  });
}

function readLeds(reader: JsonReader): LedPin[] {
  const items = reader.items();
  const total = BAR_SEGMENTS + FOUND_LIGHTS;
  if (items.length !== total) reader.fail(`expected ${total} LEDs (mask bits 0..${total - 1}), got ${items.length}`);
  return items.map((item: JsonReader, index: number): LedPin => {
    item.object(['bit', 'group', 'gpio', 'part', 'pin', 'resistor', 'active', 'driveMa']);
    const bit = item.at('bit').integer(0, total - 1);
    if (bit !== index) item.at('bit').fail(`LEDs must be listed in mask bit order: expected ${index}, got ${bit}`);
    const group = item.at('group').oneOf(['bar', 'found'] as const);
    const expected: LedGroup = bit < BAR_SEGMENTS ? 'bar' : 'found';
    if (group !== expected)
      item.at('group').fail(`mask bit ${bit} belongs to the ${expected === 'bar' ? 'sand-timer bar (bits 0..9)' : 'found-code lights (bits 10..13)'}`);
    const driveReader: JsonReader = item.at('driveMa');
    const drive = driveReader.number();
    const driveMa = DRIVE_STRENGTHS_MA.find((strength) => strength === drive);
    if (driveMa === undefined) driveReader.fail(`RP2040 pads drive ${DRIVE_STRENGTHS_MA.join(', ')} mA, got ${drive}`);
    return {
      bit,
      group,
      gpio: readGpio(item.at('gpio'), true),
      ...readPartPin(item),
      resistor: item.at('resistor').nonEmptyString(),
      active: item.at('active').oneOf(['high'] as const),
      driveMa,
    };
  });
}

function readBuzzer(reader: JsonReader): BuzzerPin {
  reader.object(['gpio', 'part', 'pin', 'pwm', 'dutyByVolume']);
  const gpio = readGpio(reader.at('gpio'), true);
  const pwmReader = reader.at('pwm');
  pwmReader.object(['slice', 'channel']);
  const pwm = { slice: pwmReader.at('slice').integer(0, 7), channel: pwmReader.at('channel').oneOf(['A', 'B'] as const) };
  const actual = pwmOfGpio(gpio);
  if (pwm.slice !== actual.slice || pwm.channel !== actual.channel) {
    pwmReader.fail(`GPIO ${gpio} is PWM slice ${actual.slice} channel ${actual.channel}, not slice ${pwm.slice} channel ${pwm.channel}`);
  }
  const dutyReaders = reader.at('dutyByVolume').items();
  if (dutyReaders.length !== 4) reader.at('dutyByVolume').fail(`expected 4 duty cycles (volume 0..3), got ${dutyReaders.length}`);
  const dutyByVolume = dutyReaders.map((r) => r.number());
  dutyByVolume.forEach((duty, volume) => {
    const where = dutyReaders[volume] ?? reader;
    if (volume === 0 && duty !== 0) where.fail('volume 0 is mute: its duty cycle must be 0');
    if (volume > 0 && (duty <= 0 || duty > 0.5))
      where.fail(`duty cycle must be in (0, 0.5] (louder above 0.5 is not possible: the tone is symmetric about 50 %), got ${duty}`);
    const previous = dutyByVolume[volume - 1];
    if (volume > 1 && previous !== undefined && duty <= previous)
      where.fail(`volume ${volume} must be louder than volume ${volume - 1}: duty ${duty} <= ${previous}`);
  });
  return { gpio, ...readPartPin(reader), pwm, dutyByVolume };
}

function readUart(reader: JsonReader): UartPins {
  reader.object(['instance', 'baud', 'format', 'rxPull', 'tx', 'rx']);
  const instance = reader.at('instance').integer(0, 0) as 0;
  const baud = reader.at('baud').integer(115200, 115200);
  const format = reader.at('format').oneOf(['8N1'] as const);
  const rxPull = reader.at('rxPull').oneOf(['up'] as const);
  const line = (key: 'tx' | 'rx', allowed: readonly number[]): UartLine => {
    const r = reader.at(key);
    r.object(['gpio', 'part', 'pin']);
    const gpio = readGpio(r.at('gpio'), true);
    if (!allowed.includes(gpio)) r.at('gpio').fail(`UART0 ${key.toUpperCase()} can only be on GPIO ${allowed.join(', ')}, got ${gpio}`);
    return { gpio, ...readPartPin(r) };
  };
  return { instance, baud, format, rxPull, tx: line('tx', UART0_TX_GPIOS), rx: line('rx', UART0_RX_GPIOS) };
}

function readBattery(reader: JsonReader): BatteryPin {
  reader.object(['gpio', 'adcChannel', 'adcBits', 'adcRefMv', 'dividerTop', 'dividerBottom', 'source']);
  const gpio = readGpio(reader.at('gpio'), true);
  const adcChannel = reader.at('adcChannel').integer(0, 3);
  const actual = adcChannelOfGpio(gpio);
  if (actual === null) reader.at('gpio').fail(`GPIO ${gpio} is not an ADC input (ADC inputs are GPIO 26..29)`);
  if (actual !== adcChannel) reader.at('adcChannel').fail(`GPIO ${gpio} is ADC input ${actual}, not ${adcChannel}`);
  const source = reader.at('source');
  source.object(['part', 'pin', 'supplyPin', 'supplyMv']);
  return {
    gpio,
    adcChannel,
    adcBits: reader.at('adcBits').integer(12, 12),
    adcRefMv: reader.at('adcRefMv').integer(1000, 3600),
    dividerTop: reader.at('dividerTop').nonEmptyString(),
    dividerBottom: reader.at('dividerBottom').nonEmptyString(),
    source: {
      ...readPartPin(source),
      supplyPin: source.at('supplyPin').nonEmptyString(),
      supplyMv: source.at('supplyMv').integer(1000, 6000),
    },
  };
}

function readPower(reader: JsonReader): PowerSwitchPins {
  reader.object(['part', 'commonPin', 'onPin', 'onValue']);
  return {
    part: reader.at('part').nonEmptyString(),
    commonPin: reader.at('commonPin').nonEmptyString(),
    onPin: reader.at('onPin').nonEmptyString(),
    onValue: reader.at('onValue').string(),
  };
}

const BOARD_GPIO_KEYS = { regulatorPwmMode: 23, vbusSense: 24, onboardLed: 25, vsysSense: 29 } as const;

function readBoardGpios(reader: JsonReader): BoardGpios {
  reader.object(Object.keys(BOARD_GPIO_KEYS));
  for (const [key, gpio] of Object.entries(BOARD_GPIO_KEYS)) {
    const declared = reader.at(key).integer(0, RP2040_MAX_GPIO);
    if (declared !== gpio) reader.at(key).fail(`on the Pico this is GPIO ${gpio} (${PICO_BOARD_GPIOS[gpio] ?? ''}), not ${declared}`);
  }
  return BOARD_GPIO_KEYS;
}

/** Every GPIO the pin map uses, in declaration order. */
export function gpioUses(pins: PinMap): GpioUse[] {
  return [
    { gpio: pins.uart.tx.gpio, where: 'uart.tx', signal: 'serial TX (UART0)' },
    { gpio: pins.uart.rx.gpio, where: 'uart.rx', signal: 'serial RX (UART0)' },
    ...pins.leds.map((led, i) => ({
      gpio: led.gpio,
      where: `leds[${i}]`,
      signal: led.group === 'bar' ? `bar segment, mask bit ${led.bit}` : `found light ${led.bit - BAR_SEGMENTS + 1}, mask bit ${led.bit}`,
    })),
    { gpio: pins.buzzer.gpio, where: 'buzzer', signal: 'buzzer (PWM)' },
    ...pins.buttons.map((button, i) => ({ gpio: button.gpio, where: `buttons[${i}]`, signal: `button ${button.name}` })),
    { gpio: pins.battery.gpio, where: 'battery', signal: `battery voltage (ADC${pins.battery.adcChannel})` },
    ...Object.entries(pins.boardGpios).map(([key, gpio]: [string, number]) => ({
      gpio,
      where: `boardGpios.${key}`,
      signal: PICO_BOARD_GPIOS[gpio] ?? key,
    })),
  ];
}

/** Parses and checks hw/pins.json on its own (the diagram is checked against it separately). */
export function parsePinMap(json: unknown, file = 'hw/pins.json'): PinMap {
  const root = new JsonReader(file, '', json);
  root.object(['format', 'board', 'diagramPart', 'notes', 'buttons', 'leds', 'buzzer', 'uart', 'battery', 'power', 'boardGpios']);
  const format = root.at('format').string();
  if (format !== PIN_MAP_FORMAT) root.at('format').fail(`expected "${PIN_MAP_FORMAT}", got "${format}"`);
  const pins: PinMap = {
    format: PIN_MAP_FORMAT,
    board: root.at('board').nonEmptyString(),
    diagramPart: root.at('diagramPart').nonEmptyString(),
    notes: root.at('notes').string(),
    buttons: readButtons(root.at('buttons')),
    leds: readLeds(root.at('leds')),
    buzzer: readBuzzer(root.at('buzzer')),
    uart: readUart(root.at('uart')),
    battery: readBattery(root.at('battery')),
    power: readPower(root.at('power')),
    boardGpios: readBoardGpios(root.at('boardGpios')),
  };
  const seen = new Map<number, GpioUse>();
  for (const use of gpioUses(pins)) {
    const earlier = seen.get(use.gpio);
    if (earlier !== undefined) {
      new JsonReader(file, use.where, undefined).fail(`GPIO ${use.gpio} is already used by ${earlier.where} (${earlier.signal}); each GPIO carries one signal`);
    }
    seen.set(use.gpio, use);
  }
  return pins;
}
