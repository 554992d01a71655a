// The same script on two runtimes of the one firmware: the WASM virtual device and the Pico
// image (wasm2c, arm-none-eabi-gcc) in rp2040js. Their OK/ERR/EVT lines must match.
import { beforeAll, describe, expect, it } from 'vitest';

import { PRINTED_CODES, firmwareDevice } from '../support/firmware-device.ts';
import { batteryCounts, boardPins } from './harness/board.ts';
import { EmulatedPico } from './harness/emulated-pico.ts';
import { flashImageFromUf2 } from './harness/image.ts';
import { bootPico } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip, readUf2 } from './harness/toolchain.ts';
import { code, playOnPico, playOnVirtualDevice, press, sameLine, type Step } from './scenario.ts';

const run = picoToolsOrSkip();
const SEED = 0x5eed_2026;

/** A minute-long game played on the buttons with serial commands between, a deep sleep and a button wake. */
function script(): { steps: Step[]; endMs: number } {
  const steps: Step[] = [
    { at: 50, send: 'HELLO' },
    { at: 100, send: 'CONFIG duration=60 sleep=30' },
    { at: 150, send: 'FOO' },
    { at: 200, send: 'CONFIG volume=9' },
    ...press('triangle', 400),
  ];
  let at = 1_000;
  for (const printed of PRINTED_CODES.slice(0, 8)) {
    steps.push(...code(printed, at));
    at += 900;
  }
  steps.push({ at: at + 100, send: 'STATUS' }, { at: at + 300, send: 'PAUSE' }, { at: at + 2_000, send: 'RESUME' });
  steps.push({ at: at + 2_500, send: 'STATUS' });
  // Then the game runs out, the timer sits idle, sleeps after 30 s and a press wakes it.
  steps.push(...press('star', 110_000), { at: 110_500, send: 'STATUS' }, { at: 110_600, send: 'PLAY chime' });
  return { steps, endMs: 112_000 };
}

describe.runIf(run)('one script, two runtimes', () => {
  beforeAll(() => buildPicoImage());

  it('gives the same OK, ERR and EVT lines on the virtual device and on the emulated Pico', () => {
    const { steps, endMs } = script();
    const virtual = playOnVirtualDevice(firmwareDevice({ seed: SEED }), steps, endMs);
    const pico = playOnPico(bootPico({ seed: SEED }), steps, endMs);

    expect(virtual).toContain('EVT SLEEP');
    expect(virtual).toContain('EVT WAKE');
    expect(virtual.some((line) => line.startsWith('EVT CHIME'))).toBe(true);
    expect(virtual.some((line) => line.startsWith('ERR '))).toBe(true);
    expect(pico.length).toBe(virtual.length);
    const mismatches = virtual.map((line, i) => ({ i, virtual: line, pico: pico[i] ?? '(none)' })).filter(({ virtual: a, pico: b }) => !sameLine(a, b, 1));
    expect(mismatches).toEqual([]);
  });

  it('see a button held at power-up as pressed from the start', () => {
    const device = firmwareDevice({ seed: SEED, powered: false });
    device.setPin('triangle', 1);
    device.setPower(true);
    device.advance(300);

    const pico = new EmulatedPico({ image: flashImageFromUf2(readUf2()), board: boardPins, seed: SEED, batteryAdcCounts: batteryCounts(4500) });
    pico.setButton(0, true);
    pico.run(300);

    expect(device.lines).toEqual(['EVT POWER on', 'EVT KEY triangle', 'EVT START left=720000']);
    expect(pico.lines.map((line) => line.text)).toEqual(device.lines);
  });
});
