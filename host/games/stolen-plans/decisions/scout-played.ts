// Stolen Plans rules, a Scout played (X2, quick): Evade Scout: its legal moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import { CARDS } from '../cards.ts';
import type { DecisionRules } from './decision-rules.ts';
import { reactCards } from '../rules-facts.ts';
import { nextTurn } from '../rules-flow.ts';
import { pop, toDiscard, ownStack } from '../rules-table.ts';
import { scoutLook } from '../rules-turn-play.ts';
import type { SpMove } from '../state.ts';

export const scoutPlayedRules: DecisionRules<'scout-played'> = {
  moves(s, actor, data) {
    const moves: SpMove[] = reactCards(s, actor, 'scout-played', [data.card], 'peek-and-take').map((card) => ({ actor, type: 'react', card }));
    moves.push({ actor, type: 'pass' });
    return moves;
  },
  problem(s, move, data) {
    if (move.type !== 'react') return 'cancel the Scout with Evade Scout, or pass (X2)';
    return reactCards(s, move.actor, 'scout-played', [data.card], 'peek-and-take').includes(move.card) && move.on === undefined && move.with === undefined
      ? null
      : `${CARDS.type(move.card).name} does not cancel a Scout (X2)`;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'react') {
      const closed = answerTop(stack, move.actor, 'pass', w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      if (closed) {
        pop(s, w);
        scoutLook(s, w, data.player, events);
      }
      return;
    }
    // X2: Evade Scout cancels the Scout; both are discarded and the turn ends.
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    toDiscard(s, w, move.actor, move.card);
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: null });
    events.push({ type: 'cancelled', player: move.actor, cards: [data.card] });
    nextTurn(s, w, events);
  },
};
