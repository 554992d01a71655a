// What the check needs of the timer it checks: its link (commands, events, notices), the clock
// its time limits run on, and, on the built-in virtual timer, hands to press its buttons and
// work its switch, and eyes to tell what it shows. A real timer has a person for those; the
// virtual one is worked through its SIM commands (the protocol's emulator-only lines), so the
// same holds behind a pseudo-terminal.

import type { DeviceEvent } from '../link/messages.ts';
import type { OkAnswer } from '../link/protocol-client.ts';
import type { LinkNotice } from '../link/timer-link.ts';
import type { ButtonName } from '../link/messages.ts';
import { faceOf } from './pin-facts.ts';

export interface CheckLink {
  request(command: string): Promise<OkAnswer>;
  onEvent(listener: (event: DeviceEvent, line: string) => void): () => void;
  onNotice(listener: (notice: LinkNotice) => void): () => void;
}

/** The clock time limits are counted on: `wait` lets `ms` of it pass. */
export interface CheckClock {
  wait(ms: number): Promise<void>;
}

/** The person's part done for them on a virtual timer. */
export interface CheckHands {
  press(button: ButtonName): Promise<void>;
  switch(on: boolean): Promise<void>;
}

/** The wall clock (a real timer, or one on a real-time virtual clock). */
export const wallClock: CheckClock = { wait: (ms) => new Promise((done) => setTimeout(done, ms)) };

/** The virtual timer's own clock, moved by `SIM ADVANCE` (its events arrive before the answer). */
export function simClock(link: CheckLink): CheckClock {
  return {
    wait: async (ms) => {
      await link.request(`SIM ADVANCE ${Math.max(0, Math.round(ms))}`);
    },
  };
}

/** How long the virtual hands hold a button, as a person does. */
const HOLD_MS = 100;

export function simHands(link: CheckLink, clock: CheckClock): CheckHands {
  return {
    press: async (button) => {
      await link.request(`SIM PIN ${button} 1`);
      await clock.wait(HOLD_MS);
      await link.request(`SIM PIN ${button} 0`);
    },
    switch: async (on) => {
      await link.request(`SIM POWER ${on ? 'on' : 'off'}`);
    },
  };
}

/** What the virtual timer shows and sounds now (`SIM OUTPUTS`), in words for the person answering. */
export function simOutputs(link: CheckLink): () => Promise<string> {
  return async () => {
    const answer = await link.request('SIM OUTPUTS');
    const leds = Number(answer.fields['leds'] ?? 'NaN');
    const hz = Number(answer.fields['buzzer'] ?? 'NaN');
    if (!Number.isInteger(leds) || !Number.isInteger(hz)) return `the built-in timer answered "${answer.line}"`;
    return `the built-in timer shows ${faceOf(leds)}${hz > 0 ? ` and sounds ${hz} Hz` : ', silent'}`;
  };
}
