// Stolen Plans rules, after the turn player's draw (T4): Water: its legal moves, its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { playResourceAnswer, resourceAnswerMoves, resourceAnswerProblem } from './resource-answer.ts';

export const afterDrawRules: DecisionRules<'after-draw'> = {
  moves(s, actor) {
    return resourceAnswerMoves(s, actor, 'after-draw');
  },
  problem(s, move) {
    return resourceAnswerProblem(s, move, 'after-draw');
  },
  play(s, w, move, _data, events) {
    playResourceAnswer(s, w, move, 'after-draw', events);
  },
};
