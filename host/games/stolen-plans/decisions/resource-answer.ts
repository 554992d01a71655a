// Stolen Plans rules: the windows a resource answers (Food's after-play, Water's after-draw: T4, T5;
// the Tracking Beacon's steal-peek: ST5), shared by their decision modules.

import type { Writer } from '../../../engine/cow.ts';
import { answerTop, decision } from '../../../engine/decisions.ts';
import type { ActorId } from '../../../engine/table-game.ts';
import { drawCards, nextTurn } from '../rules-flow.ts';
import { flipResource, pop, push, ownStack } from '../rules-table.ts';
import { windowResource } from '../rules-resources.ts';
import { handPlays } from '../rules-turn-moves.ts';
import type { SpData, SpEvent, SpMove, SpState } from '../state.ts';

/** Food is offered only when an extra play exists (the window itself opens from public facts: W1); Water whenever it is Active. */
export function resourceAnswerMoves(s: SpState, actor: ActorId, window: 'after-play' | 'after-draw'): SpMove[] {
  const card = windowResource(s, actor, window);
  const moves: SpMove[] = card !== null && (window === 'after-draw' || handPlays(s, actor).length > 0) ? [{ actor, type: 'react', card }] : [];
  moves.push({ actor, type: 'pass' });
  return moves;
}

export function resourceAnswerProblem(s: SpState, move: SpMove, window: 'after-play' | 'after-draw' | 'steal-peek'): string | null {
  if (move.type !== 'react')
    return `answer the ${window} window with your ${window === 'after-play' ? 'Food' : window === 'after-draw' ? 'Water' : 'Tracking Beacon'}, or pass`;
  const card = windowResource(s, move.actor, window);
  if (card === null || move.card !== card) {
    return window === 'steal-peek'
      ? 'only your Active Tracking Beacon peeks at the cards being stolen (ST5)'
      : `only your Active ${window === 'after-play' ? 'Food, after your play' : 'Water, after your draw'}, when no resource was used this turn (T4, T5, T6)`;
  }
  if (window === 'after-play' && handPlays(s, move.actor).length === 0) return 'you have no card to play again with Food (T5)';
  return move.on === undefined && move.with === undefined ? null : 'a resource acts on nothing else';
}

/** T5 Food: one more play from hand; T4 Water: one more card (E1 may stop play). The turn's one resource (T6). A pass ends the turn. */
export function playResourceAnswer(s: SpState, w: Writer, move: SpMove, window: 'after-play' | 'after-draw', events: SpEvent[]): void {
  const taken = move.type === 'react';
  answerTop(ownStack(s, w), move.actor, taken ? 'take' : 'pass', w);
  pop(s, w);
  if (!taken) {
    events.push({ type: 'passed', player: move.actor, window });
    nextTurn(s, w, events);
    return;
  }
  s.resourceUsed = true;
  flipResource(s, move.card, false, events);
  events.push({ type: 'reacted', player: move.actor, card: move.card, window, on: null });
  if (window === 'after-play') {
    push(s, w, decision<SpData>({ kind: 'extra-play', asked: [move.actor], close: 'first-taker', data: { at: 'extra-play', player: move.actor } }));
  } else if (!drawCards(s, w, move.actor, 1, events)) nextTurn(s, w, events);
}
