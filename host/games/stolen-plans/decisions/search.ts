// Stolen Plans rules, Search and Scavenger's search (B3, B15): cards taken from the discard pile, one at a time: its legal moves, its judge and its play.

import { answerTop, decision } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { nextTurn } from '../rules-flow.ts';
import { pop, push, takeFromDiscard } from '../rules-table.ts';
import type { SpData } from '../state.ts';

export const searchRules: DecisionRules<'search'> = {
  moves(s, actor) {
    return s.discard.map((card) => ({ actor, type: 'take', card }));
  },
  problem(s, move, data) {
    if (move.type !== 'take') return `take a card of your choice from the discard pile (${data.remaining} to go) (B3)`;
    return s.discard.includes(move.card) ? null : `${move.card} is not in the discard pile`;
  },
  play(s, w, move, data, events) {
    const stack = w.own(s, 'stack');
    if (move.type !== 'take') throw new Error('Search takes a card');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    takeFromDiscard(s, w, move.actor, move.card, events);
    if (data.remaining > 1 && s.discard.length > 0) {
      push(
        s,
        w,
        decision<SpData>({
          kind: 'search',
          asked: [move.actor],
          close: 'all-answered',
          data: { at: 'search', player: move.actor, remaining: data.remaining - 1 },
        }),
      );
    } else nextTurn(s, w, events);
  },
};
