// Stolen Plans rules, the last card taken (E1, B16): Continue Play with the Darth Vader Attack, or the
// end: its legal moves, its judge and its play.

import { answerTop, chanceDecision } from '../../../engine/decisions.ts';
import { CARDS } from '../cards.ts';
import type { DecisionRules } from './decision-rules.ts';
import { sameList } from '../rules-facts.ts';
import { endGame, flushTable, takeFromHand, toDiscard, turnDecision, ownStack } from '../rules-table.ts';
import { continueWays } from '../rules-turn-moves.ts';
import type { SpData, SpMove } from '../state.ts';

export const lastCardRules: DecisionRules<'last-card'> = {
  moves(s, actor) {
    // B16: Continue Play revealed with the Darth Vader Attack.
    const moves: SpMove[] = [];
    for (const { card, companions } of continueWays(s, actor)) for (const with_ of companions) moves.push({ actor, type: 'react', card, with: with_ });
    moves.push({ actor, type: 'pass' });
    return moves;
  },
  problem(s, move) {
    if (move.type !== 'react') return 'reveal Continue Play with the Darth Vader Attack, or pass (B16)';
    const way = continueWays(s, move.actor).find((x) => x.card === move.card);
    if (way === undefined) return `${CARDS.type(move.card).name} is not Continue Play in your hand (B16)`;
    return way.companions.some((c) => sameList(c, move.with ?? [])) ? null : 'Continue Play is revealed with the Darth Vader Attack from your hand (B16, E3)';
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type !== 'react') {
      const closed = answerTop(stack, move.actor, 'pass', w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      if (closed) endGame(s, events, 'the last card of the draw pile is taken');
      return;
    }
    // E3: Continue Play and the Darth Vader Attack are revealed; Vader goes to the discard pile, Continue Play out of play.
    answerTop(stack, move.actor, 'take', w);
    takeFromHand(s, w, move.actor, move.card);
    s.removed = [...s.removed, move.card];
    for (const c of move.with ?? []) toDiscard(s, w, move.actor, c);
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: null });
    events.push({ type: 'played', player: move.actor, as: 'continue-play', cards: [move.card, ...(move.with ?? [])], targets: [] });
    // Whatever remained of the interrupted play is dropped (E1); the cards being played go to the discard pile first.
    flushTable(s, w);
    s.pending = [];
    s.lossQueue = [];
    s.stealing = [];
    s.drawnThisTurn = [];
    s.stack = [
      turnDecision(s, data.drawer),
      chanceDecision<SpData>(
        'continue-shuffle',
        { kind: 'shuffle', size: s.discard.length },
        { at: 'continue-shuffle', drawer: data.drawer, size: s.discard.length },
      ),
    ];
  },
};
