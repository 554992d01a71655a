// Stolen Plans rules: the moves of a turn built directly from the state (T2, T8: menus are built from
// them): every play from hand, the resources, the squad cards' uses, and the ways to reveal Continue Play.

import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, perCard, typeOf } from './cards.ts';
import { eliminateMoves, isElimination } from './rules-eliminations.ts';
import { resourceMoves } from './rules-resources.ts';
import {
  actionPlays,
  activeResourcesOf,
  attackPlays,
  givePlay,
  giveMoves,
  isCrush,
  assaultCount,
  attackWays,
  holders,
  isHero,
  jediOnly,
  oneTargetSteal,
  passAllowed,
  placeJediProblem,
  sortedIds,
  stealBonuses,
  strikeCount,
} from './rules-facts.ts';
import { jediOnTurn, moveSquadMoves, placeMoves, useSquadMoves } from './rules-squads.ts';
import type { Play } from './schema.ts';
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
  handPlays(s, actor, moves);
  moves.push(...resourceMoves(s, actor), ...useSquadMoves(s, actor));
  if (passAllowed(s)) moves.push({ actor, type: 'pass' });
  return moves;
}

/** Which kinds of play from hand on one's own turn a card has, read once per card (handPlays asks for every card of the hand). */
const turnPlaysOf = perCard((card: string) => ({
  attack: attackPlays(card).length > 0,
  strike: strikeCount(card) !== null,
  assault: assaultCount(card) !== null,
  steal: oneTargetSteal(card) !== null,
  placeJedi: CARDS.has(card, 'jedi-card'),
  action: actionPlays(card).length > 0,
  jediOnly: jediOnly(card),
  mindTrick: CARDS.play(card, 'own-turn', 'peek-and-take') !== null,
  forceVision: CARDS.play(card, 'own-turn', 'special') !== null,
  jediWisdom: CARDS.play(card, 'own-turn', 'take-from-discard') !== null,
  hero: isHero(card),
  give: givePlay(card) !== null,
  crush: isCrush(card),
  eliminate: isElimination(card),
}));

/** The plays of a card or a set from hand on one's own turn (T2's "play"; all Food's extra play allows: T5), pushed onto `moves`. */
export function handPlays(s: SpState, actor: ActorId, moves: SpMove[] = []): SpMove[] {
  const hand = handOf(s, actor);
  const others = othersFrom(s, actor);
  const withCards = others.filter((p) => handOf(s, p).length > 0);
  // J2: Jedi Only cards on one's own turn: a Jedi, or a player with Force-Attuned in front of them (RO3); asked once, when a card needs it.
  let jedi: boolean | null = null;
  let seen: Set<string> | null = null;
  const heroes: string[] = [];
  const crushes: string[] = [];
  let gifts = false;
  let eliminations = false;
  for (const card of hand) {
    const can = turnPlaysOf(card);
    if (can.hero) heroes.push(card);
    if (can.crush) crushes.push(card);
    if (can.give) gifts = true;
    if (can.eliminate) eliminations = true;
  }
  for (const card of hand) {
    const can = turnPlaysOf(card);
    // Each copy of a card is a card of its own: each has its moves.
    if (can.attack)
      for (const way of attackWays(hand, card, crushes)) {
        for (const target of others)
          moves.push(way.with.length === 0 ? { actor, type: 'attack', card, target } : { actor, type: 'attack', card, target, with: way.with });
      }
    if (can.strike) for (const target of others) moves.push({ actor, type: 'strike', card, target });
    if (can.assault) for (const target of others) moves.push({ actor, type: 'assault', card, target });
    if (can.steal) {
      for (const target of withCards) moves.push({ actor, type: 'steal', card, target });
      for (const bonus of stealBonuses(hand, card)) for (const target of withCards) moves.push({ actor, type: 'steal', card, target, with: [bonus] });
    }
    if (can.placeJedi && placeJediProblem(s, actor) === null) moves.push({ actor, type: 'place-jedi', card });
    if (can.action) actionMoves(s, actor, card, moves);
    if (can.jediOnly && (jedi ??= jediOnTurn(s, actor))) {
      if (can.mindTrick) for (const target of withCards) moves.push({ actor, type: 'mind-trick', card, target });
      if (can.forceVision && s.drawPile.length > 0) moves.push({ actor, type: 'force-vision', card });
      if (can.jediWisdom) {
        seen ??= new Set<string>();
        for (const take of s.discard)
          if (!seen.has(`${card}:${take}`)) {
            seen.add(`${card}:${take}`);
            moves.push({ actor, type: 'jedi-wisdom', card, take });
          }
      }
    }
  }
  // Two Rebel Heroes together: a steal of 2 from any combination of other players (ST1, H1).
  heroes.sort();
  if (withCards.length > 0) {
    heroes.forEach((a, i) => {
      for (const b of heroes.slice(i + 1)) {
        withCards.forEach((x, j) => {
          for (const y of withCards.slice(j)) moves.push({ actor, type: 'hero-steal', cards: [a, b], victims: [x, y] });
        });
      }
    });
  }
  if (gifts) moves.push(...giveMoves(s, actor));
  if (eliminations) moves.push(...eliminateMoves(s, actor));
  return moves;
}

/** The action moves `card` allows from this hand (with its companions, at its targets), each of its ways. */
export function actionMoves(s: SpState, actor: ActorId, card: string, into: SpMove[] = []): SpMove[] {
  const plays = actionPlays(card);
  for (const play of plays) {
    const moves = actionMovesOf(s, actor, card, play);
    if (plays.length > 1) into.push(...moves.map((m) => ({ ...m, way: play.id })));
    else for (const m of moves) into.push(m);
  }
  return into;
}

function actionMovesOf(s: SpState, actor: ActorId, card: string, play: Play): SpMove[] {
  const hand = handOf(s, actor);
  switch (play.effect.kind) {
    case 'draw':
      return s.drawPile.length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'win': {
      const companions: string[] = [];
      for (const c of play.with ?? []) {
        const found = hand.find((h) => h !== card && c.card !== undefined && typeOf(h) === c.card && !companions.includes(h));
        if (found === undefined) return [];
        companions.push(found);
      }
      return [{ actor, type: 'action', card, with: sortedIds(companions) }];
    }
    case 'place':
      // RO6: the Cargo Ship goes beside the discard pile while none is there (its needs: cargo-ship-not-in-play).
      if (play.effect.where === 'beside-discard') return s.cargo !== null ? [] : [{ actor, type: 'action', card }];
      // RO4: Gather Intelligence and Defection nominate another player as they are placed.
      return placeMoves(s, actor, card, play);
    case 'destroy-cargo':
      // RO7: the AT-ACT destroys the Cargo Ship when one is in play (cargo-ship-in-play, D15).
      return s.cargo !== null ? [{ actor, type: 'action', card }] : [];
    case 'move-squad':
      // RO5: the U-Wing, at another player with a squad card in front of them (D15).
      return moveSquadMoves(s, actor, card);
    case 'counter-advantage':
      return [...new Set(advantageOwners(s, actor))].map((target) => ({ actor, type: 'action', card, target }));
    case 'remove-jedi':
      return [{ actor, type: 'action', card }];
    case 'take-from-discard':
      return s.discard.length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'peek-and-take':
      return holders(s, othersFrom(s, actor)).length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'pass-hands':
      return [{ actor, type: 'action', card }];
    case 'discard':
      if (play.effect.who === 'each-other') return [{ actor, type: 'action', card }];
      return holders(s, othersFrom(s, actor)).map((target) => ({ actor, type: 'action', card, target }));
    case 'steal':
    case 'collect':
      // Scavenger's steal from each other player, Friendly Gesture's collection: some other player must hold a card (D15).
      return holders(s, othersFrom(s, actor)).length > 0 ? [{ actor, type: 'action', card }] : [];
    case 'deactivate-resources':
      // R3: Explosives acts on every other player, Detonator on one; both need an Active resource to act on (D15).
      if (play.effect.who === 'each-other')
        return othersFrom(s, actor).some((p) => activeResourcesOf(s, p).length > 0) ? [{ actor, type: 'action', card }] : [];
      return othersFrom(s, actor)
        .filter((p) => activeResourcesOf(s, p).length > 0)
        .map((target) => ({ actor, type: 'action', card, target }));
    default:
      return [];
  }
}

/** The owner of an Advantage (a card whose passive is draw-count) in play other than `actor`'s. */
export function advantageOwners(s: SpState, actor: ActorId): ActorId[] {
  return s.inPlay.filter((c) => c.owner !== actor && (CARDS.type(c.card).inPlay ?? []).some((x) => x.kind === 'draw-count')).map((c) => c.owner);
}
