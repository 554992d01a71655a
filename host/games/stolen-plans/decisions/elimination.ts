// Stolen Plans rules, Rogue One's eliminations (RO2, H3): owners save their squad cards with Rebel Heroes:
// its legal moves, its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { answerElimination, eliminationMoves, eliminationProblem } from '../rules-eliminations.ts';

export const eliminationRules: DecisionRules<'elimination'> = {
  moves(s, actor, data) {
    return eliminationMoves(s, actor, data);
  },
  problem(s, move, data) {
    return eliminationProblem(s, move, data);
  },
  play(s, w, move, data, events) {
    // ---- Rogue One ----
    answerElimination(s, w, move, data, events);
  },
};
