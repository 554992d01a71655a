// Stolen Plans rules: the legal moves, built directly from the state (T2, T8: menus are built from them).

import { CHANCE, isWaitingOn } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, typeOf } from './cards.ts';
import {
  top,
  reactCards,
  reactEffect,
  jediOnly,
  isHero,
  defendCards,
  combos,
  sortedIds,
  permutations,
  attackWays,
  stealBonuses,
  strikeCount,
  actionMoves,
  assaultCount,
  besideOf,
  giveMoves,
  reactTargets,
  passAllowed,
  placeJediProblem,
  oneTargetSteal,
} from './rules-facts.ts';
import { cargoMoves, discardingMoves } from './rules-cargo.ts';
import { resourceMoves, windowResource } from './rules-resources.ts';
import { sawMoves } from './rules-saw.ts';
import { eliminateMoves, eliminationMoves } from './rules-eliminations.ts';
import { jediOnTurn, squadWindowMoves, useSquadMoves } from './rules-squads.ts';
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

export function legalMoves(s: SpState, actor: ActorId): SpMove[] {
  const d = top(s);
  if (d === null || actor === CHANCE || !isWaitingOn(d, actor)) return [];
  // T3, D33: the Cargo Ship's owner may unload it whenever they are asked anything, before their answer.
  const unload = cargoMoves(s, actor);
  const moves = decisionMoves(s, actor, d.data);
  return unload.length === 0 ? moves : [...unload, ...moves];
}

function decisionMoves(s: SpState, actor: ActorId, data: SpState['stack'][number]['data']): SpMove[] {
  switch (data.at) {
    case 'turn':
      return turnMoves(s, actor);
    case 'extra-play':
      return handPlays(s, actor);
    case 'after-play':
    case 'after-draw': {
      // Food is offered only when an extra play exists (the window itself opens from public facts: W1).
      const card = windowResource(s, actor, data.at);
      const moves: SpMove[] = card !== null && (data.at === 'after-draw' || handPlays(s, actor).length > 0) ? [{ actor, type: 'react', card }] : [];
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'steal-peek': {
      const card = windowResource(s, actor, 'steal-peek');
      return [...(card !== null ? [{ actor, type: 'react', card } as const] : []), { actor, type: 'pass' }];
    }
    case 'last-card': {
      // B16: Continue Play revealed with the Darth Vader Attack.
      const moves: SpMove[] = [];
      for (const { card, companions } of continueWays(s, actor)) for (const with_ of companions) moves.push({ actor, type: 'react', card, with: with_ });
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'scout-played': {
      const moves: SpMove[] = reactCards(s, actor, 'scout-played', [data.card], 'peek-and-take').map((card) => ({ actor, type: 'react', card }));
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'assault-beside':
      return [...besideOf(s, data.attacker, data.first).map((target): SpMove => ({ actor, type: 'beside', target })), { actor, type: 'pass' }];
    case 'friendly-gesture':
      return handOf(s, actor).map((card) => ({ actor, type: 'hand-over', card }));
    case 'vicious-order':
      return permutations(handOf(s, actor).filter((c) => CARDS.undiscardable(c))).map((cards) => ({ actor, type: 'order', cards }));
    case 'continue-shuffle':
      return [];
    case 'elimination':
      return eliminationMoves(s, actor, data);
    case 'imperial-played':
    case 'drawn':
    case 'nominate':
      return squadWindowMoves(s, actor, data);
    case 'target-response': {
      const moves: SpMove[] =
        data.effect === 'attack' && !data.crush
          ? combos(sortedIds(defendCards(s, actor)), s.rules.maxDefendCards).map((cards) => ({ actor, type: 'defend', cards }))
          : [];
      for (const card of reactCards(s, actor, 'target-response', data.attack, data.effect)) moves.push({ actor, type: 'react', card });
      moves.push(...sawMoves(s, actor));
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'turn-start':
    case 'attack-failed': {
      const moves: SpMove[] = reactCards(s, actor, data.at, [], data.at === 'turn-start' ? 'skip-turn' : 'attack').map((card) => ({
        actor,
        type: 'react',
        card,
      }));
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'defend-played':
    case 'heroes-played': {
      const moves: SpMove[] = [];
      for (const card of handOf(s, actor)) {
        const effect = reactEffect(card, data.at);
        if (effect === null) continue;
        for (const on of reactTargets(s, data, effect)) moves.push({ actor, type: 'react', card, on });
      }
      moves.push({ actor, type: 'pass' });
      return moves;
    }
    case 'choose-discards':
      return handOf(s, actor)
        .filter((c) => !CARDS.undiscardable(c))
        .map((card) => ({ actor, type: 'discard', card }));
    case 'mind-trick':
      return handOf(s, data.target).map((card) => ({ actor, type: 'take', card }));
    case 'force-vision':
      return permutations(s.drawPile.slice(0, data.count)).map((cards) => ({ actor, type: 'order', cards }));
    case 'search':
      return s.discard.map((card) => ({ actor, type: 'take', card }));
    case 'scout':
      return othersFrom(s, actor).flatMap((p) => handOf(s, p).map((card): SpMove => ({ actor, type: 'take', card })));
    case 'steal':
      return [];
    case 'discarding':
      return discardingMoves(s, actor);
  }
}
