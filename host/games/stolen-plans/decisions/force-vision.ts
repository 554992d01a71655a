// Stolen Plans rules, Force Vision (J4): the top cards put back in the order chosen: its legal moves, its
// judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { permutations, sameList, sortedIds } from '../rules-facts.ts';
import { nextTurn } from '../rules-flow.ts';
import { pop, ownStack } from '../rules-table.ts';

export const forceVisionRules: DecisionRules<'force-vision'> = {
  moves(s, actor, data) {
    return permutations(s.drawPile.slice(0, data.count)).map((cards) => ({ actor, type: 'order', cards }));
  },
  problem(s, move, data) {
    if (move.type !== 'order') return 'put the cards you looked at back on the draw pile, in the order you choose (J4)';
    const seen = s.drawPile.slice(0, data.count);
    return sameList(sortedIds(move.cards), sortedIds(seen)) && new Set(move.cards).size === move.cards.length
      ? null
      : `put back exactly the ${data.count} cards you looked at`;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'order') throw new Error('Force Vision puts the cards back in order');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    s.drawPile = [...move.cards, ...s.drawPile.slice(data.count)];
    // Others who had seen these cards no longer know their order; the player does.
    s.known = s.known.filter((k) => !(k.holder === 'pile' && move.cards.includes(k.card) && k.viewer !== move.actor));
    events.push({ type: 'pile-ordered', player: move.actor, count: data.count });
    nextTurn(s, w, events);
  },
};
