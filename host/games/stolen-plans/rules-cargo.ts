// Stolen Plans rules, Rogue One: the Cargo Ship (Carry Cards, SW-0608: RO6, T3, D19, D33).
// Placed beside the discard pile; while it is there, the cards another player loses from their
// hand are set aside for its owner to look at (the `discarding` window), who loads any of them
// face down, one at a time, up to its capacity (at the last one the cargo comes to the owner's
// hand and the ship is discarded); the owner may unload it "at any time": on their turn and in
// every window they are asked in, which is why windows that ask card holders also ask the owner
// while the ship holds cargo (`askable`). Cargo is in no hand: it never wins. The AT-ACT destroys
// the ship and its cargo (RO7): removed from play, the cargo face down (HI3).

import type { Writer } from '../../engine/cow.ts';
import { CHANCE, decision, isWaitingOn, topDecision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { addToHand, know, playCards, push, takeFromHand, ownDiscard } from './rules-table.ts';
import { handOf, type SpData, type SpEvent, type SpMove, type SpState } from './state.ts';

/** How many cards the Cargo Ship carries before they come to its owner's hand (cards.json: `load-cargo` capacity). */
export function cargoCapacity(ship: string): number {
  const play = CARDS.type(ship).plays.find((p) => p.effect.kind === 'load-cargo');
  if (play === undefined || play.effect.kind !== 'load-cargo') throw new Error(`${ship} carries no cargo`);
  return play.effect.capacity;
}

/** Whether a card is placed beside the discard pile as a Cargo Ship (its `place` play's where). */
export const isCargoShip = (card: string): boolean => CARDS.type(card).plays.some((p) => p.effect.kind === 'place' && p.effect.where === 'beside-discard');

/** Whether `p` owns the Cargo Ship and it holds cargo (`has-cargo`, a public fact: the count is public). */
export const hasCargo = (s: SpState, p: ActorId): boolean => s.cargo !== null && s.cargo.owner === p && s.cargo.hold.length > 0;

/**
 * The players a window that asks card holders asks (W1, RO6, D33): those holding `min` cards or
 * more, and the Cargo Ship's owner while it holds cargo (they may unload, then answer).
 */
export function askable(s: SpState, players: readonly ActorId[], min = 1): ActorId[] {
  return players.filter((p) => handOf(s, p).length >= min || hasCargo(s, p));
}

// ---- losses: the discarding window (L3, D19) ----

/** L3: a card `player` loses from their hand goes face up on the discard pile, or is set aside when another player's Cargo Ship may take it. */
export function loseCard(s: SpState, w: Writer, player: ActorId, card: string, events: SpEvent[]): void {
  takeFromHand(s, w, player, card);
  if (s.cargo !== null && s.cargo.owner !== player) {
    const cards = s.discarding?.player === player ? [...s.discarding.cards, card] : [card];
    s.discarding = { player, cards };
    events.push({ type: 'set-aside', player, owner: s.cargo.owner, card });
    return;
  }
  ownDiscard(s, w).push(card);
  events.push({ type: 'discarded', player, card });
}

/** Opens (or opens again, after a load) the discarding window while cards are set aside and the ship has room. */
export function openDiscarding(s: SpState, w: Writer): boolean {
  const lot = s.discarding;
  const ship = s.cargo;
  if (lot === null || lot.cards.length === 0 || ship === null || ship.owner === lot.player) return false;
  const room = cargoCapacity(ship.card) - ship.hold.length;
  if (room <= 0) return false;
  push(
    s,
    w,
    decision<SpData>({
      kind: 'discarding',
      asked: [ship.owner],
      mayPass: true,
      close: 'first-taker',
      data: { at: 'discarding', player: lot.player, owner: ship.owner, count: lot.cards.length, room },
    }),
  );
  return true;
}

/** The cards set aside and not loaded go face up on the discard pile, in the order they were lost. */
export function flushDiscarding(s: SpState, w: Writer, events: SpEvent[]): void {
  const lot = s.discarding;
  if (lot === null) return;
  s.discarding = null;
  for (const card of lot.cards) {
    ownDiscard(s, w).push(card);
    events.push({ type: 'discarded', player: lot.player, card });
  }
}

// ---- unloading, at any time (T3, D33) ----

/** The Cargo Ship's cargo goes to its owner's hand and the ship is discarded; each discarder knows where their cards went (HI2). */
export function unload(s: SpState, w: Writer, events: SpEvent[]): void {
  const ship = s.cargo;
  if (ship === null) throw new Error('there is no Cargo Ship to unload');
  for (const { card, from } of ship.hold) {
    addToHand(s, w, ship.owner, card);
    if (from !== ship.owner) know(s, from, ship.owner, card);
  }
  s.cargo = null;
  ownDiscard(s, w).push(ship.card);
  events.push({ type: 'unloaded', owner: ship.owner, ship: ship.card, cards: ship.hold.map((c) => c.card), count: ship.hold.length });
}

/** The unload move `actor` may make now: they own the ship, it holds cargo, and they are asked in the open decision (not chance). */
export function cargoMoves(s: SpState, actor: ActorId): SpMove[] {
  const d = topDecision(s.stack);
  if (d === null || actor === CHANCE || !isWaitingOn(d, actor) || s.cargo === null || !hasCargo(s, actor)) return [];
  return [{ actor, type: 'unload', card: s.cargo.card }];
}

export function unloadProblem(s: SpState, move: Extract<SpMove, { type: 'unload' }>): string | null {
  if (s.cargo === null) return 'there is no Cargo Ship beside the discard pile (RO6)';
  if (s.cargo.owner !== move.actor) return 'only the Cargo Ship’s owner unloads it (RO6)';
  if (move.card !== s.cargo.card) return `the Cargo Ship is ${s.cargo.card}, not ${move.card}`;
  if (s.cargo.hold.length === 0) return 'the Cargo Ship holds no cargo to unload (RO6)';
  const d = topDecision(s.stack);
  if (d === null || !isWaitingOn(d, move.actor)) return 'you unload the Cargo Ship on your turn or when you are asked something (T3, D33)';
  return null;
}

// ---- the discarding window ----

/** In `discarding`: load one of the cards set aside onto the ship (`react` with the ship, `on` the card), or pass (no more). */
export function discardingMoves(s: SpState, actor: ActorId): SpMove[] {
  const ship = s.cargo;
  const moves: SpMove[] = ship === null ? [] : (s.discarding?.cards ?? []).map((on) => ({ actor, type: 'react', card: ship.card, on }));
  return [...moves, { actor, type: 'pass' }];
}

export function discardingProblem(s: SpState, move: SpMove): string | null {
  if (move.type === 'pass') return null;
  if (move.type !== 'react' || s.cargo === null || move.card !== s.cargo.card)
    return 'load a card being discarded onto your Cargo Ship, unload it, or pass (RO6)';
  if (move.with !== undefined) return 'the Cargo Ship takes one card at a time';
  if (move.on === undefined || !(s.discarding?.cards ?? []).includes(move.on)) return 'choose one of the cards being discarded (RO6, D19)';
  return null;
}

// ---- placing and destroying ----

/** RO6: the Cargo Ship goes face up beside the discard pile, its player's (one at most: there is one card). */
export function placeCargo(s: SpState, w: Writer, actor: ActorId, card: string, events: SpEvent[]): void {
  takeFromHand(s, w, actor, card);
  s.cargo = { card, owner: actor, hold: [] };
  events.push({ type: 'played', player: actor, as: 'cargo-ship', cards: [card], targets: [] });
}

/** RO7: the AT-ACT destroys the Cargo Ship: it (face up) and its cargo (face down: HI3) are removed from play. */
export function destroyCargo(s: SpState, w: Writer, actor: ActorId, card: string, events: SpEvent[]): void {
  const ship = s.cargo;
  if (ship === null) throw new Error('there is no Cargo Ship to destroy');
  playCards(s, w, actor, 'destroy-cargo', [card], [], events);
  s.cargo = null;
  s.removed = [...s.removed, ship.card];
  s.removedFaceDown = [...s.removedFaceDown, ...ship.hold.map((c) => c.card)];
  events.push({ type: 'cargo-destroyed', player: actor, owner: ship.owner, ship: ship.card, count: ship.hold.length });
}
