// Stolen Plans rules, a steal's picks (ST5): a Tracking Beacon may peek at them: its legal moves, its
// judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { resourceAnswerProblem } from './resource-answer.ts';
import { moveStolen, stealNext } from '../rules-flow.ts';
import { flipResource, know, pop, ownStack } from '../rules-table.ts';
import { windowResource } from '../rules-resources.ts';
import type { SpDecision } from '../state.ts';

export const stealPeekRules: DecisionRules<'steal-peek'> = {
  moves(s, actor) {
    const card = windowResource(s, actor, 'steal-peek');
    return [...(card !== null ? [{ actor, type: 'react', card } as const] : []), { actor, type: 'pass' }];
  },
  problem(s, move) {
    return resourceAnswerProblem(s, move, 'steal-peek');
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    let seen = data.seen;
    let closed: boolean;
    if (move.type === 'react') {
      // ST5: the Tracking Beacon flips; its owner alone sees the cards being stolen.
      closed = answerTop(stack, move.actor, 'take', w);
      flipResource(s, move.card, false, events);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: null });
      events.push({ type: 'steal-seen', viewer: move.actor, thief: data.thief, victim: data.victim, cards: s.stealing.slice() });
      // The peeker knows these cards from now on (in the victim's hand until they move, then in the thief's).
      for (const c of s.stealing) know(s, move.actor, data.victim, c);
      seen = [...seen, move.actor];
    } else {
      closed = answerTop(stack, move.actor, 'pass', w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
    }
    if (!closed) {
      const open = stack[stack.length - 1] as SpDecision;
      stack[stack.length - 1] = { ...open, data: { ...data, seen } };
      return;
    }
    pop(s, w);
    moveStolen(s, w, data.thief, data.victim, seen, events);
    stealNext(s, w, data.thief, data.rest, events);
  },
};
