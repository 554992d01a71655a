// Stolen Plans rules, Defend cards played (A4, B18): a Protection on one, a Capture on a hero: its legal
// moves, its judge and its play.

import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { reactEffect } from '../rules-facts.ts';
import { openDefendPlayed, resolveDefence } from '../rules-flow.ts';
import { pop, toDiscard, ownStack } from '../rules-table.ts';
import { reactProblem, targetedReactMoves } from '../rules-react.ts';

export const defendPlayedRules: DecisionRules<'defend-played'> = {
  moves(s, actor, data) {
    return targetedReactMoves(s, actor, data);
  },
  problem(s, move, data) {
    return reactProblem(s, move, data);
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type === 'pass') {
      const closed = answerTop(stack, move.actor, 'pass', w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      if (!closed) return;
      pop(s, w);
      resolveDefence(s, w, data, events);
      return;
    }
    if (move.type !== 'react' || move.on === undefined) throw new Error('a reaction names the card it acts on');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    toDiscard(s, w, move.actor, move.card);
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: move.on });
    const effect = reactEffect(move.card, data.at);
    if (effect === 'capture-hero') s.captures = [...s.captures, { card: move.on, by: move.actor }];
    // All-pass windows (W3): after an answer, everyone asked is asked again.
    openDefendPlayed(s, w, effect === 'cancel-defend-card' ? { ...data, cancelled: [...data.cancelled, move.on] } : data, events);
  },
};
