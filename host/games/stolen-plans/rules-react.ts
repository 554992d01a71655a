// Stolen Plans rules: the answers of a reaction window that names a card to act on, and the judge
// of a reaction card played in a window (A3, A4, B17, B18, ST3, H2).

import { CARDS } from './cards.ts';
import { reactCards, reactEffect, reactTargets } from './rules-facts.ts';
import { sawProblem } from './rules-saw.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { handOf, type SpData, type SpMove, type SpState } from './state.ts';

/** A window's answers when a reaction names the card it acts on: each card in hand that acts in it, on each card it may name; and the pass. */
export function targetedReactMoves(s: SpState, actor: ActorId, data: SpData): SpMove[] {
  const moves: SpMove[] = [];
  for (const card of handOf(s, actor)) {
    const effect = reactEffect(card, data.at);
    if (effect === null) continue;
    for (const on of reactTargets(s, data, effect)) moves.push({ actor, type: 'react', card, on });
  }
  moves.push({ actor, type: 'pass' });
  return moves;
}

export function reactProblem(s: SpState, move: SpMove, data: SpData): string | null {
  if (move.type !== 'react') return `answer the ${data.at} window with a card that answers in it, or pass (W1)`;
  if (!handOf(s, move.actor).includes(move.card)) return `you do not hold ${move.card}`;
  const name = CARDS.type(move.card).name;
  switch (data.at) {
    case 'target-response':
      // H2: Saw Gerrera with a Rebel Hero answers any card played against you.
      if (move.with !== undefined) return sawProblem(s, move);
      return reactCards(s, move.actor, 'target-response', data.attack, data.effect).includes(move.card) && move.on === undefined
        ? null
        : `${name} does not answer ${data.attack.map((c) => CARDS.type(c).name).join(' and ')} (A3, ST2, B23)`;
    case 'turn-start':
    case 'attack-failed':
      return reactCards(s, move.actor, data.at, [], data.at === 'turn-start' ? 'skip-turn' : 'attack').includes(move.card) && move.on === undefined
        ? null
        : `${name} is not played ${data.at === 'turn-start' ? "at the start of another player's turn (B17)" : 'when your attack fails (B18)'}`;
    case 'defend-played':
    case 'heroes-played': {
      const effect = reactEffect(move.card, data.at);
      if (effect === null) return `${name} is not played ${data.at === 'defend-played' ? 'as Defend cards are played (A4)' : 'as Rebel Heroes steal (ST3)'}`;
      if (move.on === undefined || !reactTargets(s, data, effect).includes(move.on)) {
        return effect === 'capture-hero'
          ? 'choose a Rebel Hero being played that no Capture has taken yet (B10)'
          : 'choose a Defend card being played that is not cancelled yet (B18)';
      }
      return null;
    }
    default:
      return 'nothing is answered with a card now';
  }
}
