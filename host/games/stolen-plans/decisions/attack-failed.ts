// Stolen Plans rules, an attack that failed (B18): Protection avoids the loss: its legal moves, its judge
// and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { reactCards } from '../rules-facts.ts';
import { nextTurn, resolveAttack } from '../rules-flow.ts';
import { pop, toDiscard, ownStack } from '../rules-table.ts';
import { reactProblem } from '../rules-react.ts';
import type { SpMove } from '../state.ts';

export const attackFailedRules: DecisionRules<'attack-failed'> = {
  moves(s, actor) {
    const moves: SpMove[] = reactCards(s, actor, 'attack-failed', [], 'attack').map((card) => ({ actor, type: 'react', card }));
    moves.push({ actor, type: 'pass' });
    return moves;
  },
  problem(s, move, data) {
    return reactProblem(s, move, data);
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type === 'pass') {
      answerTop(stack, move.actor, 'pass', w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      pop(s, w);
      resolveAttack(s, w, data.attacker, data.target, data.value, data.defence, events);
      return;
    }
    if (move.type !== 'react') throw new Error('Protection is played here');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    toDiscard(s, w, move.actor, move.card);
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: null });
    events.push({ type: 'attack-resolved', attacker: data.attacker, target: data.target, attack: data.value, defence: data.defence, loser: null, cards: 0 });
    nextTurn(s, w, events);
  },
};
