// Stolen Plans rules, Friendly Gesture's collection (X1): each other player holding a card gives one: its
// legal moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { nextTurn } from '../rules-flow.ts';
import { pop, ownStack } from '../rules-table.ts';
import { giveCard } from '../rules-turn-play.ts';
import { handOf } from '../state.ts';

export const friendlyGestureRules: DecisionRules<'friendly-gesture'> = {
  moves(s, actor) {
    return handOf(s, actor).map((card) => ({ actor, type: 'hand-over', card }));
  },
  problem(s, move) {
    const hand = handOf(s, move.actor);
    if (move.type !== 'hand-over') return 'give the player of Friendly Gesture one card of your hand (X1)';
    return hand.includes(move.card) ? null : `you do not hold ${move.card}`;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'hand-over') throw new Error('Friendly Gesture is answered with a card');
    const closed = answerTop(stack, move.actor, 'take', w);
    giveCard(s, w, move.actor, data.collector, move.card, events);
    if (closed) {
      pop(s, w);
      nextTurn(s, w, events);
    }
  },
};
