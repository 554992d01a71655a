// Facts about the Raspberry Pi Pico board and its RP2040 that the pin map is checked against.
//
// Header pin names are the ones Wokwi's `wokwi-pi-pico` part uses in diagram.json:
//   - Wokwi docs, "wokwi-pi-pico Reference" (github.com/wokwi/wokwi-docs, docs/parts/wokwi-pi-pico.md):
//     GP0..GP22, GP26..GP28, GND.1..GND.8 (physical pins 3, 8, 13, 18, 23, 28, 33, 38),
//     VSYS, VBUS, 3V3; TP4 (GPIO23) and TP5 (GPIO25) are usable in diagram.json but not drawn;
//     3V3_EN, RUN and ADC_VREF exist on the part but are not simulated.
//   - The pin list of the part as the Wokwi editor exports it (e.g. wokwi.com/projects/357681352497969153),
//     which confirms the exact spellings 3V3_EN, RUN and ADC_VREF, and that physical pin 33 (AGND on
//     the real board) is called GND.7.
// Physical pin numbers follow the Raspberry Pi Pico datasheet, "Pinout" (pin 1 = GP0, pin 40 = VBUS).
// GPIO functions follow the RP2040 datasheet, section 2.19.2 "Function Select" (the GPIO function table):
// every GPIO 0..29 has a PWM function (slice = (gpio >> 1) & 7, channel A for even, B for odd GPIOs),
// GPIO 26..29 are ADC inputs 0..3, and UART0 TX/RX can sit on GPIO 0/1, 12/13, 16/17 or 28/29.

/** A header pin of the Pico as Wokwi names it, with its physical pin number (1..40). */
export interface PicoHeaderPin {
  readonly name: string;
  readonly physical: number;
  /** The RP2040 GPIO behind the pin, or null for power, ground and control pins. */
  readonly gpio: number | null;
}

const HEADER: readonly (readonly [physical: number, name: string])[] = [
  [1, 'GP0'],
  [2, 'GP1'],
  [3, 'GND.1'],
  [4, 'GP2'],
  [5, 'GP3'],
  [6, 'GP4'],
  [7, 'GP5'],
  [8, 'GND.2'],
  [9, 'GP6'],
  [10, 'GP7'],
  [11, 'GP8'],
  [12, 'GP9'],
  [13, 'GND.3'],
  [14, 'GP10'],
  [15, 'GP11'],
  [16, 'GP12'],
  [17, 'GP13'],
  [18, 'GND.4'],
  [19, 'GP14'],
  [20, 'GP15'],
  [21, 'GP16'],
  [22, 'GP17'],
  [23, 'GND.5'],
  [24, 'GP18'],
  [25, 'GP19'],
  [26, 'GP20'],
  [27, 'GP21'],
  [28, 'GND.6'],
  [29, 'GP22'],
  [30, 'RUN'],
  [31, 'GP26'],
  [32, 'GP27'],
  [33, 'GND.7'],
  [34, 'GP28'],
  [35, 'ADC_VREF'],
  [36, '3V3'],
  [37, '3V3_EN'],
  [38, 'GND.8'],
  [39, 'VSYS'],
  [40, 'VBUS'],
];

function gpioOfName(name: string): number | null {
  const match = /^GP(\d+)$/.exec(name);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The 40 header pins, in physical order. */
export const PICO_HEADER_PINS: readonly PicoHeaderPin[] = HEADER.map(([physical, name]) => ({
  name,
  physical,
  gpio: gpioOfName(name),
}));

/** Test points Wokwi accepts in diagram.json without drawing them: TP4 = GPIO23, TP5 = GPIO25. */
export const PICO_TEST_POINTS: readonly { readonly name: string; readonly gpio: number }[] = [
  { name: 'TP4', gpio: 23 },
  { name: 'TP5', gpio: 25 },
];

/** Every pin name the `wokwi-pi-pico` part accepts in a diagram.json connection. */
export const PICO_PIN_NAMES: readonly string[] = [...PICO_HEADER_PINS.map((pin) => pin.name), ...PICO_TEST_POINTS.map((pin) => pin.name)];

/**
 * GPIOs the Pico board itself uses (Pico datasheet, "Pinout" and the board schematic): they are not
 * on the header and a design may only use them for these purposes.
 */
export const PICO_BOARD_GPIOS: Readonly<Record<number, string>> = {
  23: 'RT6150 PS pin: low = power-save (PFM) mode, high = PWM mode (lower ripple)',
  24: 'VBUS sense: high while USB power is present',
  25: 'on-board LED',
  29: 'ADC3: VSYS / 3 through the on-board 200 kΩ / 100 kΩ divider',
};

/** Highest GPIO number of the RP2040. */
export const RP2040_MAX_GPIO = 29;

export function isGround(pinName: string): boolean {
  return pinName === 'GND' || pinName.startsWith('GND.');
}

/** The Wokwi pin name for a header GPIO, or null when the GPIO has no header pin. */
export function headerPinOfGpio(gpio: number): string | null {
  return PICO_HEADER_PINS.find((pin) => pin.gpio === gpio)?.name ?? null;
}

export type PwmChannel = 'A' | 'B';

/** The PWM slice and channel that drive a GPIO (RP2040 datasheet, 4.5.2 "Programmer's Model"). */
export function pwmOfGpio(gpio: number): { readonly slice: number; readonly channel: PwmChannel } {
  return { slice: (gpio >> 1) & 7, channel: gpio % 2 === 0 ? 'A' : 'B' };
}

/** The ADC input of a GPIO, or null when the GPIO is not an ADC pin (only GPIO 26..29 are). */
export function adcChannelOfGpio(gpio: number): number | null {
  return gpio >= 26 && gpio <= 29 ? gpio - 26 : null;
}

/** GPIOs on which UART0 can put TX and RX. */
export const UART0_TX_GPIOS: readonly number[] = [0, 12, 16, 28];
export const UART0_RX_GPIOS: readonly number[] = [1, 13, 17, 29];
