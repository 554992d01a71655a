// What discarding a card does. `discardCard` moves a card face up in front of its holder (and
// puts the holder out if it is Leia, whatever the reason); `playCard` then carries out the
// discarded card's effect for the turn player; `knockOut` removes a player from the round.
// Every function here is only called with a move the legality checks accepted.

import type { Deck } from './deck.ts';
import { followSwap, forgetHand, forgetOnDiscard, forgetPlayer, learn } from './knowledge.ts';
import type { DiscardCause, OutReason, PlayerId, SecretInvasionEvent } from './model.ts';
import { seatOf, targetableOpponents, valueOf, type Draft, type DraftSeat } from './table.ts';

type Events = SecretInvasionEvent[];

function seatIn(draft: Draft, player: PlayerId): DraftSeat {
  const seat = seatOf(draft, player);
  if (!seat) throw new Error(`no seat for ${player}`);
  return seat;
}

function onlyCard(seat: DraftSeat): string {
  const card = seat.hand[0];
  if (card === undefined || seat.hand.length !== 1) throw new Error(`${seat.id} should hold exactly one card`);
  return card;
}

export function knockOut(deck: Deck, draft: Draft, player: PlayerId, reason: OutReason, events: Events): void {
  const seat = seatIn(draft, player);
  if (seat.out) return;
  seat.out = true;
  seat.protected = false;
  forgetPlayer(draft, player);
  events.push({ type: 'player-out', player, reason });
  for (const card of [...seat.hand]) discardCard(deck, draft, player, card, 'out', events);
}

/** Move `card` from the player's hand to their discards, face up, without its effect. */
export function discardCard(deck: Deck, draft: Draft, player: PlayerId, card: string, cause: DiscardCause, events: Events): void {
  const seat = seatIn(draft, player);
  const at = seat.hand.indexOf(card);
  if (at < 0) throw new Error(`${player} does not hold ${card}`);
  seat.hand.splice(at, 1);
  seat.discards.push(card);
  events.push({ type: 'card-discarded', player, card, cause });
  const character = deck.card(card).character;
  forgetOnDiscard(deck, draft, player, character);
  if (deck.character(character).effect === 'out-when-discarded' && !seat.out) {
    knockOut(deck, draft, player, 'leia-discarded', events);
  }
}

/** A Stormtrooper or Boba Fett guess against `target`; true when it hit. */
export function resolveGuess(
  deck: Deck,
  draft: Draft,
  player: PlayerId,
  target: PlayerId,
  guess: number,
  attempt: 1 | 2,
  events: Events,
): boolean {
  const hit = valueOf(deck, onlyCard(seatIn(draft, target))) === guess;
  events.push({ type: 'guessed', player, target, guess, hit, attempt });
  if (hit) knockOut(deck, draft, target, 'guessed', events);
  return hit;
}

/**
 * The turn player discards a card of `character` and its effect happens. Returns true when the
 * turn is not over yet (a Boba Fett second try is pending).
 */
export function playCard(
  deck: Deck,
  draft: Draft,
  player: PlayerId,
  character: string,
  target: PlayerId | null,
  guess: number | null,
  events: Events,
): boolean {
  const seat = seatIn(draft, player);
  const card = seat.hand.find((c) => deck.card(c).character === character);
  if (card === undefined) throw new Error(`${player} holds no ${character}`);
  const hadTargets = targetableOpponents(draft, player).length > 0;
  discardCard(deck, draft, player, card, 'played', events);
  if (seat.out) return false; // Leia
  const effect = deck.character(character).effect;
  const noEffect = (reason: 'all-protected' | 'declined' | 'no-effect'): false => {
    events.push({ type: 'no-effect', player, character, reason });
    return false;
  };
  switch (effect) {
    case 'out-when-discarded':
    case 'none':
      return noEffect('no-effect');
    case 'protect':
      seat.protected = true;
      events.push({ type: 'protected', player });
      return false;
    case 'guess':
    case 'guess-twice': {
      if (target === null || guess === null) return noEffect('all-protected');
      const hit = resolveGuess(deck, draft, player, target, guess, 1, events);
      if (hit || effect === 'guess') return false;
      draft.stage = 'second-try';
      draft.missedGuess = { target, guess };
      events.push({ type: 'second-try-offered', player });
      return true;
    }
    case 'look': {
      if (target === null) return noEffect(hadTargets ? 'declined' : 'all-protected');
      const seen = onlyCard(seatIn(draft, target));
      learn(draft, player, target, seen, 'han');
      events.push({ type: 'han-looked', player, target, card: seen });
      return false;
    }
    case 'compare-lower-out':
    case 'compare-higher-out': {
      if (target === null) return noEffect('all-protected');
      const mine = onlyCard(seat);
      const theirs = onlyCard(seatIn(draft, target));
      const difference = valueOf(deck, mine) - valueOf(deck, theirs);
      const higher = difference > 0 ? player : difference < 0 ? target : null;
      const lower = difference > 0 ? target : difference < 0 ? player : null;
      const loser = effect === 'compare-lower-out' ? lower : higher;
      events.push({ type: 'droids-compared', player, target, effect, playerCard: mine, targetCard: theirs, loser });
      if (loser === null) {
        learn(draft, player, target, theirs, 'droids');
        learn(draft, target, player, mine, 'droids');
      } else {
        knockOut(deck, draft, loser, 'compared', events);
      }
      return false;
    }
    case 'swap': {
      if (target === null) return noEffect('all-protected');
      const other = seatIn(draft, target);
      const mine = onlyCard(seat);
      const theirs = onlyCard(other);
      seat.hand = [theirs];
      other.hand = [mine];
      followSwap(draft, player, target, theirs, mine);
      events.push({ type: 'hands-swapped', player, target, playerCard: theirs, targetCard: mine });
      return false;
    }
    case 'redraw': {
      if (target === null) throw new Error('Luke Skywalker always has a target');
      const redrawing = seatIn(draft, target);
      events.push({ type: 'luke-redraw', player, target });
      discardCard(deck, draft, target, onlyCard(redrawing), 'luke', events);
      if (redrawing.out) return false;
      forgetHand(draft, target);
      const fromDeck = draft.deck.shift();
      const drawn = fromDeck ?? draft.setAside;
      if (drawn === null || drawn === undefined) throw new Error('neither the deck nor the set-aside card is left to draw');
      if (fromDeck === undefined) draft.setAside = null;
      redrawing.hand.push(drawn);
      events.push({ type: 'card-drawn', player: target, card: drawn, from: fromDeck === undefined ? 'set-aside' : 'deck' });
      return false;
    }
  }
}
