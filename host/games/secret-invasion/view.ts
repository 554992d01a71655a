// What one player may know. A view holds the viewer's own hand, everything face up (discards,
// the face-up set-aside cards, the last round's revealed hands), how many cards each player
// holds and the deck's size, and the cards the rules showed the viewer (Han Solo, a droid
// comparison, a Vader swap). `eventFor` hides the same secrets in the events.

import type { Deck } from './deck.ts';
import type { CardIndex, CardView, PlayerId, SecretInvasionEvent, SecretInvasionState, SecretInvasionView } from './model.ts';
import { cardTableOf, idOf, roundResultOf } from './play.ts';
import { seatBit, tokensToWin } from './table.ts';

export function cardView(deck: Deck, id: string): CardView {
  const card = deck.card(id);
  const character = deck.character(card.character);
  return { id, character: card.character, name: character.name, value: card.value, summary: character.summary };
}

export function viewFor(deck: Deck, state: SecretInvasionState, viewer: string): SecretInvasionView {
  const table = cardTableOf(deck);
  const card = (index: CardIndex): CardView => cardView(deck, idOf(table, index));
  const own = state.seats.find((s) => s.id === viewer);
  return {
    viewer,
    stage: state.stage,
    round: state.round,
    turn: state.turn,
    turnPlayer: state.turnPlayer,
    tokensToWin: tokensToWin(deck, state),
    players: state.seats.map((s, i) => ({
      id: s.id,
      name: s.name,
      tokens: s.tokens,
      inRound: (state.outSeats & seatBit(i)) === 0,
      protected: (state.protectedSeats & seatBit(i)) !== 0,
      handCount: s.hand.length,
      discards: s.discards.map(card),
    })),
    hand: own ? own.hand.map(card) : [],
    known: state.knowledge.filter((k) => k.viewer === viewer).map((k) => ({ player: k.subject, card: card(k.card), source: k.source })),
    deckCount: state.deck.length - state.deckTop,
    setAsideCount: state.setAside === null ? 0 : 1,
    faceUp: state.faceUp.map(card),
    missedGuess: state.missedGuess === null ? null : { ...state.missedGuess },
    lastRound: state.lastRound === null ? null : roundResultOf(table, state.seats, state.lastRound),
    winner: state.winner,
    choosing: viewer === state.turnPlayer ? state.choosing : null,
  };
}

function isOneOf(viewer: string, ...players: readonly PlayerId[]): boolean {
  return players.includes(viewer);
}

/** The event as `viewer` may see it: cards they may not know are replaced by null. */
export function eventFor(event: SecretInvasionEvent, viewer: string): SecretInvasionEvent {
  switch (event.type) {
    case 'card-dealt':
    case 'card-drawn':
      return isOneOf(viewer, event.player) ? event : { ...event, card: null };
    case 'han-looked':
      return isOneOf(viewer, event.player, event.target) ? event : { ...event, card: null };
    case 'droids-compared':
    case 'hands-swapped':
      return isOneOf(viewer, event.player, event.target) ? event : { ...event, playerCard: null, targetCard: null };
    default:
      return event;
  }
}
