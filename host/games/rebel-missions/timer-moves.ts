// The timer's protocol events as Rebel Missions timer moves (protocol v1: EVT START, TIME, WARN,
// CHIME, BUZZ, FANFARE, TIMEOUT). Events that are not moves of the game (KEY, PAUSE, RESUME,
// SLEEP, ...) map to null: the table front end shows them and keeps its countdown from them.

import type { DeviceEvent } from '../../link/messages.ts';
import { TIMER, type TimerMove } from './model.ts';

export function timerMoveOf(event: DeviceEvent): TimerMove | null {
  switch (event.name) {
    case 'START':
      return { actor: TIMER, type: 'start', leftMs: event.leftMs };
    case 'TIME':
    case 'WARN':
      return { actor: TIMER, type: 'time', leftMs: event.leftMs };
    case 'CHIME':
      return { actor: TIMER, type: 'chime', found: event.found };
    case 'BUZZ':
      return { actor: TIMER, type: 'buzz', reason: event.reason };
    case 'FANFARE':
      return { actor: TIMER, type: 'fanfare' };
    case 'TIMEOUT':
      return { actor: TIMER, type: 'timeout' };
    default:
      return null;
  }
}
