// Stolen Plans rules, Rogue One's U-Wing (RO5): the squad cards that moved nominate anew: its legal moves,
// its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { playNominate } from '../rules-squads-play.ts';
import { squadWindowMoves, squadWindowProblem } from '../rules-squads.ts';

export const nominateRules: DecisionRules<'nominate'> = {
  moves(s, actor, data) {
    return squadWindowMoves(s, actor, data);
  },
  problem(s, move, data) {
    return squadWindowProblem(s, move, data);
  },
  play(s, w, move, data, events) {
    if (move.type !== 'nominate') throw new Error('a squad card is nominated for');
    playNominate(s, w, move, data, events);
  },
};
