// How Rebel Missions binds the Imperial Timer on the table front end: the timer is an external
// actor of the game, whose protocol events become its moves (timer-moves.ts), and the game runs
// on its countdown ("the Imperial Timer runs the entire game"): the table host keeps the clock,
// holds play while it is stopped, records the time left, catches up with STATUS (reconcile.ts)
// and presses the timer's buttons for the players on a virtual timer.
//
// A START while the game is under way is a new countdown for it (the timer lost its own and was
// started again): it carries the game on as a TIME, never giving time back; the timer counts
// correct codes from zero again, so a CHIME's count is added to the codes found before.
// A START (or a catch-up with a timer already counting down) before the set-up's shuffles are
// drawn is taken after them: the table host draws them first (`playExternal` in host/table/host.ts).

import type { TimerBinding } from '../../table/entry.ts';
import { TIMER, type RebelMissionsEvent, type RebelTableMove, type RebelTableState } from './model.ts';
import { reconcile } from './reconcile.ts';
import { timerMoveOf } from './timer-moves.ts';

const over = (s: RebelTableState): boolean => s.stage === 'won' || s.stage === 'lost';

export const rebelTimerBinding: TimerBinding<RebelTableMove, RebelMissionsEvent, RebelTableState> = {
  kind: 'external',
  actor: TIMER,
  moveFor(event, state, foundBefore) {
    const move = timerMoveOf(event);
    if (move === null) return null;
    if (move.type === 'chime') return { ...move, found: move.found + foundBefore };
    if (move.type === 'start' && state.stage !== 'awaiting-start' && !over(state)) {
      return { actor: TIMER, type: 'time', leftMs: Math.min(move.leftMs, state.timeLeftMs ?? move.leftMs) };
    }
    return move;
  },
  countdown: {
    awaitingStart: (s) => s.stage === 'awaiting-start',
    underWay: (s) => s.stage !== 'awaiting-start' && !over(s),
    recordedLeftMs: (s) => s.timeLeftMs,
    lengthFrom: (moves) => {
      const start = moves.find((m) => m.actor === TIMER && m.type === 'start');
      return start?.type === 'start' ? start.leftMs : null;
    },
    timeMove: (leftMs) => ({ actor: TIMER, type: 'time', leftMs }),
    reconcile: (state, status, assist) => reconcile(state, status, { assist }),
    codesFound: (s) => s.codesFound,
    codeToEnter: (s) => (s.codeRequest === null || s.stage !== 'enter-code' ? null : { digits: s.codeRequest.code, by: s.turnPlayer }),
  },
};
