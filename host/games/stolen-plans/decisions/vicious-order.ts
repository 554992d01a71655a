// Stolen Plans rules, Vicious Attack's kept cards (X3): put on the draw pile in the order chosen: its
// legal moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import { CARDS } from '../cards.ts';
import type { DecisionRules } from './decision-rules.ts';
import { lossOver } from '../rules-flow.ts';
import { permutations, sameList, sortedIds } from '../rules-facts.ts';
import { pop, ownStack } from '../rules-table.ts';
import { putOnPile } from '../rules-turn-play.ts';
import { handOf } from '../state.ts';

export const viciousOrderRules: DecisionRules<'vicious-order'> = {
  moves(s, actor) {
    return permutations(handOf(s, actor).filter((c) => CARDS.undiscardable(c))).map((cards) => ({ actor, type: 'order', cards }));
  },
  problem(s, move) {
    const hand = handOf(s, move.actor);
    if (move.type !== 'order') return 'put your cards that cannot be discarded on the draw pile, in the order you choose (X3)';
    const kept = hand.filter((c) => CARDS.undiscardable(c));
    return sameList(sortedIds(move.cards), sortedIds(kept)) && new Set(move.cards).size === move.cards.length
      ? null
      : `order exactly your ${kept.length} cards that cannot be discarded (X3)`;
  },
  play(s, w, move, _data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'order') throw new Error('the kept cards are put on the pile in order');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    putOnPile(s, w, move.actor, move.cards, events);
    lossOver(s, w, events);
  },
};
