// Stolen Plans rules, Scout (B19): a card taken from the hands shown: its legal moves, its judge and its
// play.

import { answerTop } from '../../../engine/decisions.ts';
import type { ActorId } from '../../../engine/table-game.ts';
import type { DecisionRules } from './decision-rules.ts';
import { nextTurn } from '../rules-flow.ts';
import { addToHand, know, pop, takeFromHand, trackMove, ownStack } from '../rules-table.ts';
import { handOf, othersFrom, type SpMove } from '../state.ts';

export const scoutRules: DecisionRules<'scout'> = {
  moves(s, actor) {
    return othersFrom(s, actor).flatMap((p) => handOf(s, p).map((card): SpMove => ({ actor, type: 'take', card })));
  },
  problem(s, move) {
    if (move.type !== 'take') return 'take one card of the hands you looked at (B19)';
    return othersFrom(s, move.actor).some((p) => handOf(s, p).includes(move.card)) ? null : `no other player holds ${move.card}`;
  },
  play(s, w, move, _data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'take') throw new Error('Scout takes a card');
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    const holder = othersFrom(s, move.actor).find((p) => handOf(s, p).includes(move.card)) as ActorId;
    takeFromHand(s, w, holder, move.card);
    addToHand(s, w, move.actor, move.card);
    know(s, holder, move.actor, move.card);
    events.push({ type: 'stolen', thief: move.actor, victim: holder, card: move.card });
    trackMove(s, holder, move.actor, move.card, [move.actor, holder]);
    nextTurn(s, w, events);
  },
};
