// What the people at the table may do now, as a numbered list built from the rules' legal
// moves (so an illegal move is never offered), plus what the companion can do for them on a
// virtual timer (start, pause or resume the countdown, enter the requested code). Shared by the
// terminal menu and the JSON stream; labels are plain words, the terminal adds the pictures.
// Tokens of one kind are the same to play: one line per kind, whatever the count held.

import type { PlayerMove } from '../../games/rebel-missions/index.ts';
import type { RebelMissionsSession } from './session.ts';

export type CompanionAction = 'start-timer' | 'resume-timer' | 'enter-code' | 'pause-timer' | 'quit';

/** Every action, as the JSON stream names them. */
export const COMPANION_ACTIONS: readonly CompanionAction[] = ['start-timer', 'resume-timer', 'enter-code', 'pause-timer', 'quit'];

/** Carries out an action on the timer (every action but quit, which the front end handles). */
export function runTimerAction(session: RebelMissionsSession, action: Exclude<CompanionAction, 'quit'>): Promise<void> {
  switch (action) {
    case 'start-timer':
      return session.startTimer();
    case 'resume-timer':
      return session.resumeTimer();
    case 'enter-code':
      return session.enterCode();
    case 'pause-timer':
      return session.pauseTimer();
  }
}

export type Choice =
  | { readonly n: number; readonly kind: 'move'; readonly move: PlayerMove }
  | { readonly n: number; readonly kind: 'action'; readonly action: CompanionAction };

/** The numbered choices for the seats people play (`humans`), in seat order. */
export function choicesFor(session: RebelMissionsSession, humans: readonly string[]): Choice[] {
  const out: Choice[] = [];
  const add = (choice: { kind: 'move'; move: PlayerMove } | { kind: 'action'; action: CompanionAction }): void => {
    out.push({ n: out.length + 1, ...choice });
  };
  if (session.canStartTimer) add({ kind: 'action', action: 'start-timer' });
  if (session.canResumeTimer) add({ kind: 'action', action: 'resume-timer' });
  if (session.canEnterCode && humans.includes(session.state.turnPlayer)) add({ kind: 'action', action: 'enter-code' });
  const movers = session.playersToMove();
  const view = session.view();
  for (const seat of session.state.seats) {
    const hand = view.players.find((p) => p.id === seat.id)?.hand ?? [];
    if (!humans.includes(seat.id) || !movers.includes(seat.id)) continue;
    const kindsOffered = new Set<string>();
    for (const move of session.legalMoves(seat.id)) {
      if (move.type === 'play-token') {
        // One line per kind of token: which of two Tools tokens is played changes nothing.
        const kind = hand.find((t) => t.id === move.token)?.kind ?? move.token;
        if (kindsOffered.has(kind)) continue;
        kindsOffered.add(kind);
      }
      add({ kind: 'move', move });
    }
  }
  if (session.canPauseTimer && humans.length > 0) add({ kind: 'action', action: 'pause-timer' });
  add({ kind: 'action', action: 'quit' });
  return out;
}
