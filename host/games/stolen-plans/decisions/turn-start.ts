// Stolen Plans rules, the start of another player's turn (B17, quick): Miss a Turn: its legal moves, its
// judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { reactCards } from '../rules-facts.ts';
import { openTargetResponse } from '../rules-flow.ts';
import { pop, toDiscard, ownStack } from '../rules-table.ts';
import { reactProblem } from '../rules-react.ts';
import type { SpMove } from '../state.ts';

export const turnStartRules: DecisionRules<'turn-start'> = {
  moves(s, actor) {
    const moves: SpMove[] = reactCards(s, actor, 'turn-start', [], 'skip-turn').map((card) => ({ actor, type: 'react', card }));
    moves.push({ actor, type: 'pass' });
    return moves;
  },
  problem(s, move, data) {
    return reactProblem(s, move, data);
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type === 'pass') {
      if (answerTop(stack, move.actor, 'pass', w)) pop(s, w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      return;
    }
    if (move.type !== 'react') throw new Error('Miss a Turn is played here');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    toDiscard(s, w, move.actor, move.card);
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: null });
    // B17, W2: the turn player may answer with Saw Gerrera (target-response inside turn-start); then `playThrough`.
    openTargetResponse(s, w, move.actor, data.player, [move.card], 'other', 0, false, events);
  },
};
