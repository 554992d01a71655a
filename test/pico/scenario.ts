// One script for two runtimes: protocol lines and raw button edges at given virtual times,
// played on the WASM virtual device (sim/device) and on the emulated Pico.
import type { VirtualDevice } from '../../sim/device/index.ts';
import type { EmulatedPico } from './harness/emulated-pico.ts';
import { BUTTONS, type Button } from './harness/session.ts';

export type Step = { readonly at: number; readonly send: string } | { readonly at: number; readonly pin: Button; readonly level: 0 | 1 };

/** A bouncy press: closes at `at` with chatter, opens `holdMs` later with chatter. */
export function press(button: Button, at: number, holdMs = 90): Step[] {
  const edges: [number, 0 | 1][] = [
    [0, 1],
    [1, 0],
    [3, 1],
    [holdMs, 0],
    [holdMs + 2, 1],
    [holdMs + 4, 0],
  ];
  return edges.map(([offset, level]) => ({ at: at + offset, pin: button, level }));
}

/** Presses the symbols of a code, one every 200 ms from `at`. */
export function code(digits: string, at: number): Step[] {
  return [...digits].flatMap((digit, i) => press(BUTTONS[Number(digit)] ?? 'triangle', at + i * 200));
}

function ordered(steps: readonly Step[]): Step[] {
  return [...steps].sort((a, b) => a.at - b.at);
}

/** Plays the script on the virtual device; returns every line it sent. */
export function playOnVirtualDevice(device: VirtualDevice, steps: readonly Step[], endMs: number): string[] {
  for (const step of ordered(steps)) {
    device.advance(step.at - device.now);
    if ('send' in step) device.send(step.send);
    else device.setPin(step.pin, step.level, { bounce: false });
  }
  device.advance(endMs - device.now);
  return [...device.lines];
}

/** Plays the script on the emulated Pico (lines at 115200 baud from their time); returns every line it sent. */
export function playOnPico(pico: EmulatedPico, steps: readonly Step[], endMs: number): string[] {
  for (const step of ordered(steps)) {
    pico.runUntilMs(step.at);
    if ('send' in step) pico.sendBytes(`${step.send}\n`);
    else pico.setButton(BUTTONS.indexOf(step.pin), step.level === 1);
  }
  pico.runUntilMs(endMs);
  return pico.lines.map((line) => line.text);
}

/**
 * Plays the script on the emulated Pico with its lines sent by the computer on the USB port
 * (which must have the port open); returns what that computer received, and what UART0 sent.
 */
export function playOnPicoUsb(pico: EmulatedPico, steps: readonly Step[], endMs: number): { usb: string[]; uart: string[] } {
  const fromUsb = pico.usbHost.lines.length;
  const fromUart = pico.lines.length;
  for (const step of ordered(steps)) {
    pico.runUntilMs(step.at);
    if ('send' in step) pico.usbHost.send(`${step.send}\n`);
    else pico.setButton(BUTTONS.indexOf(step.pin), step.level === 1);
  }
  pico.runUntilMs(endMs);
  return { usb: pico.usbHost.lines.slice(fromUsb).map((line) => line.text), uart: pico.lines.slice(fromUart).map((line) => line.text) };
}

/** The lines of `lines` that differ from `expected` (time values within `toleranceMs`), for a readable failure. */
export function mismatches(expected: readonly string[], lines: readonly string[], toleranceMs: number): { i: number; expected: string; got: string }[] {
  const count = Math.max(expected.length, lines.length);
  const found: { i: number; expected: string; got: string }[] = [];
  for (let i = 0; i < count; i++) {
    const a = expected[i] ?? '(none)';
    const b = lines[i] ?? '(none)';
    if (!sameLine(a, b, toleranceMs)) found.push({ i, expected: a, got: b });
  }
  return found;
}

const TIME_VALUE = /\b(left|now)=(\d+)\b/g;

/**
 * Whether two lines are the same but for time values (`left=`), which may differ by `toleranceMs`:
 * the Pico receives a line byte by byte at 115200 baud, the virtual device all at once.
 */
export function sameLine(a: string, b: string, toleranceMs: number): boolean {
  if (a.replace(TIME_VALUE, '$1=#') !== b.replace(TIME_VALUE, '$1=#')) return false;
  const times = (line: string) => [...line.matchAll(TIME_VALUE)].map((m) => Number(m[2]));
  const ta = times(a);
  const tb = times(b);
  return ta.every((value, i) => Math.abs(value - (tb[i] ?? NaN)) <= toleranceMs);
}
