// Stolen Plans rules, an Assault's second target (B26, D24): a neighbour of the first, or none: its legal
// moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { besideOf } from '../rules-facts.ts';
import { nextTurn, openTargetResponse } from '../rules-flow.ts';
import { pop, ownStack } from '../rules-table.ts';
import type { SpMove } from '../state.ts';

export const assaultBesideRules: DecisionRules<'assault-beside'> = {
  moves(s, actor, data) {
    return [...besideOf(s, data.attacker, data.first).map((target): SpMove => ({ actor, type: 'beside', target })), { actor, type: 'pass' }];
  },
  problem(s, move, data) {
    if (move.type !== 'beside') return 'name the second target beside the first, or pass (B26)';
    return besideOf(s, data.attacker, data.first).includes(move.target)
      ? null
      : `the second target sits beside ${data.first} and is not you: ${besideOf(s, data.attacker, data.first).join(' or ')} (B26, D24)`;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'beside') {
      answerTop(stack, move.actor, 'pass', w);
      pop(s, w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      nextTurn(s, w, events);
      return;
    }
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    events.push({ type: 'played', player: move.actor, as: 'assault', cards: [...data.cards], targets: [move.target] });
    openTargetResponse(s, w, data.attacker, move.target, data.cards, 'discard', data.value, false, events);
  },
};
