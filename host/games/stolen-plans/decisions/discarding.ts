// Stolen Plans rules, Rogue One's Cargo Ship (RO6, D19): its owner loads the cards of another player's
// loss: its legal moves, its judge and its play.

import type { Writer } from '../../../engine/cow.ts';
import { answerTop } from '../../../engine/decisions.ts';
import type { DecisionRules } from './decision-rules.ts';
import { cargoCapacity, discardingMoves, discardingProblem, flushDiscarding, unload } from '../rules-cargo.ts';
import { afterLoss, lossOver } from '../rules-flow.ts';
import { pop, ownStack } from '../rules-table.ts';
import type { SpEvent, SpMove, SpState } from '../state.ts';

export const discardingRules: DecisionRules<'discarding'> = {
  moves(s, actor) {
    return discardingMoves(s, actor);
  },
  problem(s, move) {
    return discardingProblem(s, move);
  },
  play(s, w, move, _data, events) {
    const stack = ownStack(s, w);
    answerTop(stack, move.actor, move.type === 'pass' ? 'pass' : 'take', w);
    playDiscarding(s, w, move, events);
  },
};

/** A card loaded face down (the owner and the discarder know it: D19); at capacity the cargo comes to the owner's hand. */
function playDiscarding(s: SpState, w: Writer, move: SpMove, events: SpEvent[]): void {
  pop(s, w);
  const lot = s.discarding;
  const ship = s.cargo;
  if (move.type !== 'react' || move.on === undefined || lot === null || ship === null) {
    // The owner takes no more: the rest of the loss goes face up on the discard pile.
    if (move.type === 'pass') events.push({ type: 'passed', player: move.actor, window: 'discarding' });
    flushDiscarding(s, w, events);
    afterLoss(s, w, events);
    return;
  }
  const card = move.on;
  s.discarding = { player: lot.player, cards: lot.cards.filter((c) => c !== card) };
  s.cargo = { ...ship, hold: [...ship.hold, { card, from: lot.player }] };
  events.push({ type: 'loaded', owner: ship.owner, from: lot.player, card, cargo: s.cargo.hold.length });
  if (s.cargo.hold.length >= cargoCapacity(ship.card)) unload(s, w, events);
  lossOver(s, w, events);
}
