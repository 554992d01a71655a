// The pin map table of hw/README.md, rendered from the checked hardware view, so the document
// cannot drift from hw/pins.json and hw/diagram.json (a test compares them; `npx tsx hw/write-pin-table.ts`
// rewrites the section).

import type { HardwareView } from './diagram.ts';
import { PICO_BOARD_GPIOS, PICO_HEADER_PINS } from './pico-board.ts';
import { BAR_SEGMENTS } from './pin-map.ts';

export const PIN_TABLE_BEGIN = '<!-- pin-table:begin (generated from hw/pins.json by: npx tsx hw/write-pin-table.ts) -->';
export const PIN_TABLE_END = '<!-- pin-table:end -->';

function physical(gpio: number): string {
  const pin = PICO_HEADER_PINS.find((p) => p.gpio === gpio);
  return pin === undefined ? 'on board' : String(pin.physical);
}

function kilohms(ohms: number): string {
  return ohms >= 1000 ? `${ohms / 1000} kΩ` : `${ohms} Ω`;
}

function percent(duty: number): string {
  return `${Number((duty * 100).toFixed(2))} %`;
}

/** The Markdown table: one row per GPIO, in GPIO order. */
export function renderPinTable(view: HardwareView): string {
  type Row = { gpio: number; cells: readonly string[] };
  const rows: Row[] = [];
  const add = (gpio: number, signal: string, fn: string, electrical: string, part: string): void => {
    rows.push({ gpio, cells: [`GP${gpio}`, physical(gpio), signal, fn, electrical, part] });
  };
  const { serial, buzzer, battery } = view;
  add(serial.tx.gpio, 'serial out (`tx`)', 'UART0 TX', `${serial.baud} baud 8N1`, `\`${serial.tx.part}:${serial.tx.pin}\``);
  add(serial.rx.gpio, 'serial in (`rx`)', 'UART0 RX', `${serial.baud} baud 8N1, pull-${serial.rxPull}`, `\`${serial.rx.part}:${serial.rx.pin}\``);
  for (const led of view.leds) {
    const what =
      led.group === 'bar'
        ? `bar segment, \`leds\` bit ${led.bit}${led.bit === 0 ? ' (bottom, goes out last)' : led.bit === BAR_SEGMENTS - 1 ? ' (top)' : ''}`
        : `found light ${led.bit - BAR_SEGMENTS + 1}, \`leds\` bit ${led.bit}`;
    add(led.gpio, what, 'SIO output', `high = lit, ${kilohms(led.resistorOhms)} to the anode`, `\`${led.part}:${led.pin}\` via \`${led.resistor}\``);
  }
  const duties = buzzer.dutyByVolume.slice(1).map(percent).join(' / ');
  add(
    buzzer.gpio,
    'buzzer (`tone`)',
    `PWM slice ${buzzer.pwmSlice} channel ${buzzer.pwmChannel}`,
    `square wave, duty ${duties} for volume 1 / 2 / 3`,
    `\`${buzzer.part}:${buzzer.pin}\``,
  );
  for (const button of view.buttons) {
    add(
      button.gpio,
      `button ${button.name} (\`button(${button.index})\`)`,
      'SIO input',
      'pull-up, pressed = low (runtime inverts)',
      `\`${button.part}:${button.pin}\``,
    );
  }
  add(
    battery.gpio,
    'battery voltage (`batteryMv`)',
    `ADC input ${battery.adcChannel}`,
    `${kilohms(battery.topOhms)} / ${kilohms(battery.bottomOhms)} divider from the switched battery`,
    `\`${battery.dividerTop}\` / \`${battery.dividerBottom}\``,
  );
  for (const gpio of Object.values(view.pins.boardGpios)) {
    rows.push({ gpio, cells: [`GP${gpio}`, 'on board', PICO_BOARD_GPIOS[gpio] ?? '', '', '', ''] });
  }
  rows.sort((a, b) => a.gpio - b.gpio);
  const header = ['GPIO', 'Pico pin', 'signal', 'function', 'electrical', 'diagram part:pin'];
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.cells.join(' | ')} |`)].join('\n');
}

/** `readme` with the text between the pin-table markers replaced by `table`. */
export function withPinTable(readme: string, table: string): string {
  const begin = readme.indexOf(PIN_TABLE_BEGIN);
  const end = readme.indexOf(PIN_TABLE_END);
  if (begin < 0 || end < begin) {
    throw new Error(`hw/README.md: the pin table markers are missing; put "${PIN_TABLE_BEGIN}" and "${PIN_TABLE_END}" where the table goes`);
  }
  return `${readme.slice(0, begin + PIN_TABLE_BEGIN.length)}\n${table}\n${readme.slice(end)}`;
}
