// Stolen Plans rules, a loss (L1): the cards to lose, one at a time: its legal moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import { CARDS } from '../cards.ts';
import type { DecisionRules } from './decision-rules.ts';
import { loseCard } from '../rules-cargo.ts';
import { lossOver } from '../rules-flow.ts';
import { loseCards } from '../rules-flow.ts';
import { pop, ownStack } from '../rules-table.ts';
import { handOf } from '../state.ts';

export const chooseDiscardsRules: DecisionRules<'choose-discards'> = {
  moves(s, actor) {
    return handOf(s, actor)
      .filter((c) => !CARDS.undiscardable(c))
      .map((card) => ({ actor, type: 'discard', card }));
  },
  problem(s, move, data) {
    const hand = handOf(s, move.actor);
    if (move.type !== 'discard') return `choose a card to lose (${data.remaining} to go) (L1)`;
    if (!hand.includes(move.card)) return `you do not hold ${move.card}`;
    return CARDS.undiscardable(move.card) ? `${CARDS.type(move.card).name} can never be discarded (L1)` : null;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'discard') throw new Error('a loss is chosen one card at a time');
    loseCard(s, w, move.actor, move.card, events);
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    if (data.remaining > 1) loseCards(s, w, move.actor, data.remaining - 1, events);
    else lossOver(s, w, events);
  },
};
