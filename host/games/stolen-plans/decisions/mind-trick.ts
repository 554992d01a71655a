// Stolen Plans rules, Jedi Mind Trick (J4): a card taken from the hand shown: its legal moves, its judge
// and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { nextTurn } from '../rules-flow.ts';
import { addToHand, know, pop, takeFromHand, trackMove, ownStack } from '../rules-table.ts';
import { handOf } from '../state.ts';

export const mindTrickRules: DecisionRules<'mind-trick'> = {
  moves(s, actor, data) {
    return handOf(s, data.target).map((card) => ({ actor, type: 'take', card }));
  },
  problem(s, move, data) {
    if (move.type !== 'take') return 'take one card of the hand you are looking at (J4)';
    return handOf(s, data.target).includes(move.card) ? null : `${data.target} does not hold ${move.card}`;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'take') throw new Error('Jedi Mind Trick takes a card');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    takeFromHand(s, w, data.target, move.card);
    addToHand(s, w, move.actor, move.card);
    know(s, data.target, move.actor, move.card);
    events.push({ type: 'stolen', thief: move.actor, victim: data.target, card: move.card });
    trackMove(s, data.target, move.actor, move.card, [move.actor, data.target]);
    nextTurn(s, w, events);
  },
};
