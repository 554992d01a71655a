// The bring-up check against the timer's image on the emulated RP2040: the protocol part, the
// lights as the GPIOs of hw/pins.json show them, and a bouncing button, with the stand-in person
// looking at the pins and pressing the contact.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckClock, CheckLink } from '../../host/check/check-timer.ts';
import { runCheck } from '../../host/check/runner.ts';
import { CHECK_STEPS, parseSteps } from '../../host/check/steps.ts';
import { parseDeviceLine, type DeviceEvent } from '../../host/link/messages.ts';
import { CommandError, type OkAnswer } from '../../host/link/protocol-client.ts';
import type { EmulatedPico } from '../pico/harness/emulated-pico.ts';
import { Presser, bootPico, command } from '../pico/harness/session.ts';
import { buildPicoImage, picoToolsOrSkip } from '../pico/harness/toolchain.ts';
import { failures, person, type TimerInHand } from './support.ts';

const run = picoToolsOrSkip();

/** The check's link over the emulated Pico's serial line: a command runs the chip until its answer. */
function picoLink(pico: EmulatedPico): CheckLink & CheckClock {
  const listeners = new Set<(event: DeviceEvent, line: string) => void>();
  pico.onLine(({ text }) => {
    const message = parseDeviceLine(text);
    if (message.kind === 'evt') for (const listener of listeners) listener(message.event, text);
  });
  return {
    request: async (line): Promise<OkAnswer> => {
      const answer = command(pico, line, 500).at(-1)?.text ?? '';
      const message = parseDeviceLine(answer);
      if (message.kind === 'err') throw new CommandError(line, message.reason, answer);
      if (message.kind !== 'ok') throw new Error(`not an answer: ${answer}`);
      return message;
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onNotice: () => () => undefined,
    wait: async (ms) => pico.run(ms),
  };
}

function picoInHand(pico: EmulatedPico): TimerInHand {
  const presser = new Presser(pico);
  return {
    leds: () => pico.ledMask(),
    hz: () => pico.buzzer().hz,
    press: (button) => {
      presser.press(button);
    },
    power: () => {
      throw new Error('not in this run');
    },
  };
}

/** The protocol part, the lights (a short look: emulated time is dear) and the circle button. */
const steps = parseSteps({
  ...CHECK_STEPS,
  order: ['protocol', 'lights', 'buttons'],
  lights: { ...CHECK_STEPS.lights, lookMs: 5 },
  buttons: { ...CHECK_STEPS.buttons, order: ['circle'], settleMs: 300 },
});

describe.runIf(run)('companion check on the emulated Pico', () => {
  beforeAll(() => buildPicoImage());

  it('passes the protocol part, every light on its GPIO and a bouncing circle button', async () => {
    const pico = bootPico();
    const link = picoLink(pico);
    const report = await runCheck({ steps, link, prompter: person(picoInHand(pico)), clock: link, timer: 'the emulated Pico', firmware: 'test' });
    expect(failures(report)).toEqual([]);
    expect(report.items.map((i) => i.section)).toEqual([...Array(steps.protocol.checks.length).fill('protocol'), ...Array(16).fill('lights'), 'buttons']);
    expect(report.items.at(-1)).toMatchObject({ id: 'circle', outcome: 'passed', seen: 'EVT KEY circle' });
    expect(report.settingsRestored).toBe(true);
  });

  it("a circle button soldered to square's pin, and one on no pin, fail with the GPIOs named", async () => {
    const pico = bootPico();
    const link = picoLink(pico);
    const presser = new Presser(pico);
    const ask = (press: () => void) =>
      runCheck({
        steps: parseSteps({ ...steps, order: ['buttons'] }),
        link,
        prompter: person({ ...picoInHand(pico), press }),
        clock: link,
        timer: 'the emulated Pico',
        firmware: 'test',
      });
    const elsewhere = await ask(() => presser.press('square'));
    expect(failures(elsewhere).map((f) => f.cause)).toEqual(["The circle button arrived as square: its wire reaches GP20 (square's pin) instead of GP19"]);
    const nowhere = await ask(() => pico.run(200));
    expect(failures(nowhere).map((f) => f.cause)).toEqual(['No press seen from the circle button: check GP19 and its ground']);
  });
});
