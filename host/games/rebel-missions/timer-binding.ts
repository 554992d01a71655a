// How Rebel Missions binds the Imperial Timer on the table front end: the timer is an external
// actor of the game, whose protocol events become its moves (timer-moves.ts).

import type { TimerBinding } from '../../table/entry.ts';
import { TIMER, type RebelMissionsEvent, type RebelTableMove } from './model.ts';
import { timerMoveOf } from './timer-moves.ts';

export const rebelTimerBinding: TimerBinding<RebelTableMove, RebelMissionsEvent> = {
  kind: 'external',
  actor: TIMER,
  moveFor: timerMoveOf,
};
