// Stolen Plans rules, Rogue One's Cargo Ship (RO6, D19): its owner loads the cards of another player's loss: its legal moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { discardingMoves, discardingProblem, playDiscarding } from '../rules-cargo.ts';

export const discardingRules: DecisionRules<'discarding'> = {
  moves(s, actor) {
    return discardingMoves(s, actor);
  },
  problem(s, move) {
    return discardingProblem(s, move);
  },
  play(s, w, move, _data, events) {
    const stack = w.own(s, 'stack');
    answerTop(stack, move.actor, move.type === 'pass' ? 'pass' : 'take', w);
    playDiscarding(s, w, move, events);
  },
};
