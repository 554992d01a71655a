// Driving the emulated Pico the way a person and a serial terminal do: bouncy button presses,
// protocol lines, and the printed codes of the mission pack.
import { BounceModel, type PinLevel } from '../../../sim/device/bounce.ts';
import { mixSeed } from '../../../sim/device/random.ts';
import { batteryCounts, boardPins } from './board.ts';
import { EmulatedPico, type SerialLine } from './emulated-pico.ts';
import { flashImageFromUf2 } from './image.ts';
import type { FlashTiming } from './stand-in-rom.ts';
import { readUf2 } from './toolchain.ts';

export interface BootOptions {
  seed?: number;
  batteryMv?: number;
  /** Flash carried over from an earlier power-up. */
  flash?: Uint8Array;
  /** Another build of the timer (buildPicoVariant) instead of build/imperial-timer.uf2. */
  uf2File?: string;
  /** How long the flash takes to erase and program (default: its typical figures). */
  flashTiming?: FlashTiming;
  /** A USB cable to a computer is plugged in at power-up. */
  usb?: boolean;
  /** The flash chip's unique id (the USB serial number). */
  flashUniqueId?: Uint8Array;
  /** UART0's receive status register reads all ones (EmulatedPicoOptions). */
  rsrReadsAllOnes?: boolean;
}

/** Powers up the UF2 image and runs it until `EVT POWER on`. */
export function bootPico(options: BootOptions = {}): EmulatedPico {
  const pico = new EmulatedPico({
    image: flashImageFromUf2(readUf2(options.uf2File)),
    board: boardPins,
    seed: options.seed ?? 1,
    batteryAdcCounts: batteryCounts(options.batteryMv ?? 4500),
    ...(options.flash === undefined ? {} : { flash: options.flash }),
    ...(options.flashTiming === undefined ? {} : { flashTiming: options.flashTiming }),
    ...(options.usb === undefined ? {} : { usb: options.usb }),
    ...(options.flashUniqueId === undefined ? {} : { flashUniqueId: options.flashUniqueId }),
    ...(options.rsrReadsAllOnes === undefined ? {} : { rsrReadsAllOnes: options.rsrReadsAllOnes }),
  });
  pico.runUntilLine((line) => line === 'EVT POWER on', 100);
  return pico;
}

/** Powers up with a computer on the USB port and runs until it has the port enumerated and open. */
export function bootPicoOnUsb(options: Omit<BootOptions, 'usb'> = {}): EmulatedPico {
  const pico = bootPico({ ...options, usb: true });
  runUntilUsbReady(pico);
  return pico;
}

/** Runs until the computer on the USB port has it enumerated and open (throws after `timeoutMs`). */
export function runUntilUsbReady(pico: EmulatedPico, timeoutMs = 1_000): void {
  const deadline = pico.nowMs + timeoutMs;
  while (!pico.usbHost.ready) {
    if (pico.nowMs >= deadline)
      throw new Error(`the USB host did not get the port open within ${timeoutMs} ms (${pico.usbHost.controls.length} control transfers done)`);
    pico.run(1);
  }
}

/** Sends a command from the computer on the USB port and returns the lines it got until the answer (the answer last). */
export function usbCommand(pico: EmulatedPico, line: string, timeoutMs = 200): string[] {
  const host = pico.usbHost;
  const from = host.lines.length;
  const word = line.split(' ')[0]?.toUpperCase() ?? '';
  host.send(`${line}\n`);
  const isAnswer = (text: string): boolean => text.startsWith('ERR ') || (word === 'CODES' ? text.startsWith('OK CODES ') : text.startsWith(`OK ${word}`));
  const deadline = pico.nowMs + timeoutMs;
  while (!host.lines.slice(from).some((l) => isAnswer(l.text))) {
    if (pico.nowMs >= deadline)
      throw new Error(`no answer to ${line} on USB within ${timeoutMs} ms; got: ${JSON.stringify(host.lines.slice(from).map((l) => l.text))}`);
    pico.run(1);
  }
  return host.lines.slice(from).map((l) => l.text);
}

export const BUTTONS = ['triangle', 'circle', 'square', 'diamond', 'star'] as const;
export type Button = (typeof BUTTONS)[number];

/** Contact bounce for presses, seeded like the virtual device's. */
export class Presser {
  private readonly bounce: BounceModel;

  constructor(
    private readonly pico: EmulatedPico,
    seed = 7,
  ) {
    this.bounce = new BounceModel(mixSeed(seed, 0xb0));
  }

  /** Schedules the edges of one change of a button's contact, starting `atMs` from now. Returns the burst length. */
  burst(button: Button, level: PinLevel, atMs: number): number {
    const index = BUTTONS.indexOf(button);
    const edges = this.bounce.burst(level);
    for (const edge of edges) this.pico.scheduleButton(index, edge.level === 1, atMs + edge.offsetMs);
    return edges.at(-1)?.offsetMs ?? 0;
  }

  /** Presses and releases a button (bouncing both ways), then waits `gapMs`. Returns the lines meanwhile. */
  press(button: Button, holdMs = 80, gapMs = 60): SerialLine[] {
    const from = this.pico.lines.length;
    const pressBurst = this.burst(button, 1, 0);
    const releaseAt = Math.max(holdMs, pressBurst + 1);
    const releaseBurst = this.burst(button, 0, releaseAt);
    this.pico.run(releaseAt + releaseBurst + gapMs);
    return this.pico.lines.slice(from);
  }

  /** Enters a code symbol by symbol (digits 1..4 = circle, square, diamond, star). */
  enterCode(digits: string): SerialLine[] {
    const from = this.pico.lines.length;
    for (const digit of digits) {
      const button = BUTTONS[Number(digit)];
      if (button === undefined || button === 'triangle') throw new Error(`not a symbol digit: ${digit}`);
      this.press(button);
    }
    return this.pico.lines.slice(from);
  }
}

/** Sends a command and returns the lines that arrived until its answer (the answer last). */
export function command(pico: EmulatedPico, line: string, timeoutMs = 200): SerialLine[] {
  const from = pico.lines.length;
  const word = line.split(' ')[0]?.toUpperCase() ?? '';
  pico.sendLine(line);
  const isAnswer = (text: string): boolean => text.startsWith('ERR ') || (word === 'CODES' ? text.startsWith('OK CODES ') : text.startsWith(`OK ${word}`));
  pico.runUntilLine(isAnswer, timeoutMs, from);
  return pico.lines.slice(from);
}

/** The printed codes, as the device lists them with CODES. */
export function printedCodes(pico: EmulatedPico): string[] {
  return command(pico, 'CODES')
    .map((line) => /^OK CODE \d+ ([1-4]+)$/.exec(line.text)?.[1])
    .filter((code): code is string => code !== undefined);
}

export function texts(lines: readonly SerialLine[]): string[] {
  return lines.map((line) => line.text);
}
