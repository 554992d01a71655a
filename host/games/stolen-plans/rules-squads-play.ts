// Stolen Plans rules, Rogue One's squad cards in play (rules-squads.ts): placing them, their uses, the
// U-Wing moving them, and the answers in the imperial-played, drawn and nominate windows.

import type { Writer } from '../../engine/cow.ts';
import { answerTop, decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { drawCards, nextTurn } from './rules-flow.ts';
import { type Data, squadsOf } from './rules-squads.ts';
import { addToHand, know, pop, push, settleR2, takeFromDiscard, takeFromHand, ownStack } from './rules-table.ts';
import { handOf, R2D2, type SpData, type SpEvent, type SpMove, type SpState } from './state.ts';

/** Places `card` in front of `actor` (nominating `target` when the card nominates): the turn's play (RO1). */
export function placeSquad(s: SpState, w: Writer, actor: ActorId, card: string, target: ActorId | undefined, events: SpEvent[]): void {
  takeFromHand(s, w, actor, card);
  w.own(s, 'inPlay').push(target === undefined ? { card, owner: actor } : { card, owner: actor, nominee: target });
  events.push({ type: 'played', player: actor, as: 'place', cards: [card], targets: target === undefined ? [] : [target] });
  nextTurn(s, w, events);
}

/** RO3: Locate Plans shows the target's hand to its owner alone (the view keeps it, HI2); Reprogram takes a card of the discard pile. */
export function playUseSquad(s: SpState, w: Writer, move: Extract<SpMove, { type: 'use-squad' }>, events: SpEvent[]): void {
  const actor = move.actor;
  if (move.take !== undefined) {
    events.push({ type: 'played', player: actor, as: 'reprogram', cards: [move.card], targets: [] });
    takeFromDiscard(s, w, actor, move.take, events);
    nextTurn(s, w, events);
    return;
  }
  const target = move.target as ActorId;
  events.push({ type: 'played', player: actor, as: 'locate-plans', cards: [move.card], targets: [target] });
  const cards = handOf(s, target).slice();
  for (const c of cards) know(s, actor, target, c);
  events.push({ type: 'hand-shown', viewer: actor, holder: target, cards });
  s.r2Could = { ...s.r2Could, [actor]: cards.includes(R2D2) ? [target] : (s.r2Could[actor] ?? []).filter((p) => p !== target) };
  settleR2(s);
  nextTurn(s, w, events);
}

/** RO5: every squad card in front of `target` moves in front of `actor`; the cards that nominate are nominated anew. */
export function moveSquads(s: SpState, w: Writer, actor: ActorId, target: ActorId, events: SpEvent[]): void {
  const cards = squadsOf(s, target);
  s.inPlay = s.inPlay.map((c) => (cards.includes(c.card) ? { card: c.card, owner: actor } : c));
  events.push({ type: 'squads-moved', from: target, to: actor, cards });
  const nominating = cards.filter((c) => CARDS.type(c).plays.some((p) => p.effect.kind === 'place' && p.effect.nominate === true));
  if (nominating.length === 0) {
    nextTurn(s, w, events);
    return;
  }
  push(s, w, decision<SpData>({ kind: 'nominate', asked: [actor], close: 'first-taker', data: { at: 'nominate', player: actor, cards: nominating } }));
}

/**
 * The answer in `imperial-played`: Defection draws the top card (E1: the last card may stop
 * everything), or a pass. True when the play goes on: its cards are back in hand, to be played.
 */
export function answerImperialPlayed(s: SpState, w: Writer, move: SpMove, data: Data<'imperial-played'>, events: SpEvent[]): boolean {
  const stack = ownStack(s, w);
  if (move.type === 'react') {
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: 'imperial-played', on: null });
    // The last card opens last-card on top of this window (W2), or ends the game: the play is dropped (E1). The window is
    // answered only once the draw is over, so no closed decision is left under last-card (the engine's stack contract).
    if (drawCards(s, w, move.actor, 1, events)) return false;
    answerTop(ownStack(s, w), move.actor, 'take', w);
    pop(s, w);
  } else {
    answerTop(stack, move.actor, 'pass', w);
    pop(s, w);
    events.push({ type: 'passed', player: move.actor, window: 'imperial-played' });
  }
  s.onTable = s.onTable.filter((c) => !data.cards.includes(c));
  for (const c of data.cards) addToHand(s, w, data.player, c);
  return true;
}

/** The peek (or a pass) in `drawn`: the owner alone sees the cards drawn this turn that are still in the player's hand (HI2). */
export function answerDrawn(s: SpState, w: Writer, move: SpMove, data: Data<'drawn'>, events: SpEvent[]): void {
  const stack = ownStack(s, w);
  if (move.type === 'react') {
    answerTop(stack, move.actor, 'take', w);
    const cards = s.drawnThisTurn.filter((c) => handOf(s, data.player).includes(c));
    events.push({ type: 'reacted', player: move.actor, card: move.card, window: 'drawn', on: null });
    events.push({ type: 'drawn-seen', viewer: move.actor, player: data.player, cards });
    for (const c of cards) know(s, move.actor, data.player, c);
    if (cards.includes(R2D2)) s.r2Could = { ...s.r2Could, [move.actor]: [data.player] };
    settleR2(s);
  } else {
    answerTop(stack, move.actor, 'pass', w);
    events.push({ type: 'passed', player: move.actor, window: 'drawn' });
  }
  pop(s, w);
  s.drawnThisTurn = [];
  nextTurn(s, w, events);
}

/** A nomination in `nominate`: the card names its nominee; the next card, or the turn is over (RO5). */
export function playNominate(s: SpState, w: Writer, move: Extract<SpMove, { type: 'nominate' }>, data: Data<'nominate'>, events: SpEvent[]): void {
  answerTop(ownStack(s, w), move.actor, 'take', w);
  pop(s, w);
  s.inPlay = s.inPlay.map((c) => (c.card === move.card ? { card: c.card, owner: c.owner, nominee: move.target } : c));
  events.push({ type: 'nominated', player: move.actor, card: move.card, nominee: move.target });
  const rest = data.cards.slice(1);
  if (rest.length > 0) push(s, w, decision<SpData>({ kind: 'nominate', asked: [move.actor], close: 'first-taker', data: { ...data, cards: rest } }));
  else nextTurn(s, w, events);
}
