// Stolen Plans rules, after the turn player's play (T5): Food: its legal moves, its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { playResourceAnswer, resourceAnswerMoves, resourceAnswerProblem } from './resource-answer.ts';

export const afterPlayRules: DecisionRules<'after-play'> = {
  moves(s, actor) {
    return resourceAnswerMoves(s, actor, 'after-play');
  },
  problem(s, move) {
    return resourceAnswerProblem(s, move, 'after-play');
  },
  play(s, w, move, _data, events) {
    playResourceAnswer(s, w, move, 'after-play', events);
  },
};
