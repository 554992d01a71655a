// Stolen Plans rules, the turn (T2): draw, a play from hand, a resource, a squad card's use, or the pass
// under There is another!: its legal moves, its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { turnProblem } from '../rules-turn-judge.ts';
import { turnMoves } from '../rules-turn-moves.ts';
import { playTurn } from '../rules-turn-play.ts';

export const turnRules: DecisionRules<'turn'> = {
  moves(s, actor) {
    return turnMoves(s, actor);
  },
  problem(s, move) {
    return turnProblem(s, move, move.actor);
  },
  play(s, w, move, _data, events) {
    playTurn(s, move, w, events);
  },
};
