// The timer on the pass-and-play screen: the one screen at the table is also its speaker and
// the place to press the built-in timer's buttons, so it shows the timer's face, its buttons
// (start, pause, resume, enter the code) and its sound controls, all from the table's own channel
// (the public view: nothing of any hand).

import type { Live } from './live.ts';
import { DeviceActions } from './device-actions.ts';
import { TimerAudio, type TimerSound, type TimerTonesMessage } from './timer-audio.ts';
import { TimerFace } from './timer-face.ts';

type Json = Readonly<Record<string, unknown>>;

export interface PassTimer {
  /** The sections to place on the screen. */
  readonly parts: readonly HTMLElement[];
  /** A message on the table's channel; true when it was the timer's alone. */
  message(m: Json & { readonly type: string }): boolean;
}

export function passTimer(live: () => Live | null): PassTimer {
  const face = new TimerFace();
  const device = new DeviceActions((message) => live()?.send(message));
  const audio = new TimerAudio('table');
  return {
    parts: [device.element, face.element, audio.element],
    message(m) {
      switch (m.type) {
        case 'hello':
          audio.setTimer((m['timer'] as TimerSound | undefined) ?? null, Array.isArray(m['timerGains']) ? (m['timerGains'] as number[]) : []);
          return false;
        case 'snapshot':
          device.snapshot(m);
          if (m['clock'] !== null && typeof m['clock'] === 'object') face.clock(m['clock'] as Json);
          return false;
        case 'rejected':
        case 'error':
          device.setEnabled(true);
          return false;
        case 'timer':
          face.event(m['event'] as Json);
          return true;
        case 'timer-tones':
          audio.tones(m as unknown as TimerTonesMessage);
          return true;
        case 'timer-link':
          face.linkNotice(String(m['text']), typeof m['ok'] === 'boolean' ? m['ok'] : undefined);
          return true;
        default:
          return false;
      }
    },
  };
}
