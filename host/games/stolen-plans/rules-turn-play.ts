// Stolen Plans rules: the play of a turn's moves (T2): the plays from hand, the bonus actions, the
// resources, and what a play aimed at one player does once it goes through its target-response (THROUGH).

import type { Writer } from '../../engine/cow.ts';
import { answerTop, decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, typeOf } from './cards.ts';
import { isMovingAttack, startMoving } from './rules-atact.ts';
import { askable, destroyCargo, loseCard, placeCargo } from './rules-cargo.ts';
import { lossOver } from './rules-flow.ts';
import { playEliminate, startElimination } from './rules-eliminations.ts';
import {
  actionPlay,
  activeResourcesOf,
  answerable,
  assaultCount,
  attackWays,
  drawCount,
  holders,
  isCrush,
  isHero,
  jediOnly,
  oneTargetSteal,
  reactEffect,
  sameList,
  strikeCount,
} from './rules-facts.ts';
import { afterLoss, drawCards, loseCards, nextTurn, openTargetResponse, stealNext, THROUGH } from './rules-flow.ts';
import {
  activeResource,
  addToHand,
  endGame,
  flipResource,
  foodReady,
  know,
  playCards,
  push,
  settleR2,
  takeFromDiscard,
  takeFromHand,
  trackMove,
  ownStack,
  ownDiscard,
} from './rules-table.ts';
import { reactivateCost, resourcePlay } from './rules-resources.ts';
import { moveSquads, placeSquad, playUseSquad } from './rules-squads-play.ts';
import { handOf, leftOf, othersFrom, type Place, R2D2, seatOf, type SpData, type SpEvent, type SpMove, type SpState } from './state.ts';

export function playAction(s: SpState, w: Writer, move: Extract<SpMove, { type: 'action' }>, events: SpEvent[]): void {
  const actor = move.actor;
  const play = actionPlay(move.card, move.way);
  if (play === null) throw new Error(`${move.card} is not an action`);
  const effect = play.effect;
  switch (effect.kind) {
    case 'steal': {
      // B15 Scavenger: 1 card at random from each other player holding one, from your left (no target-response: W7).
      const victims = holders(s, othersFrom(s, actor));
      playCards(s, w, actor, 'scavenger', [move.card], victims, events);
      stealNext(s, w, actor, victims, events);
      return;
    }
    case 'collect': {
      // X1 Friendly Gesture: every other player holding a card gives you one of their choice (each answers, in any order).
      const asked = holders(s, othersFrom(s, actor));
      playCards(s, w, actor, 'friendly-gesture', [move.card], asked, events);
      push(s, w, decision<SpData>({ kind: 'friendly-gesture', asked, close: 'all-answered', data: { at: 'friendly-gesture', collector: actor } }));
      return;
    }
    case 'deactivate-resources': {
      if (effect.who === 'each-other') {
        // R3 Explosives: every other player's Active resources flip Inactive.
        playCards(s, w, actor, 'explosives', [move.card], othersFrom(s, actor), events);
        for (const p of othersFrom(s, actor)) for (const card of activeResourcesOf(s, p)) flipResource(s, card, false, events);
        nextTurn(s, w, events);
        return;
      }
      // R3 Detonator: one other player's, after their target-response.
      const target = move.target as ActorId;
      playCards(s, w, actor, 'detonator', [move.card], [target], events);
      openTargetResponse(s, w, actor, target, [move.card], 'other', 0, false, events);
      return;
    }
    case 'draw':
      playCards(s, w, actor, 'support', [move.card], [], events);
      if (!drawCards(s, w, actor, effect.count, events)) nextTurn(s, w, events);
      return;
    case 'win': {
      // B1, B6: the cards are shown (Traitor's stay in hand: the game is over, D27); the player wins whatever they hold.
      events.push({ type: 'played', player: actor, as: 'win', cards: [move.card, ...(move.with ?? [])], targets: [] });
      const name = s.names[seatOf(s, actor)] ?? actor;
      s.winners = [actor];
      s.summary = `${name} (${actor}) plays ${CARDS.type(move.card).name} and wins`;
      s.stack = [];
      events.push({ type: 'game-over', winners: [actor], r2d2: s.players.find((p) => handOf(s, p).includes(R2D2)) ?? null, summary: s.summary });
      return;
    }
    case 'place':
      if (effect.where === 'beside-discard') {
        // RO6: the Cargo Ship beside the discard pile.
        placeCargo(s, w, actor, move.card, events);
        nextTurn(s, w, events);
        return;
      }
      // RO1, RO4: a squad card (Gather Intelligence and Defection with their nominee), placed in front of you.
      if (move.target !== undefined) {
        placeSquad(s, w, actor, move.card, move.target, events);
        return;
      }
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'counter-advantage': {
      // B2: aimed at the Advantage's owner, who may answer with Saw Gerrera (D12, W7); then `playThrough`.
      const target = move.target as ActorId;
      playCards(s, w, actor, 'counter', [move.card], [target], events);
      openTargetResponse(s, w, actor, target, [move.card], 'other', 0, false, events);
      return;
    }
    case 'destroy-cargo':
      // RO7: the AT-ACT destroys the Cargo Ship and its cargo.
      destroyCargo(s, w, actor, move.card, events);
      nextTurn(s, w, events);
      return;
    case 'remove-jedi': {
      playCards(s, w, actor, 'remove-jedi', [move.card], [], events);
      const jedi = s.inPlay.filter((c) => CARDS.has(c.card, 'jedi-card'));
      s.inPlay = s.inPlay.filter((c) => !CARDS.has(c.card, 'jedi-card'));
      s.removed = [...s.removed, ...jedi.map((c) => c.card)];
      s.jediRemoved = true;
      nextTurn(s, w, events);
      return;
    }
    case 'take-from-discard': {
      // B3: the Search card lies on the table while its player searches, then goes to the discard pile.
      takeFromHand(s, w, actor, move.card);
      s.onTable = [...s.onTable, move.card];
      events.push({ type: 'played', player: actor, as: 'search', cards: [move.card], targets: [] });
      push(
        s,
        w,
        decision<SpData>({
          kind: 'search',
          asked: [actor],
          close: 'all-answered',
          data: { at: 'search', player: actor, remaining: Math.min(effect.count, s.discard.length) },
        }),
      );
      return;
    }
    case 'pass-hands': {
      // B9: every hand passes to the left at once (each player knows the hand they gave, now their neighbour's); then you draw.
      playCards(s, w, actor, 'movement', [move.card], s.players.slice(), events);
      const n = s.players.length;
      const before = s.hands.map((h) => h.slice());
      s.hands = before.map((_, i) => before[(i - 1 + n) % n] as string[]);
      const moved = (p: Place): Place => (p === 'pile' ? p : leftOf(s, p));
      s.known = [
        ...s.known.map((k) => ({ ...k, holder: moved(k.holder) })).filter((k) => k.viewer !== k.holder),
        ...s.players.flatMap((viewer, i) => (before[i] ?? []).map((card) => ({ viewer, holder: leftOf(s, viewer), card }))),
      ];
      s.r2Could = Object.fromEntries(s.players.map((viewer) => [viewer, (s.r2Could[viewer] ?? []).map(moved)]));
      settleR2(s);
      events.push({ type: 'hands-passed', by: actor });
      if (!drawCards(s, w, actor, effect.thenDraw, events)) nextTurn(s, w, events);
      return;
    }
    case 'peek-and-take': {
      playCards(s, w, actor, 'scout', [move.card], othersFrom(s, actor), events);
      // X2: before any hand is looked at, scout-played (quick) for Evade Scout, while one may be held (W5).
      const asked = holders(s, othersFrom(s, actor));
      if (asked.length > 0 && answerable(s, 'scout-played', [move.card], 'peek-and-take')) {
        push(
          s,
          w,
          decision<SpData>({
            kind: 'scout-played',
            asked,
            mayPass: true,
            close: 'first-taker',
            data: { at: 'scout-played', player: actor, card: move.card, quickSeconds: s.rules.quickWindowSeconds },
          }),
        );
        return;
      }
      scoutLook(s, w, actor, events);
      return;
    }
    case 'discard': {
      if (effect.who === 'each-other') {
        // B13: each other player, from your left, loses the count (L), one after the other.
        playCards(s, w, actor, typeOf(move.card) === 'burn-cards' ? 'burn' : typeOf(move.card), [move.card], othersFrom(s, actor), events);
        s.lossQueue = othersFrom(s, actor).map((player) => ({ player, count: typeof effect.count === 'number' ? effect.count : 0 }));
        afterLoss(s, w, events);
        return;
      }
      // B4 Discard All, X3 Vicious Attack: aimed at one player (target-response: Saw Gerrera, with Rogue One), then `playThrough`.
      const target = move.target as ActorId;
      playCards(s, w, actor, typeOf(move.card), [move.card], [target], events);
      openTargetResponse(s, w, actor, target, [move.card], 'other', 0, false, events);
      return;
    }
    case 'move-squad': {
      // RO5 U-Wing: aimed at one player (target-response), then their squad cards move to you (THROUGH).
      const target = move.target as ActorId;
      playCards(s, w, actor, 'transport-squad', [move.card], [target], events);
      openTargetResponse(s, w, actor, target, [move.card], 'other', 0, false, events);
      return;
    }
    default:
      throw new Error(`${move.card}: ${effect.kind} is not an action the rules play`);
  }
}

/** A play aimed at one player, with effect `other`, once it goes through its target-response (THROUGH). */
function playThrough(s: SpState, w: Writer, actor: ActorId, target: ActorId, cards: readonly string[], events: SpEvent[], squads?: readonly string[]): void {
  if (squads !== undefined) {
    // RO2: an elimination of one player's squad cards went through its target-response.
    startElimination(s, w, actor, squads, events);
    return;
  }
  const card = cards[0] as string;
  if (s.pending[0]?.step === 'hero-steal' && cards.every(isHero)) {
    heroStealGoesOn(s, w, events);
    return;
  }
  if (isMissATurn(card)) {
    // B17: the turn player answered nothing (or could not): their turn is over.
    events.push({ type: 'turn-missed', player: target, by: actor });
    nextTurn(s, w, events);
    return;
  }
  if (jediOnly(card) && CARDS.play(card, 'own-turn', 'peek-and-take') !== null) {
    mindTrickLook(s, w, actor, target, events);
    return;
  }
  const play = actionPlay(card);
  const effect = play?.effect;
  if (effect?.kind === 'counter-advantage') {
    // B2: the target's Advantage is discarded.
    const i = s.inPlay.findIndex((c) => c.owner === target && (CARDS.type(c.card).inPlay ?? []).some((x) => x.kind === 'draw-count'));
    const inPlay = w.own(s, 'inPlay');
    const [advantage] = inPlay.splice(i, 1);
    if (advantage !== undefined) ownDiscard(s, w).push(advantage.card);
    nextTurn(s, w, events);
    return;
  }
  if (effect?.kind === 'move-squad') {
    moveSquads(s, w, actor, target, events);
    return;
  }
  if (effect?.kind === 'deactivate-resources') {
    // R3 Detonator: the target's Active resources flip Inactive.
    for (const r of activeResourcesOf(s, target)) flipResource(s, r, false, events);
    nextTurn(s, w, events);
    return;
  }
  if (effect?.kind !== 'discard') throw new Error(`${card} does not go through as an effect of its own`);
  if (effect.cannotBeDiscarded === 'top-of-draw-pile') {
    // X3: every card that can be discarded goes; the others go face down on top of the draw pile, in the order the target chooses.
    for (const c of handOf(s, target).filter((x) => !CARDS.undiscardable(x))) loseCard(s, w, target, c, events);
    const kept = handOf(s, target).length;
    if (kept > 1) {
      push(
        s,
        w,
        decision<SpData>({ kind: 'vicious-order', asked: [target], close: 'all-answered', data: { at: 'vicious-order', player: target, count: kept } }),
      );
      return;
    }
    putOnPile(s, w, target, handOf(s, target).slice(), events);
    // The Cargo Ship's owner may look through the cards lost (RO6), then the turn ends.
    lossOver(s, w, events);
    return;
  }
  // B4, D18: the target discards every card they can; R2-D2 and the Decoy pass to you; Lose the Game stays.
  const passes = effect.passes ?? [];
  for (const c of handOf(s, target).slice()) {
    if (passes.includes(typeOf(c))) {
      takeFromHand(s, w, target, c);
      addToHand(s, w, actor, c);
      know(s, target, actor, c);
      events.push({ type: 'stolen', thief: actor, victim: target, card: c });
      trackMove(s, target, actor, c, [actor, target]);
    } else if (!CARDS.undiscardable(c)) loseCard(s, w, target, c, events);
  }
  settleR2(s);
  lossOver(s, w, events);
}
THROUGH.play = playThrough;

/**
 * A hero steal (ST1, ST3, W7): its next victim not yet asked gets target-response (Saw Gerrera, while one and a hero may be
 * held); once every victim has let it go, heroes-played (Capture), then the cards are picked (ST4).
 */
function heroStealGoesOn(s: SpState, w: Writer, events: SpEvent[]): void {
  const [step, ...rest] = s.pending;
  if (step?.step !== 'hero-steal') throw new Error('no hero steal under way');
  const next = [...new Set(step.victims)].find((v) => !step.asked.includes(v));
  if (next !== undefined) {
    s.pending = [{ ...step, asked: [...step.asked, next] }, ...rest];
    openTargetResponse(s, w, step.thief, next, step.heroes, 'other', 0, false, events);
    return;
  }
  s.pending = rest;
  const asked = askable(s, othersFrom(s, step.thief));
  if (asked.length > 0 && answerable(s, 'heroes-played', step.heroes, 'steal')) {
    push(
      s,
      w,
      decision<SpData>({
        kind: 'heroes-played',
        asked,
        mayPass: true,
        close: 'all-answered',
        data: { at: 'heroes-played', thief: step.thief, heroes: [...step.heroes], victims: [...step.victims] },
      }),
    );
  } else stealNext(s, w, step.thief, step.victims, events);
}

/** Whether a card is a Miss a Turn (its turn-start answer skips the turn). */
export const isMissATurn = (card: string): boolean => reactEffect(card, 'turn-start') === 'skip-turn';

/** J4: Jedi Mind Trick went through: the target's hand is shown to the player alone (HI2), who takes one card of it. */
function mindTrickLook(s: SpState, w: Writer, actor: ActorId, target: ActorId, events: SpEvent[]): void {
  const cards = handOf(s, target).slice();
  for (const c of cards) know(s, actor, target, c);
  events.push({ type: 'hand-shown', viewer: actor, holder: target, cards });
  s.r2Could = { ...s.r2Could, [actor]: cards.includes(R2D2) ? [target] : (s.r2Could[actor] ?? []).filter((p) => p !== target) };
  settleR2(s);
  if (cards.length === 0) {
    nextTurn(s, w, events);
    return;
  }
  push(s, w, decision<SpData>({ kind: 'mind-trick', asked: [actor], close: 'first-taker', data: { at: 'mind-trick', player: actor, target } }));
}

/**
 * X3: `cards` (first: the top) go face down on top of the draw pile. The player knows them; the
 * others know how many, and, when those are all the cards of the game that cannot be discarded,
 * which ones (as with a declaration: D23).
 */
export function putOnPile(s: SpState, w: Writer, player: ActorId, cards: readonly string[], events: SpEvent[]): void {
  if (cards.length === 0) return;
  for (const c of cards) takeFromHand(s, w, player, c);
  s.drawPile = [...cards, ...s.drawPile];
  for (const c of cards) {
    know(s, player, 'pile', c);
    trackMove(s, player, 'pile', c, [player]);
  }
  const all = s.allCards.filter((c) => CARDS.undiscardable(c));
  if (all.length === cards.length) {
    for (const viewer of othersFrom(s, player)) {
      if (cards.length === 1) know(s, viewer, 'pile', cards[0] as string);
      if (cards.includes(R2D2)) s.r2Could = { ...s.r2Could, [viewer]: ['pile'] };
    }
    settleR2(s);
  }
  events.push({ type: 'put-on-pile', player, cards: [...cards], count: cards.length });
}

/** A card goes from one hand to another by choice (a gift: B21, X1): the two players know it; for the others it may be any card. */
export function giveCard(s: SpState, w: Writer, from: ActorId, to: ActorId, card: string, events: SpEvent[]): void {
  takeFromHand(s, w, from, card);
  addToHand(s, w, to, card);
  know(s, from, to, card);
  events.push({ type: 'given', from, to, card });
  trackMove(s, from, to, card, [from, to]);
}

/** R1, R2: Binocs, Data Pad or a reactivation, for the whole turn; the turn's one resource (T6). */
function playResource(s: SpState, w: Writer, move: Extract<SpMove, { type: 'resource' } | { type: 'reactivate' }>, events: SpEvent[]): void {
  const actor = move.actor;
  s.resourceUsed = true;
  if (move.type === 'reactivate') {
    // R2: flipped back Active; its cost is discarded, cards of the player's choice (L1, L3).
    flipResource(s, move.card, true, events);
    events.push({ type: 'played', player: actor, as: 'reactivate', cards: [move.card], targets: [] });
    loseCards(s, w, actor, reactivateCost(move.card), events);
    return;
  }
  const effect = resourcePlay(move.card)?.effect;
  flipResource(s, move.card, false, events);
  events.push({ type: 'played', player: actor, as: typeOf(move.card), cards: [move.card], targets: [move.target] });
  if (effect?.kind === 'steal') {
    // Data Pad: one card at random from the target (ST; no target-response: it is not played from a hand, ST2).
    stealNext(s, w, actor, [move.target], events);
    return;
  }
  // Binocs: the target's hand, shown to the player alone; their view keeps what they saw (HI2).
  const cards = handOf(s, move.target).slice();
  for (const c of cards) know(s, actor, move.target, c);
  events.push({
    type: 'hand-shown',
    viewer: actor,
    holder: move.target,
    cards,
    ...(effect?.kind === 'peek' && effect.seconds !== undefined ? { seconds: effect.seconds } : {}),
  });
  s.r2Could = { ...s.r2Could, [actor]: cards.includes(R2D2) ? [move.target] : (s.r2Could[actor] ?? []).filter((p) => p !== move.target) };
  settleR2(s);
  nextTurn(s, w, events);
}

/** B19: you see every other hand (each shown to you alone), then take one card of your choice. */
export function scoutLook(s: SpState, w: Writer, actor: ActorId, events: SpEvent[]): void {
  for (const holder of holders(s, othersFrom(s, actor))) {
    const cards = handOf(s, holder).slice();
    for (const c of cards) know(s, actor, holder, c);
    events.push({ type: 'hand-shown', viewer: actor, holder, cards });
  }
  const where = s.players.find((p) => p !== actor && handOf(s, p).includes(R2D2));
  s.r2Could = { ...s.r2Could, [actor]: where !== undefined ? [where] : (s.r2Could[actor] ?? []).filter((p) => p === 'pile' || p === actor) };
  settleR2(s);
  if (holders(s, othersFrom(s, actor)).length === 0) nextTurn(s, w, events);
  else push(s, w, decision<SpData>({ kind: 'scout', asked: [actor], close: 'first-taker', data: { at: 'scout', player: actor } }));
}

export function playTurn(s: SpState, move: SpMove, w: Writer, events: SpEvent[]): void {
  const actor = move.actor;
  switch (move.type) {
    case 'draw': {
      s.passesInRow = 0;
      if (drawCards(s, w, actor, drawCount(s, actor), events)) return;
      // T4: after the turn's draw, after-draw (Water) for the turn player, judged from public facts.
      if (!s.resourceUsed && activeResource(s, actor, 'water') !== null && s.drawPile.length > 0) {
        push(s, w, decision<SpData>({ kind: 'after-draw', asked: [actor], mayPass: true, close: 'first-taker', data: { at: 'after-draw', player: actor } }));
      } else nextTurn(s, w, events);
      return;
    }
    case 'resource':
    case 'reactivate':
      s.passesInRow = 0;
      playResource(s, w, move, events);
      return;
    case 'use-squad':
      // RO3: Locate Plans or Reprogram, for the whole turn (not a play from hand: no Food after it).
      s.passesInRow = 0;
      playUseSquad(s, w, move, events);
      return;
    case 'pass': {
      answerTop(ownStack(s, w), actor, 'pass', w);
      events.push({ type: 'passed', player: actor, window: 'turn' });
      s.passesInRow += 1;
      if (s.passesInRow >= s.players.length) endGame(s, events, 'every player has passed in turn (There is another!)');
      else nextTurn(s, w, events);
      return;
    }
    default:
      break;
  }
  s.passesInRow = 0;
  // T5: a play from hand is followed by after-play (Food) when the player's Food is Active and no resource was used yet.
  if (foodReady(s, actor)) s.pending = [...s.pending, { step: 'after-play', player: actor }];
  switch (move.type) {
    case 'assault': {
      // B26: the first target answers and loses; then the attacker may name a second target beside them (SpStep).
      const value = assaultCount(move.card) ?? 0;
      playCards(s, w, actor, 'assault', [move.card], [move.target], events);
      s.pending = [{ step: 'assault-beside', attacker: actor, first: move.target, cards: [move.card], value }, ...s.pending];
      openTargetResponse(s, w, actor, move.target, [move.card], 'discard', value, false, events);
      return;
    }
    case 'give': {
      // B21, X1: the gift goes to the target, who must keep it; nothing answers a gift (W7: unanswered).
      playCards(s, w, actor, typeOf(move.card), [move.card], [move.target], events);
      giveCard(s, w, actor, move.target, move.gift, events);
      nextTurn(s, w, events);
      return;
    }
    case 'attack': {
      const named = move.with ?? [];
      const value = attackWays(handOf(s, actor), move.card).find((way) => sameList(way.with, named))?.value ?? 0;
      const cards = [move.card, ...named];
      const crush = named.some(isCrush);
      playCards(s, w, actor, 'attack', cards, [move.target], events);
      // A7: the AT-ACT's remainder goes round the table once the Attack is resolved.
      if (isMovingAttack(move.card)) startMoving(s, actor, move.target);
      openTargetResponse(s, w, actor, move.target, cards, 'attack', value, crush, events);
      return;
    }
    case 'strike': {
      playCards(s, w, actor, 'strike', [move.card], [move.target], events);
      openTargetResponse(s, w, actor, move.target, [move.card], 'discard', strikeCount(move.card) ?? 0, false, events);
      return;
    }
    case 'steal': {
      const count = oneTargetSteal(move.card)?.count ?? 1;
      const cards = [move.card, ...(move.with ?? [])];
      // B7: with the Steal Bonus, every card of the target (picked one by one by chance, all the same).
      const all = (move.with ?? []).length > 0;
      playCards(s, w, actor, 'steal', cards, [move.target], events);
      openTargetResponse(s, w, actor, move.target, cards, 'steal', all ? handOf(s, move.target).length : count, false, events);
      return;
    }
    case 'hero-steal': {
      for (const c of move.cards) takeFromHand(s, w, actor, c);
      s.onTable = [...s.onTable, ...move.cards];
      events.push({ type: 'played', player: actor, as: 'hero-steal', cards: [...move.cards], targets: [...new Set(move.victims)] });
      // W7: each victim in turn may answer with Saw Gerrera (target-response), then the steal (heroStealGoesOn).
      s.pending = [{ step: 'hero-steal', thief: actor, heroes: [...move.cards], victims: [...move.victims], asked: [] }, ...s.pending];
      heroStealGoesOn(s, w, events);
      return;
    }
    case 'action':
      playAction(s, w, move, events);
      return;
    case 'eliminate':
      playEliminate(s, w, move, events);
      return;
    case 'place-jedi':
      takeFromHand(s, w, actor, move.card);
      w.own(s, 'inPlay').push({ card: move.card, owner: actor });
      events.push({ type: 'played', player: actor, as: 'place-jedi', cards: [move.card], targets: [] });
      nextTurn(s, w, events);
      return;
    case 'mind-trick':
      // J4: aimed at one player, who may answer with Saw Gerrera (W7, H2); then `playThrough` shows the hand.
      playCards(s, w, actor, 'mind-trick', [move.card], [move.target], events);
      openTargetResponse(s, w, actor, move.target, [move.card], 'other', 0, false, events);
      return;
    case 'force-vision': {
      playCards(s, w, actor, 'force-vision', [move.card], [], events);
      const count = Math.min(3, s.drawPile.length);
      const cards = s.drawPile.slice(0, count);
      for (const c of cards) know(s, actor, 'pile', c);
      events.push({ type: 'pile-seen', player: actor, cards });
      if (cards.includes(R2D2)) s.r2Could = { ...s.r2Could, [actor]: ['pile'] };
      settleR2(s);
      push(s, w, decision<SpData>({ kind: 'force-vision', asked: [actor], close: 'first-taker', data: { at: 'force-vision', player: actor, count } }));
      return;
    }
    case 'jedi-wisdom': {
      playCards(s, w, actor, 'jedi-wisdom', [move.card], [], events);
      takeFromDiscard(s, w, actor, move.take, events);
      nextTurn(s, w, events);
      return;
    }
    default:
      throw new Error(`${move.type} is not a turn's play`);
  }
}

/** The play of a move; `resumed`: the play goes on after its `imperial-played` window (Defection: A2, RO4). */
