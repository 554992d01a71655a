// Stolen Plans rules, Rogue One's Gather Intelligence (RO4, D22, quick): its owner may peek at what the
// nominee drew: its legal moves, its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { answerDrawn } from '../rules-squads-play.ts';
import { squadWindowMoves, squadWindowProblem } from '../rules-squads.ts';

export const drawnRules: DecisionRules<'drawn'> = {
  moves(s, actor, data) {
    return squadWindowMoves(s, actor, data);
  },
  problem(s, move, data) {
    return squadWindowProblem(s, move, data);
  },
  play(s, w, move, data, events) {
    answerDrawn(s, w, move, data, events);
  },
};
