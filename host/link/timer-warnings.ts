// The timer's warnings about itself, in words for the people at the table: a part of its store
// it could not use at power-on (`EVT STORE`: it uses the defaults instead) and received bytes
// its runtime lost (`EVT OVERRUN`). Pure functions; the texts are the same in every front end.

import type { DeviceEvent, StorePart, StoreProblem } from './messages.ts';

export type TimerWarningEvent = Extract<DeviceEvent, { name: 'STORE' | 'OVERRUN' }>;

export function isTimerWarning(event: DeviceEvent): event is TimerWarningEvent {
  return event.name === 'STORE' || event.name === 'OVERRUN';
}

/** What is wrong with a stored part, as the end of a sentence about it (plural for the settings). */
const STORE_PROBLEM: Readonly<Record<StoreProblem, Readonly<Record<StorePart, string>>>> = {
  corrupt: { settings: 'are damaged', pack: 'is damaged' },
  version: { settings: 'were written by another firmware version', pack: 'was written by another firmware version' },
};

const STORE_FALLBACK: Readonly<Record<StorePart, (problem: string) => string>> = {
  settings: (problem) =>
    `The settings saved on the timer ${problem}, so it uses its default settings (game length, codes needed, volume, sleep). Set them again to save them.`,
  pack: (problem) =>
    `The pack of codes loaded on the timer ${problem}, so it plays the built-in codes (those of the placards printed without --pack). ` +
    'Load the pack again to play its codes.',
};

/** What the warning means and what to do, in one or two sentences. */
export function timerWarningText(event: TimerWarningEvent): string {
  if (event.name === 'STORE') return STORE_FALLBACK[event.part](STORE_PROBLEM[event.reason][event.part]);
  const bytes = event.lost === 1 ? 'at least 1 byte' : `${event.lost} bytes`;
  return (
    `The timer lost ${bytes} of what it was sent (the input came faster than it could keep). ` +
    'The command they fell in was not run: it was answered ERR bad-byte; send it again.'
  );
}
