// Whole games on the emulated Pico: bouncy presses on the button GPIOs, protocol v1 on UART0.
import { beforeAll, describe, expect, it } from 'vitest';

import type { EmulatedPico } from './harness/emulated-pico.ts';
import { Presser, bootPico, command, printedCodes, texts } from './harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from './harness/toolchain.ts';
import { cueFrames, cueLengthMs, type CueName } from '../support/lights.ts';

/**
 * The LED GPIOs sampled in the middle of each frame of `cue`, whose pattern started with the line
 * that arrived at `fromMs` (the event comes a few ms before its line is out: frames are >= 100 ms).
 */
function faceOnGpios(pico: EmulatedPico, cue: CueName, fromMs: number): number[] {
  let at = fromMs;
  return cueFrames(cue).map(([, ms]) => {
    pico.runUntilMs(at + ms / 2);
    at += ms;
    return pico.ledMask();
  });
}

const run = picoToolsOrSkip();

describe.runIf(run)('a game on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('is won with FANFARE, codes entered on the buttons: CHIME for correct ones, BUZZ for decoys', () => {
    const pico = bootPico({ seed: 20261129 });
    expect(texts(command(pico, 'CONFIG duration=60'))).toEqual([expect.stringMatching(/^OK CONFIG duration=60 /)]);
    const codes = printedCodes(pico);
    expect(codes).toHaveLength(24);

    const presser = new Presser(pico);
    expect(texts(presser.press('triangle'))).toEqual(['EVT KEY triangle', 'EVT START left=60000']);
    expect(pico.ledMask() & 0x3ff).toBe(0x3ff);

    const outcomes: string[] = [];
    for (const code of codes) {
      const lines = texts(presser.enterCode(code)).filter((text) => !text.startsWith('EVT KEY') && !text.startsWith('EVT TIME'));
      outcomes.push(...lines);
      if (lines.includes('EVT FANFARE')) break;
    }
    const chimes = outcomes.filter((text) => text.startsWith('EVT CHIME'));
    expect(chimes).toEqual(['EVT CHIME found=1', 'EVT CHIME found=2', 'EVT CHIME found=3']);
    expect(outcomes.at(-1)).toBe('EVT FANFARE');
    expect(outcomes.every((text) => /^EVT (CHIME found=\d|BUZZ reason=decoy|FANFARE)$/.test(text))).toBe(true);
    pico.run(cueLengthMs('fanfare')); // the fanfare's light pattern, then the won game's face
    expect(pico.ledMask() >> 10).toBe(0b1111);
    expect(texts(command(pico, 'STATUS'))).toEqual([expect.stringMatching(/^OK STATUS state=won left=\d+ found=4 need=4 entry=-$/)]);
    expect(pico.warnings).toEqual([]);
    expect(pico.stackHighWater(8192)).toBeLessThan(4096); // half the 8 KiB stack memmap.ld reserves
  });

  it('shows a decoy BUZZ and a mistake BUZZ as two different light patterns on the LED pins', () => {
    const pico = bootPico({ seed: 12 });
    command(pico, 'CONFIG correct=1 need=1');
    command(pico, 'START');
    pico.run(1000);
    let decoyAt: number | undefined;
    for (const code of printedCodes(pico)) {
      const lines = [...code].flatMap((digit) => command(pico, `PRESS ${digit}`));
      const buzz = lines.find((line) => line.text === 'EVT BUZZ reason=decoy');
      if (buzz) {
        decoyAt = buzz.ms;
        break;
      }
      pico.run(1000);
    }
    expect(decoyAt).toBeDefined();
    const decoy = faceOnGpios(pico, 'decoy', decoyAt ?? 0);
    expect(decoy).toEqual(cueFrames('decoy').map(([mask]) => mask));
    pico.run(500);
    expect(pico.ledMask() & 0x3ff).toBeGreaterThanOrEqual(0x1ff); // the game's bar again

    command(pico, 'PRESS 2');
    const mistake = command(pico, 'PRESS 2').find((line) => line.text === 'EVT BUZZ reason=mistake');
    expect(mistake).toBeDefined();
    const face = faceOnGpios(pico, 'mistake', mistake?.ms ?? 0);
    expect(face).toEqual(cueFrames('mistake').map(([mask]) => mask));
    expect(face).not.toEqual(decoy);
  });

  it('is lost with TIMEOUT when the minute runs out, after WARN 10 s before the end', () => {
    const pico = bootPico({ seed: 5 });
    command(pico, 'CONFIG duration=60');
    const presser = new Presser(pico, 11);
    presser.press('triangle');
    const start = pico.lines.length;
    pico.runUntilLine((text) => text === 'EVT TIMEOUT', 61_000);
    const events = texts(pico.lines.slice(start));
    expect(events.filter((text) => text.startsWith('EVT WARN'))).toEqual(['EVT WARN left=10000']);
    expect(events.filter((text) => text.startsWith('EVT TIME left=')).length).toBeGreaterThanOrEqual(9);
    expect(events.at(-1)).toBe('EVT TIMEOUT');
    expect(texts(command(pico, 'STATUS'))).toEqual(['OK STATUS state=lost left=0 found=0 need=4 entry=-']);
  });
});
