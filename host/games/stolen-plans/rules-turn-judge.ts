// Stolen Plans rules: the judge of a turn's play (T2, T8), every rule with a reason naming the clause.

import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { eliminateProblem } from './rules-eliminations.ts';
import {
  actionPlay,
  actionPlays,
  assaultCount,
  attackPlays,
  attackWays,
  givePlay,
  isHero,
  jediOnly,
  oneTargetSteal,
  passAllowed,
  placeJediProblem,
  sameList,
  sameMove,
  sortedIds,
  stealBonuses,
  strikeCount,
} from './rules-facts.ts';
import { actionMoves } from './rules-turn-moves.ts';
import { resourceProblem } from './rules-resources.ts';
import { jediOnTurn, useSquadProblem } from './rules-squads.ts';
import { handOf, othersFrom, type SpMove, type SpState } from './state.ts';

export function turnProblem(s: SpState, move: SpMove, actor: ActorId): string | null {
  const hand = handOf(s, actor);
  const holds = (card: string): string | null => (hand.includes(card) ? null : `you do not hold ${card}`);
  const other = (p: ActorId): string | null => (s.players.includes(p) && p !== actor ? null : `choose another player at the table, not "${p}"`);
  const jediCheck = (card: string): string | null =>
    s.jediRemoved
      ? `Remove Jedi was played: ${CARDS.type(card).name} does nothing any more (J3)`
      : jediOnTurn(s, actor)
        ? null
        : `${CARDS.type(card).name} is a Jedi Only card: only a player with a Jedi card${s.allCards.some((c) => CARDS.type(c).inPlay?.some((x) => x.kind === 'jedi-only-on-own-turn')) ? ' (or Force-Attuned)' : ''} in front of them may play it (J2)`;
  switch (move.type) {
    case 'draw':
      return s.drawPile.length === 0 ? 'the draw pile is empty' : null;
    case 'pass':
      if (passAllowed(s)) return null;
      return s.rules.passAllowedWhenPileEmpty
        ? 'you may pass only once the draw pile is empty (There is another!, E4): draw or play'
        : 'there is no passing: draw a card or play one (T2)';
    case 'attack': {
      const problem =
        holds(move.card) ?? other(move.target) ?? (attackPlays(move.card).length === 0 ? `${CARDS.type(move.card).name} is not an Attack card` : null);
      if (problem) return problem;
      const named = move.with ?? [];
      if (named.length === 0)
        return attackPlays(move.card).some((p) => p.companion === null) ? null : `${CARDS.type(move.card).name} is played with its companion card`;
      for (const c of named) if (!hand.includes(c) || c === move.card) return `you do not hold ${c} to play with it`;
      if (!attackWays(hand, move.card).some((w) => sameList(w.with, named))) {
        return `${named.map((c) => CARDS.type(c).name).join(' and ')} cannot go with ${CARDS.type(move.card).name} (name the companions in the order of their ids)`;
      }
      return null;
    }
    case 'strike':
      return holds(move.card) ?? other(move.target) ?? (strikeCount(move.card) === null ? `${CARDS.type(move.card).name} is not a Strike` : null);
    case 'steal':
      return (
        holds(move.card) ??
        other(move.target) ??
        (oneTargetSteal(move.card) !== null
          ? null
          : actionPlays(move.card).some((p) => p.effect.kind === 'steal')
            ? `${CARDS.type(move.card).name} steals from each other player, not from one: play it as an action, way steal-each (or way search: 3 cards of the discard pile) (B15)`
            : `${CARDS.type(move.card).name} is not a Steal card`) ??
        (handOf(s, move.target).length === 0 ? `${move.target} has no cards to steal (ST1)` : null) ??
        ((move.with ?? []).length === 0 || (move.with?.length === 1 && stealBonuses(hand, move.card).includes(move.with[0] as string))
          ? null
          : `only a Steal Bonus goes with ${CARDS.type(move.card).name}, and only with Boba Fett (B7)`)
      );
    case 'hero-steal': {
      const [a, b] = move.cards;
      for (const c of move.cards) {
        const h = holds(c);
        if (h) return h;
        if (!isHero(c)) return `${CARDS.type(c).name} is not a Rebel Hero: a steal takes two Rebel Heroes (H1)`;
      }
      if (a === b || !sameList(move.cards, sortedIds(move.cards))) return 'name two different Rebel Heroes, in the order of their ids';
      for (const v of move.victims) {
        const o = other(v);
        if (o) return o;
        if (handOf(s, v).length === 0) return `${v} has no cards to steal (ST1)`;
      }
      const order = othersFrom(s, actor);
      if (order.indexOf(move.victims[0]) > order.indexOf(move.victims[1])) return 'name the victims in seat order from your left';
      return null;
    }
    case 'place-jedi':
      return holds(move.card) ?? (CARDS.has(move.card, 'jedi-card') ? null : `${CARDS.type(move.card).name} is not a Jedi card`) ?? placeJediProblem(s, actor);
    case 'mind-trick':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'peek-and-take') === null || !jediOnly(move.card) ? `${CARDS.type(move.card).name} is not Jedi Mind Trick` : null) ??
        jediCheck(move.card) ??
        other(move.target) ??
        (handOf(s, move.target).length === 0 ? `${move.target} has no cards to look at (D15)` : null)
      );
    case 'force-vision':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'special') === null || !jediOnly(move.card) ? `${CARDS.type(move.card).name} is not Force Vision` : null) ??
        jediCheck(move.card) ??
        (s.drawPile.length === 0 ? 'the draw pile is empty: Force Vision has nothing to show (D15)' : null)
      );
    case 'jedi-wisdom':
      return (
        holds(move.card) ??
        (CARDS.play(move.card, 'own-turn', 'take-from-discard') === null || !jediOnly(move.card) ? `${CARDS.type(move.card).name} is not Jedi Wisdom` : null) ??
        jediCheck(move.card) ??
        (s.discard.includes(move.take) ? null : `${move.take} is not in the discard pile`)
      );
    case 'action': {
      const problem = holds(move.card);
      if (problem) return problem;
      const plays = actionPlays(move.card);
      if (plays.length === 0) return `${CARDS.type(move.card).name} is not played on its own on your turn`;
      if (plays.length > 1 && move.way === undefined)
        return `${CARDS.type(move.card).name} is played one of ${plays.length} ways: name it (way: ${plays.map((p) => p.id).join(' or ')})`;
      const play = actionPlay(move.card, move.way);
      if (play === null || (plays.length === 1 && move.way !== undefined && move.way !== play.id))
        return `${CARDS.type(move.card).name} has no way "${move.way}"${plays.length > 1 ? ` (way: ${plays.map((p) => p.id).join(' or ')})` : ''}`;
      if (actionMoves(s, actor, move.card).some((m) => sameMove(m, move))) return null;
      switch (play.effect.kind) {
        case 'draw':
          return 'the draw pile is empty: there is nothing to draw (D15)';
        case 'win':
          return `${CARDS.type(move.card).name} is played with ${(play.with ?? []).map((c) => (c.card === undefined ? '' : CARDS.catalog.card(c.card).name)).join(' and ')} from your hand (B1, B6)`;
        case 'counter-advantage':
          return "Counter discards another player's Advantage in play: name its owner (B2, D32)";
        case 'take-from-discard':
          return 'the discard pile is empty (D15)';
        case 'discard':
          return `${CARDS.type(move.card).name} is aimed at another player holding cards (D15)`;
        case 'peek-and-take':
        case 'steal':
        case 'collect':
          return `no other player holds a card: ${CARDS.type(move.card).name} has no use (D15)`;
        case 'destroy-cargo':
          return 'there is no Cargo Ship beside the discard pile to destroy (RO7, D15)';
        case 'place':
          if (play.effect.where === 'beside-discard') return 'the Cargo Ship is already beside the discard pile: one at most (RO6)';
          return (play.effect.nominate ?? false)
            ? `${CARDS.type(move.card).name} is placed nominating another player: name them (target) (RO4)`
            : `${CARDS.type(move.card).name} is placed in front of you, at nobody (RO1)`;
        case 'move-squad':
          return `${CARDS.type(move.card).name} is aimed at another player with a Rogue One Squad card in front of them (RO5, D15)`;
        case 'deactivate-resources':
          return play.effect.who === 'each-other'
            ? `no other player has an Active resource: ${CARDS.type(move.card).name} has nothing to act on (R3, D15)`
            : `${CARDS.type(move.card).name} is aimed at another player with an Active resource (R3, D15)`;
        default:
          return `${CARDS.type(move.card).name} is played on its own`;
      }
    }
    case 'assault':
      return holds(move.card) ?? other(move.target) ?? (assaultCount(move.card) === null ? `${CARDS.type(move.card).name} is not an Assault` : null);
    case 'give': {
      const problem = holds(move.card) ?? other(move.target);
      if (problem) return problem;
      if (givePlay(move.card) === null) return `${CARDS.type(move.card).name} does not give a card`;
      if (move.gift === move.card || !hand.includes(move.gift)) return `give another card of your hand than ${CARDS.type(move.card).name} (B21, X1)`;
      return null;
    }
    case 'resource':
    case 'reactivate':
      return resourceProblem(s, move);
    case 'use-squad':
      return useSquadProblem(s, move);
    case 'eliminate':
      return eliminateProblem(s, move);
    case 'defend':
      return 'a Defend card is played only against an Attack on you, never on your own turn (A3)';
    default:
      return `a ${move.type} is not a turn's play (T2)`;
  }
}
