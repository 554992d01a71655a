// What the people at the table may do now, as a numbered list built from the rules' legal
// moves (so an illegal move is never offered), plus what the companion can do for them on a
// virtual timer (start the countdown, enter the requested code). Shared by the terminal menu
// and the JSON stream; labels are plain words, the terminal adds the pictures.

import type { PlayerMove } from '../../games/rebel-missions/index.ts';
import type { RebelMissionsSession } from './session.ts';

export type CompanionAction = 'start-timer' | 'enter-code' | 'quit';

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
  if (session.canEnterCode && humans.includes(session.state.turnPlayer)) add({ kind: 'action', action: 'enter-code' });
  const movers = session.playersToMove();
  for (const seat of session.state.seats) {
    if (!humans.includes(seat.id) || !movers.includes(seat.id)) continue;
    for (const move of session.legalMoves(seat.id)) add({ kind: 'move', move });
  }
  add({ kind: 'action', action: 'quit' });
  return out;
}
