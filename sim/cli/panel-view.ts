// The terminal front panel's picture: pure functions from the device's read-outs to text lines.
import { BAR_SEGMENTS, BUTTON_NAMES, FOUND_LIGHTS, FOUND_SHIFT, type DeviceState, type SoundName, type VirtualDevice } from '../device/index.ts';

/** Everything the panel shows, read from the device at one instant. */
export interface PanelModel {
  seed: number;
  state: DeviceState;
  leds: number;
  timeLeftMs: number;
  found: number;
  need: number;
  entry: readonly number[];
  sound: SoundName | undefined;
  lastSound: SoundName | undefined;
  toneHz: number;
  volume: number;
  batteryMv: number;
  energyUah: number;
  wakeups: number;
  serial: readonly string[];
  fault: string | undefined;
  /** The serial command being typed, when the command line is open. */
  command: string | undefined;
}

export const SERIAL_LINES_SHOWN = 10;

export const KEY_HELP: readonly (readonly [string, string])[][] = [
  [
    ['space', 'triangle'],
    ['enter/p', 'hold triangle 1.6 s'],
    ['1-4', 'circle square diamond star'],
  ],
  [
    ['o', 'power switch'],
    ['b/B', 'battery -/+ 0.1 V'],
    [':', 'type a serial command'],
    ['q', 'quit'],
  ],
];

export function panelModel(device: VirtualDevice, serial: readonly string[], command?: string): PanelModel {
  const energy = device.energy();
  return {
    seed: device.seed,
    state: device.state,
    leds: device.leds,
    timeLeftMs: device.timeLeftMs,
    found: device.found,
    need: device.need,
    entry: device.entry,
    sound: device.sound,
    lastSound: device.lastSound?.sound,
    toneHz: device.tone.hz,
    volume: device.tone.volume,
    batteryMv: device.batteryMv,
    energyUah: energy.uah,
    wakeups: energy.wakeups,
    serial: serial.slice(-SERIAL_LINES_SHOWN),
    fault: device.fault?.message,
    command,
  };
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  lit(text: string): string;
  green(text: string): string;
  red(text: string): string;
}

const ansi = (code: string) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
export const COLOR: Style = { bold: ansi('1'), dim: ansi('2'), lit: ansi('1;31'), green: ansi('1;32'), red: ansi('1;91') };
export const PLAIN: Style = { bold: (t) => t, dim: (t) => t, lit: (t) => t, green: (t) => t, red: (t) => t };

/** mm:ss.t */
export function formatTimeLeft(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** The sand-timer bar, segment 0 (the one that goes out last) on the left. */
export function renderBar(leds: number, style: Style): string {
  const cells: string[] = [];
  for (let bit = 0; bit < BAR_SEGMENTS; bit++) cells.push((leds >> bit) & 1 ? style.lit('█') : style.dim('·'));
  return `[${cells.join(' ')}]`;
}

export function renderFoundLights(leds: number, style: Style): string {
  const lights: string[] = [];
  for (let i = 0; i < FOUND_LIGHTS; i++) lights.push((leds >> (FOUND_SHIFT + i)) & 1 ? style.green('●') : style.dim('○'));
  return lights.join(' ');
}

export function renderSound(sound: SoundName | undefined, hz: number, volume: number, last?: SoundName): string {
  const word = sound === undefined ? `silent${last === undefined ? '' : `, last ${last.toUpperCase()}`}` : `♪ ${sound.toUpperCase()}`;
  return hz > 0 ? `${word}  ${hz} Hz, volume ${volume}` : word;
}

export function renderPanel(model: PanelModel, style: Style): string[] {
  const off = model.state === 'off';
  const title = `${style.bold('IMPERIAL TIMER')}  virtual device, seed ${model.seed}`;
  const state = model.state === 'fault' ? style.red('FAULT') : off ? style.dim('OFF') : style.bold(model.state.toUpperCase());
  const entry = model.entry.length === 0 ? '-' : model.entry.map((s) => BUTTON_NAMES[s] ?? '?').join(' ');
  const lines = [
    title,
    '',
    `  state    ${state}`,
    `  sand     ${renderBar(model.leds, style)}   ${formatTimeLeft(model.timeLeftMs)} left`,
    `  found    ${renderFoundLights(model.leds, style)}   ${off ? '' : `${model.found} of ${model.need}`}`,
    `  entry    ${off ? '' : entry}`,
    `  sound    ${off ? '' : renderSound(model.sound, model.toneHz, model.volume, model.lastSound)}`,
    `  battery  ${(model.batteryMv / 1000).toFixed(2)} V   power ${off ? 'OFF' : 'ON'}` +
      (off ? '' : `   ${model.energyUah.toFixed(1)} µAh, ${model.wakeups} wake-ups since boot`),
  ];
  if (model.fault !== undefined) lines.push('', style.red(`  ${model.fault}`), '  power-cycle with o o');
  lines.push('', style.dim('  serial'));
  const serial = model.serial.slice(-SERIAL_LINES_SHOWN);
  for (let i = 0; i < SERIAL_LINES_SHOWN; i++) lines.push(`    ${serial[i] ?? ''}`);
  lines.push('');
  if (model.command !== undefined) {
    lines.push(`  serial> ${model.command}█`, style.dim('  enter sends the line, esc cancels'));
  } else {
    for (const row of KEY_HELP) lines.push(`  ${row.map(([key, does]) => `${style.bold(key)} ${does}`).join('   ')}`);
  }
  return lines;
}
