// Stolen Plans rules: the moves of a turn built directly from the state (T2, T8: menus are built from
// them): every play from hand, the resources, the squad cards' uses, and the ways to reveal Continue Play.

import type { ActorId } from '../../engine/game.ts';
import { CARDS, typeOf } from './cards.ts';
import { eliminateMoves } from './rules-eliminations.ts';
import {
  actionMoves,
  giveMoves,
  assaultCount,
  attackWays,
  isHero,
  jediOnly,
  oneTargetSteal,
  passAllowed,
  placeJediProblem,
  sortedIds,
  stealBonuses,
  strikeCount,
} from './rules-facts.ts';
import { resourceMoves } from './rules-resources.ts';
import { jediOnTurn, useSquadMoves } from './rules-squads.ts';
import { handOf, othersFrom, type SpMove, type SpState } from './state.ts';

/** The ways `actor` may reveal Continue Play in `last-card`: each Continue Play card, with each choice of its companions (B16). */
export function continueWays(s: SpState, actor: ActorId): { card: string; companions: string[][] }[] {
  const hand = handOf(s, actor);
  return hand.flatMap((card) => {
    const play = CARDS.type(card).plays.find((p) => p.when === 'window:last-card' && p.effect.kind === 'continue-play');
    if (play === undefined) return [];
    let choices: string[][] = [[]];
    for (const c of play.with ?? []) {
      const options = hand.filter((h) => h !== card && c.card !== undefined && typeOf(h) === c.card);
      choices = choices.flatMap((chosen) => options.filter((o) => !chosen.includes(o)).map((o) => sortedIds([...chosen, o])));
    }
    return choices.length > 0 ? [{ card, companions: choices }] : [];
  });
}

/** The turn's moves (T2): draw, every play from hand, the resources (T6), and the pass under There is another! (E4). */
export function turnMoves(s: SpState, actor: ActorId): SpMove[] {
  const moves: SpMove[] = [];
  if (s.drawPile.length > 0) moves.push({ actor, type: 'draw' });
  moves.push(...handPlays(s, actor), ...resourceMoves(s, actor), ...useSquadMoves(s, actor));
  if (passAllowed(s)) moves.push({ actor, type: 'pass' });
  return moves;
}

/** The plays of a card or a set from hand on one's own turn (T2's "play"; all Food's extra play allows: T5). */
export function handPlays(s: SpState, actor: ActorId): SpMove[] {
  const moves: SpMove[] = [];
  const hand = handOf(s, actor);
  const others = othersFrom(s, actor);
  const withCards = others.filter((p) => handOf(s, p).length > 0);
  // J2: Jedi Only cards on one's own turn: a Jedi, or a player with Force-Attuned in front of them (RO3).
  const jedi = jediOnTurn(s, actor);
  const seen = new Set<string>();
  for (const card of hand) {
    // One move per card type and target is enough for two copies of a card? No: each copy is a card; list each.
    for (const way of attackWays(hand, card)) {
      for (const target of others)
        moves.push(way.with.length === 0 ? { actor, type: 'attack', card, target } : { actor, type: 'attack', card, target, with: way.with });
    }
    if (strikeCount(card) !== null) for (const target of others) moves.push({ actor, type: 'strike', card, target });
    if (assaultCount(card) !== null) for (const target of others) moves.push({ actor, type: 'assault', card, target });
    if (oneTargetSteal(card) !== null) {
      for (const target of withCards) moves.push({ actor, type: 'steal', card, target });
      for (const bonus of stealBonuses(hand, card)) for (const target of withCards) moves.push({ actor, type: 'steal', card, target, with: [bonus] });
    }
    if (CARDS.has(card, 'jedi-card') && placeJediProblem(s, actor) === null) moves.push({ actor, type: 'place-jedi', card });
    if (!seen.has(`action:${card}`)) moves.push(...actionMoves(s, actor, card));
    if (jediOnly(card) && jedi) {
      if (CARDS.play(card, 'own-turn', 'peek-and-take') !== null) for (const target of withCards) moves.push({ actor, type: 'mind-trick', card, target });
      if (CARDS.play(card, 'own-turn', 'special') !== null && s.drawPile.length > 0) moves.push({ actor, type: 'force-vision', card });
      if (CARDS.play(card, 'own-turn', 'take-from-discard') !== null) {
        for (const take of s.discard)
          if (!seen.has(`${card}:${take}`)) {
            seen.add(`${card}:${take}`);
            moves.push({ actor, type: 'jedi-wisdom', card, take });
          }
      }
    }
  }
  // Two Rebel Heroes together: a steal of 2 from any combination of other players (ST1, H1).
  const heroes = sortedIds(hand.filter(isHero));
  if (withCards.length > 0) {
    heroes.forEach((a, i) => {
      for (const b of heroes.slice(i + 1)) {
        withCards.forEach((x, j) => {
          for (const y of withCards.slice(j)) moves.push({ actor, type: 'hero-steal', cards: [a, b], victims: [x, y] });
        });
      }
    });
  }
  moves.push(...giveMoves(s, actor), ...eliminateMoves(s, actor));
  return moves;
}
