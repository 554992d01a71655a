// Bringing a saved (or running) game and the timer back in step. When the companion starts on
// a saved game, or the link comes back after a loss, the timer's STATUS says what happened
// meanwhile: time passed, a code was accepted, the game was won or lost, or the timer lost
// its countdown (switched off). This turns that into timer moves and notes for the players (the
// table host applies them: `CountdownRules.reconcile` in host/table/entry.ts).

import type { TimerStatus } from '../../link/protocol-client.ts';
import { TIMER, type RebelMissionsState, type TimerMove } from './model.ts';

export interface Reconciliation {
  /** Timer moves to apply, in order. */
  readonly moves: readonly TimerMove[];
  /** What the players should be told. */
  readonly notes: readonly string[];
  /** The game had started but the timer has no countdown: the next START continues this game. */
  readonly countdownLost: boolean;
}

function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * `assist`: the companion may start the timer itself (a virtual timer), setting it to the time
 * left and the codes still needed.
 */
export function reconcile(state: RebelMissionsState, status: TimerStatus, options: { assist?: boolean } = {}): Reconciliation {
  const moves: TimerMove[] = [];
  const notes: string[] = [];
  const timing = status.state === 'running' || status.state === 'paused';

  if (state.stage === 'won' || state.stage === 'lost') {
    return { moves, notes: [`this game is already over (${state.stage}).`], countdownLost: false };
  }

  if (state.stage === 'awaiting-start') {
    if (timing) {
      moves.push({ actor: TIMER, type: 'start', leftMs: Math.max(1, status.leftMs) });
      notes.push(`the timer is already counting down (${clock(status.leftMs)} left): the game starts now.`);
    }
    return { moves, notes, countdownLost: false };
  }

  // The game had started.
  if (timing) {
    if (status.found > state.codesFound) {
      if (state.stage === 'enter-code') {
        moves.push({ actor: TIMER, type: 'chime', found: status.found });
        notes.push(`the timer accepted the code while the companion was away (${status.found} found).`);
      } else {
        notes.push(
          `the timer counts ${status.found} correct codes, this game ${state.codesFound}: a code was entered on the timer that no mission here asked for.`,
        );
      }
    }
    moves.push({ actor: TIMER, type: 'time', leftMs: status.leftMs });
    if (status.state === 'paused') notes.push('the timer is paused: press the triangle button to resume.');
    return { moves, notes, countdownLost: false };
  }
  if (status.state === 'won') {
    if (state.stage === 'enter-code') {
      moves.push({ actor: TIMER, type: 'fanfare' });
      notes.push('the timer played FANFARE while the companion was away: the last code was correct.');
    } else {
      notes.push('the timer reports a won game, but no code was being entered here: the timer and this game are out of step.');
    }
    return { moves, notes, countdownLost: false };
  }
  if (status.state === 'lost') {
    moves.push({ actor: TIMER, type: 'timeout' });
    notes.push('time ran out on the timer while the companion was away.');
    return { moves, notes, countdownLost: false };
  }
  const left = state.timeLeftMs === null ? '' : ` (${clock(state.timeLeftMs)} were left)`;
  notes.push(
    `the timer is ${status.state} although this game had started${left}: it lost its countdown ${
      options.assist ? '(the built-in timer starts afresh with the companion)' : '(was it switched off, or its batteries changed?)'
    }. ` +
      'The cards, tokens and codes found here are kept. ' +
      (options.assist
        ? 'Choose "Start the timer" to start it again with the time that was left and the codes still needed.'
        : 'Press the triangle button on the timer to start a new countdown and carry on; the timer then counts correct codes from zero again.'),
  );
  return { moves, notes, countdownLost: true };
}
