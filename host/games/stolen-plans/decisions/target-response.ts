// Stolen Plans rules, the target's answer to a card played at them (A3, ST2, W7): Defend cards, Evade,
// Cancel, the opposite Assault, Saw Gerrera: its legal moves, its judge and its play.

import { sawMoves } from '../rules-saw.ts';
import { answerTop } from '../../../engine/decisions.ts';
import { CARDS } from '../cards.ts';
import type { DecisionRules } from './decision-rules.ts';
import { combos, defendCards, defendTotal, isCrush, isJedi, jediOnly, reactCards, reactEffect, sameList, sortedIds } from '../rules-facts.ts';
import { nextTurn, openDefendPlayed, unanswered } from '../rules-flow.ts';
import { pop, takeFromDiscard, takeFromHand, toDiscard, ownStack } from '../rules-table.ts';
import { reactProblem } from '../rules-react.ts';
import { isMissATurn } from '../rules-turn-play.ts';
import { handOf, type SpMove } from '../state.ts';

export const targetResponseRules: DecisionRules<'target-response'> = {
  moves(s, actor, data) {
    const moves: SpMove[] =
      data.effect === 'attack' && !data.crush
        ? combos(sortedIds(defendCards(s, actor)), s.rules.maxDefendCards).map((cards) => ({ actor, type: 'defend', cards }))
        : [];
    for (const card of reactCards(s, actor, 'target-response', data.attack, data.effect)) moves.push({ actor, type: 'react', card });
    moves.push(...sawMoves(s, actor));
    moves.push({ actor, type: 'pass' });
    return moves;
  },
  problem(s, move, data) {
    const hand = handOf(s, move.actor);
    if (move.type === 'react') return reactProblem(s, move, data);
    if (move.type !== 'defend') return 'against an Attack on you, defend with Defend cards or pass (A3)';
    if (data.effect !== 'attack') return 'a Defend card is played only against an Attack on you (A3)';
    if (data.crush) return 'Crush the Rebellion was played with this Attack: no Defend cards (B8)';
    if (move.cards.length === 0) return 'choose at least one Defend card, or pass';
    if (move.cards.length > s.rules.maxDefendCards) {
      return `at most ${s.rules.maxDefendCards} Defend card${s.rules.maxDefendCards === 1 ? '' : 's'} against one Attack (A3${s.rules.maxDefendCards === 1 ? ', New Ruling' : ''})`;
    }
    for (const c of move.cards) {
      if (!hand.includes(c)) return `you do not hold ${c}`;
      if (CARDS.defendValue(c) === null) return `${CARDS.type(c).name} is not a Defend card (A3)`;
      if (jediOnly(c) && !isJedi(s, move.actor)) return `${CARDS.type(c).name} is Jedi Only: only a Jedi may defend with it (J2)`;
    }
    if (!sameList(move.cards, sortedIds(move.cards)) || new Set(move.cards).size !== move.cards.length)
      return 'name different Defend cards, in the order of their ids';
    return null;
  },
  play(s, w, move, data, events) {
    const stack = ownStack(s, w);
    if (move.type === 'pass') {
      answerTop(stack, move.actor, 'pass', w);
      events.push({ type: 'passed', player: move.actor, window: data.at });
      pop(s, w);
      unanswered(s, w, data.attacker, data.target, data.effect, data.value, events, data.attack, data.squads);
      return;
    }
    answerTop(stack, move.actor, 'take', w);
    pop(s, w);
    if (move.type === 'react') {
      toDiscard(s, w, move.actor, move.card);
      // H2: Saw Gerrera's Rebel Hero is discarded with it.
      for (const c of move.with ?? []) toDiscard(s, w, move.actor, c);
      events.push({ type: 'reacted', player: move.actor, card: move.card, window: data.at, on: null });
      const effect = reactEffect(move.card, 'target-response');
      if (effect === 'stop-loss') {
        // B26: the opposite Assault: this player loses nothing to it; the Assault goes on to its second target.
        events.push({ type: 'cancelled', player: move.actor, cards: [...data.attack] });
        nextTurn(s, w, events);
        return;
      }
      // A cancelled Assault is cancelled whole (D24): its second target is not asked.
      if (effect === 'cancel') s.pending = s.pending.filter((p) => p.step !== 'assault-beside');
      if (effect === 'evade') {
        // B12: the Attack has no effect; the target takes the Attack card(s) into hand (Crush is discarded).
        for (const c of data.attack.filter((x) => !isCrush(x))) takeFromDiscard(s, w, move.actor, c, events);
      } else {
        events.push({ type: 'cancelled', player: move.actor, cards: [...data.attack] });
      }
      // B17: a Miss a Turn cancelled, the turn goes on (the turn decision waits on its player).
      if (data.attack.some(isMissATurn)) return;
      nextTurn(s, w, events);
      return;
    }
    if (move.type !== 'defend') throw new Error('only a Defend or a reaction answers here');
    for (const c of move.cards) takeFromHand(s, w, move.actor, c);
    s.onTable = [...s.onTable, ...move.cards];
    const total = defendTotal(s, move.actor, move.cards);
    events.push({ type: 'defended', player: move.actor, cards: [...move.cards], total });
    openDefendPlayed(
      s,
      w,
      { at: 'defend-played', attacker: data.attacker, target: data.target, value: data.value, defends: [...move.cards], cancelled: [] },
      events,
    );
  },
};
