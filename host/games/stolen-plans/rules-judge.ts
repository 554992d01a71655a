// Stolen Plans rules: the judge, every rule with a reason for people naming the clause (T8).

import { chanceMoveProblem } from '../../engine/chance.ts';
import { answerProblem, CHANCE } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import {
  top,
  reactCards,
  reactEffect,
  isJedi,
  jediOnly,
  isHero,
  sortedIds,
  sameList,
  attackPlays,
  attackWays,
  stealBonuses,
  strikeCount,
  actionPlay,
  actionPlays,
  actionMoves,
  assaultCount,
  besideOf,
  givePlay,
  sameMove,
  reactTargets,
  passAllowed,
  placeJediProblem,
  oneTargetSteal,
} from './rules-facts.ts';
import { continueWays, handPlays } from './rules-legal.ts';
import { discardingProblem, unloadProblem } from './rules-cargo.ts';
import { eliminateProblem, eliminationProblem } from './rules-eliminations.ts';
import { resourceProblem, windowResource } from './rules-resources.ts';
import { sawProblem } from './rules-saw.ts';
import { jediOnTurn, squadWindowProblem, useSquadProblem } from './rules-squads.ts';
import { handOf, othersFrom, type SpData, type SpMove, type SpState } from './state.ts';

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

export function judge(s: SpState, move: SpMove): string | null {
  const d = top(s);
  if (d === null || s.winners !== null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (move.actor === CHANCE) return `"${CHANCE}" only draws chance outcomes`;
  if (!s.players.includes(move.actor)) return `"${move.actor}" is not at this table`;
  const data = d.data;
  if (move.type === 'pass' && data.at !== 'turn') return answerProblem(d, move.actor, 'pass');
  // T3, D33: unloading the Cargo Ship answers nothing; its owner may do it whenever they are asked.
  if (move.type === 'unload') return unloadProblem(s, move);
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  // Companions go with a reaction only where a play with companions answers (Continue Play with the Darth Vader Attack, Saw Gerrera with a hero).
  if (move.type === 'react' && move.with !== undefined && data.at !== 'last-card' && data.at !== 'target-response')
    return `nothing is revealed with ${CARDS.type(move.card).name} here`;
  const hand = handOf(s, move.actor);
  switch (data.at) {
    case 'turn':
      return turnProblem(s, move, move.actor);
    case 'extra-play': {
      // T5: Food's extra play is a card or a set from hand: not a draw, a resource or a reactivation.
      if (move.type === 'draw' || move.type === 'resource' || move.type === 'reactivate' || move.type === 'use-squad' || move.type === 'pass')
        return "Food's extra play is a card or a set from your hand (T5)";
      return turnProblem(s, move, move.actor);
    }
    case 'after-play':
    case 'after-draw':
    case 'steal-peek': {
      if (move.type !== 'react')
        return `answer the ${data.at} window with your ${data.at === 'after-play' ? 'Food' : data.at === 'after-draw' ? 'Water' : 'Tracking Beacon'}, or pass`;
      const card = windowResource(s, move.actor, data.at);
      if (card === null || move.card !== card) {
        return data.at === 'steal-peek'
          ? 'only your Active Tracking Beacon peeks at the cards being stolen (ST5)'
          : `only your Active ${data.at === 'after-play' ? 'Food, after your play' : 'Water, after your draw'}, when no resource was used this turn (T4, T5, T6)`;
      }
      if (data.at === 'after-play' && handPlays(s, move.actor).length === 0) return 'you have no card to play again with Food (T5)';
      return move.on === undefined && move.with === undefined ? null : 'a resource acts on nothing else';
    }
    case 'last-card': {
      if (move.type !== 'react') return 'reveal Continue Play with the Darth Vader Attack, or pass (B16)';
      const way = continueWays(s, move.actor).find((x) => x.card === move.card);
      if (way === undefined) return `${CARDS.type(move.card).name} is not Continue Play in your hand (B16)`;
      return way.companions.some((c) => sameList(c, move.with ?? [])) ? null : 'Continue Play is revealed with the Darth Vader Attack from your hand (B16, E3)';
    }
    case 'scout-played':
      if (move.type !== 'react') return 'cancel the Scout with Evade Scout, or pass (X2)';
      return reactCards(s, move.actor, 'scout-played', [data.card], 'peek-and-take').includes(move.card) && move.on === undefined && move.with === undefined
        ? null
        : `${CARDS.type(move.card).name} does not cancel a Scout (X2)`;
    case 'assault-beside':
      if (move.type !== 'beside') return 'name the second target beside the first, or pass (B26)';
      return besideOf(s, data.attacker, data.first).includes(move.target)
        ? null
        : `the second target sits beside ${data.first} and is not you: ${besideOf(s, data.attacker, data.first).join(' or ')} (B26, D24)`;
    case 'friendly-gesture':
      if (move.type !== 'hand-over') return 'give the player of Friendly Gesture one card of your hand (X1)';
      return hand.includes(move.card) ? null : `you do not hold ${move.card}`;
    case 'vicious-order': {
      if (move.type !== 'order') return 'put your cards that cannot be discarded on the draw pile, in the order you choose (X3)';
      const kept = hand.filter((c) => CARDS.undiscardable(c));
      return sameList(sortedIds(move.cards), sortedIds(kept)) && new Set(move.cards).size === move.cards.length
        ? null
        : `order exactly your ${kept.length} cards that cannot be discarded (X3)`;
    }
    case 'continue-shuffle':
      return 'the discard pile is shuffled by the engine (E3)';
    case 'elimination':
      return eliminationProblem(s, move, data);
    case 'imperial-played':
    case 'drawn':
    case 'nominate':
      return squadWindowProblem(s, move, data);
    case 'turn-start':
    case 'attack-failed':
    case 'defend-played':
    case 'heroes-played':
      return reactProblem(s, move, data);
    case 'target-response': {
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
    }
    case 'choose-discards':
      if (move.type !== 'discard') return `choose a card to lose (${data.remaining} to go) (L1)`;
      if (!hand.includes(move.card)) return `you do not hold ${move.card}`;
      return CARDS.undiscardable(move.card) ? `${CARDS.type(move.card).name} can never be discarded (L1)` : null;
    case 'mind-trick':
      if (move.type !== 'take') return 'take one card of the hand you are looking at (J4)';
      return handOf(s, data.target).includes(move.card) ? null : `${data.target} does not hold ${move.card}`;
    case 'force-vision': {
      if (move.type !== 'order') return 'put the cards you looked at back on the draw pile, in the order you choose (J4)';
      const seen = s.drawPile.slice(0, data.count);
      return sameList(sortedIds(move.cards), sortedIds(seen)) && new Set(move.cards).size === move.cards.length
        ? null
        : `put back exactly the ${data.count} cards you looked at`;
    }
    case 'scout':
      if (move.type !== 'take') return 'take one card of the hands you looked at (B19)';
      return othersFrom(s, move.actor).some((p) => handOf(s, p).includes(move.card)) ? null : `no other player holds ${move.card}`;
    case 'search':
      if (move.type !== 'take') return `take a card of your choice from the discard pile (${data.remaining} to go) (B3)`;
      return s.discard.includes(move.card) ? null : `${move.card} is not in the discard pile`;
    case 'steal':
      return 'the stolen card is picked at random by the engine (ST4)';
    case 'discarding':
      return discardingProblem(s, move);
  }
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
