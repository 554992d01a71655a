// Stolen Plans rules, Food's extra play (T5): a card or a set from hand, nothing else: its legal moves,
// its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { pop, ownStack } from '../rules-table.ts';
import { turnProblem } from '../rules-turn-judge.ts';
import { handPlays } from '../rules-turn-moves.ts';
import { playTurn } from '../rules-turn-play.ts';

export const extraPlayRules: DecisionRules<'extra-play'> = {
  moves(s, actor) {
    return handPlays(s, actor);
  },
  problem(s, move) {
    // T5: Food's extra play is a card or a set from hand: not a draw, a resource or a reactivation.
    if (move.type === 'draw' || move.type === 'resource' || move.type === 'reactivate' || move.type === 'use-squad' || move.type === 'pass')
      return "Food's extra play is a card or a set from your hand (T5)";
    return turnProblem(s, move, move.actor);
  },
  play(s, w, move, _data, events) {
    const stack = ownStack(s, w);
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    playTurn(s, move, w, events);
  },
};
