// Stolen Plans rules, two Rebel Heroes stealing (ST3): a Capture on one: its legal moves, its judge and
// its play.

import { answerTop, decision } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { askable } from '../rules-cargo.ts';
import { answerable, reactEffect } from '../rules-facts.ts';
import { stealNext } from '../rules-flow.ts';
import { pop, push, toDiscard, ownStack } from '../rules-table.ts';
import { reactProblem, targetedReactMoves } from '../rules-react.ts';
import { othersFrom, type SpData } from '../state.ts';

export const heroesPlayedRules: DecisionRules<'heroes-played'> = {
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
      stealNext(s, w, data.thief, data.victims, events);
      return;
    }
    if (move.type !== 'react' || move.on === undefined) throw new Error('a reaction names the card it acts on');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    toDiscard(s, w, move.actor, move.card);
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: move.on });
    if (reactEffect(move.card, data.at) === 'capture-hero') s.captures = [...s.captures, { card: move.on, by: move.actor }];
    // All-pass windows (W3): after an answer, everyone asked is asked again.
    const asked = askable(s, othersFrom(s, data.thief));
    if (asked.length > 0 && answerable(s, 'heroes-played', data.heroes, 'steal'))
      push(s, w, decision<SpData>({ kind: 'heroes-played', asked, mayPass: true, close: 'all-answered', data }));
    else stealNext(s, w, data.thief, data.victims, events);
  },
};
