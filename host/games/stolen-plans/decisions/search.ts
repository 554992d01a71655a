// Stolen Plans rules, Search and Scavenger's search (B3, B15): cards taken from the discard pile, one
// at a time: its legal moves, its judge and its play. The choice is committed when its last card is
// taken; until then Back puts the card last taken back where it was (`searched`), to choose again.
// The discard pile is face up (D20): a search reveals nothing hidden, so nothing a Back undoes was secret.

import { answerTop, decision } from '../../../engine/decisions.ts';
import type { Writer } from '../../../engine/cow.ts';
import type { ActorId } from '../../../engine/table-game.ts';
import { nextTurn } from '../rules-flow.ts';
import { pop, push, takeFromDiscard, takeFromHand, ownStack, ownDiscard } from '../rules-table.ts';
import type { SpData, SpMove, SpState } from '../state.ts';
import type { DecisionRules } from './decision-rules.ts';

export const searchRules: DecisionRules<'search'> = {
  moves(s, actor) {
    const moves: SpMove[] = s.discard.map((card) => ({ actor, type: 'take', card }));
    if (s.searched.length > 0) moves.push({ actor, type: 'back' });
    return moves;
  },
  problem(s, move, data) {
    if (move.type === 'back') return s.searched.length > 0 ? null : 'no card has been taken yet in this search: there is nothing to put back (B3)';
    if (move.type !== 'take') return `take a card of your choice from the discard pile (${data.remaining} to go) (B3)`;
    return s.discard.includes(move.card) ? null : `${move.card} is not in the discard pile`;
  },
  play(s, w, move, data, events) {
    answerTop(ownStack(s, w), move.actor, 'take', w);
    pop(s, w);
    if (move.type === 'back') {
      // The card last taken goes back to its place in the discard pile, seen by all as its take was.
      const last = s.searched[s.searched.length - 1];
      if (last === undefined) throw new Error('no card to put back');
      s.searched = s.searched.slice(0, -1);
      takeFromHand(s, w, move.actor, last.card);
      ownDiscard(s, w).splice(last.at, 0, last.card);
      events.push({ type: 'put-back', player: move.actor, card: last.card });
      pushSearch(s, w, move.actor, data.remaining + 1);
      return;
    }
    if (move.type !== 'take') throw new Error('Search takes a card');
    s.searched = [...s.searched, { card: move.card, at: s.discard.indexOf(move.card) }];
    takeFromDiscard(s, w, move.actor, move.card, events);
    if (data.remaining > 1 && s.discard.length > 0) pushSearch(s, w, move.actor, data.remaining - 1);
    else {
      // The last card is taken: the choice is made.
      s.searched = [];
      nextTurn(s, w, events);
    }
  },
};

/** The search goes on: `remaining` cards still to take. */
function pushSearch(s: SpState, w: Writer, player: ActorId, remaining: number): void {
  push(s, w, decision<SpData>({ kind: 'search', asked: [player], close: 'all-answered', data: { at: 'search', player, remaining } }));
}
