// Stolen Plans rules, Rogue One's Defection (RO4, A2): its owner may draw as the nominee plays an Imperial
// card: its legal moves, its judge and its play.

import type { DecisionRules } from './decision-rules.ts';
import { answerImperialPlayed } from '../rules-squads-play.ts';
import { squadWindowMoves, squadWindowProblem } from '../rules-squads.ts';

export const imperialPlayedRules: DecisionRules<'imperial-played'> = {
  moves(s, actor, data) {
    return squadWindowMoves(s, actor, data);
  },
  problem(s, move, data) {
    return squadWindowProblem(s, move, data);
  },
  play(s, w, move, data, events, replay) {
    // The nominee's Imperial card is played once the owner has drawn or passed (`replay`: as if just made).
    if (answerImperialPlayed(s, w, move, data, events)) replay(s, w, data.move, events);
  },
};
