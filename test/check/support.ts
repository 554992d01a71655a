// The bring-up check run in a test: the built-in virtual timer in virtual time (wired right or
// wrong, with bouncing contacts or not), and a stand-in person who answers by looking at what the
// timer really shows and sounds, and presses its buttons and works its switch when told to.
import { VirtualDevice, type WiringFaults } from '../../sim/device/index.ts';
import { simClock, type CheckClock } from '../../host/check/check-timer.ts';
import { lightFacts } from '../../host/check/pin-facts.ts';
import type { CheckReport } from '../../host/check/report.ts';
import { runCheck } from '../../host/check/runner.ts';
import { CHECK_STEPS, type CheckSteps } from '../../host/check/steps.ts';
import type { ButtonName } from '../../host/link/messages.ts';
import { TimerLink } from '../../host/link/timer-link.ts';
import { VirtualTransport } from '../../host/link/virtual-transport.ts';
import type { Prompter } from '../../host/pack/walkthrough.ts';

export interface CheckedTimer {
  readonly link: TimerLink;
  readonly device: VirtualDevice;
  readonly transport: VirtualTransport;
  readonly clock: CheckClock;
  close(): Promise<void>;
}

export async function checkedTimer(options: { wiring?: WiringFaults; bounce?: boolean } = {}): Promise<CheckedTimer> {
  const transport = new VirtualTransport({ seed: 5, realTime: false, ...options });
  const link = new TimerLink({ open: async () => transport, reconnect: false, heartbeatMs: 0, timeoutMs: 500 });
  await link.connect();
  return { link, device: transport.device, transport, clock: simClock(link), close: () => link.close() };
}

/** What the stand-in person does when asked to press a button: once (default), twice, or nothing. */
export type PressHabit = 'once' | 'twice' | 'not';

export interface PersonOptions {
  readonly presses?: Partial<Record<ButtonName, PressHabit>>;
  /** Answers given in place of looking, in order, for the first questions (e.g. 'maybe', 'q'). */
  readonly typed?: readonly (string | null)[];
  /** How the timer is powered while the person works its switch (default usb); stuck: the switch does nothing. */
  readonly supply?: Supply | 'stuck';
  /** Called at each thing the check says, after the person's own reaction. */
  readonly onSay?: (text: string) => void;
}

export interface Person extends Prompter {
  readonly transcript: string[];
  readonly questions: string[];
}

const LIGHTS = lightFacts(CHECK_STEPS);
const ALL_LIT = (1 << LIGHTS.length) - 1;

/** What the stand-in person sees, hears and does on a timer (virtual or emulated). */
export interface TimerInHand {
  leds(): number;
  hz(): number;
  press(button: ButtonName): void;
  /** The power switch: on cells alone the timer goes off; on USB power only the battery reading drops. */
  power(on: boolean, supply: Supply): void;
}

/** What keeps the timer running while its switch is off: nothing (its cells alone), or its USB cable. */
export type Supply = 'cells' | 'usb';

export function deviceInHand(device: VirtualDevice): TimerInHand {
  return {
    leds: () => device.leds,
    hz: () => device.tone.hz,
    press: (button) => {
      device.press(button);
    },
    power: (on, supply) => {
      if (supply === 'cells') device.setPower(on);
      else device.setBattery(on ? 4500 : 0);
    },
  };
}

/** The answer a person gives looking at the timer: y when what is asked about is so, else n. */
function look(timer: TimerInHand, question: string): string {
  if (/all the lights dark/.test(question)) return timer.leds() === 0 ? 'y' : 'n';
  if (/all 14 lights lit/.test(question)) return timer.leds() === ALL_LIT ? 'y' : 'n';
  const light = LIGHTS.find((l) => question.startsWith(`Is ${l.name} lit`));
  if (light !== undefined) return timer.leds() === 1 << light.bit ? 'y' : 'n';
  if (/^Did you hear/.test(question)) return timer.hz() > 0 ? 'y' : 'n';
  throw new Error(`the stand-in person does not know how to answer "${question}"`);
}

export function person(device: VirtualDevice | TimerInHand, options: PersonOptions = {}): Person {
  const timer: TimerInHand = device instanceof VirtualDevice ? deviceInHand(device) : device;
  const typed = [...(options.typed ?? [])];
  const transcript: string[] = [];
  const questions: string[] = [];
  return {
    transcript,
    questions,
    ask: async (question) => {
      questions.push(question);
      transcript.push(question);
      const answer = typed.length > 0 ? (typed.shift() ?? null) : look(timer, question);
      transcript.push(`> ${answer ?? '(end of input)'}`);
      return answer;
    },
    say: (text) => {
      transcript.push(text);
      const press = /^Press the (\w+) button/.exec(text);
      if (press !== null) {
        const button = press[1] as ButtonName;
        const habit = options.presses?.[button] ?? 'once';
        if (habit !== 'not') timer.press(button);
        if (habit === 'twice') timer.press(button);
      }
      const supply = options.supply ?? 'usb';
      if (/^Switch the timer (off|on again) now/.test(text) && supply !== 'stuck') timer.power(/on again/.test(text), supply);
      options.onSay?.(text);
    },
  };
}

/** Runs the whole check on `timer` with `who` answering. */
export function checkWith(timer: CheckedTimer, who: Prompter, steps: CheckSteps = CHECK_STEPS, stop?: Promise<void>): Promise<CheckReport> {
  return runCheck({ steps, link: timer.link, prompter: who, clock: timer.clock, timer: 'the virtual timer of the test', firmware: 'test', stop });
}

export const failures = (report: CheckReport) => report.items.filter((i) => i.outcome === 'failed');
