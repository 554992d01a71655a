// The timer on the pass-and-play screen: the one screen at the table is also its speaker and
// the place to press the built-in timer's buttons, so it shows the timer's face, its buttons
// (start, pause, resume, enter the code) and its sound controls, all from the table's own channel
// (the public view: nothing of any hand).

import type { ServerMessage } from '../messages.ts';
import type { Live } from './live.ts';
import { DeviceActions } from './device-actions.ts';
import { TimerAudio } from './timer-audio.ts';
import { TimerFace } from './timer-face.ts';

export interface PassTimer {
  /** The sections to place on the screen. */
  readonly parts: readonly HTMLElement[];
  /** A message on the table's channel; true when it was the timer's alone. */
  message(m: ServerMessage): boolean;
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
          audio.setTimer(m.timer, m.timerGains ?? []);
          return false;
        case 'snapshot':
          device.snapshot(m);
          if (m.clock !== null) face.clock(m.clock);
          return false;
        case 'rejected':
        case 'error':
          device.setEnabled(true);
          return false;
        case 'timer':
          face.event(m.event);
          return true;
        case 'timer-tones':
          audio.tones(m);
          return true;
        case 'timer-link':
          face.linkNotice(m.text, m.ok);
          return true;
        default:
          return false;
      }
    },
  };
}
