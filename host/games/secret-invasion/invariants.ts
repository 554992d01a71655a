// What must hold in every Secret Invasion state: each of the 17 cards is in exactly one place,
// hands hold the number of cards the stage calls for, the knowledge records are true, and the
// tokens and the winner agree with the rules. The random-playout tests check these after
// every move.

import type { Deck } from './deck.ts';
import type { SecretInvasionState } from './model.ts';
import { playersInRound, seatOf, tokensToWin } from './table.ts';

const cardSets = new WeakMap<Deck, ReadonlySet<string>>();

function allCards(deck: Deck): ReadonlySet<string> {
  let set = cardSets.get(deck);
  if (!set) cardSets.set(deck, (set = new Set(deck.cards.map((c) => c.id))));
  return set;
}

function cardPlaces(deck: Deck, state: SecretInvasionState): string[] {
  const problems: string[] = [];
  const all = allCards(deck);
  const where = new Map<string, string>();
  const put = (place: string, ids: readonly string[]): void => {
    for (const id of ids) {
      const other = where.get(id);
      if (other !== undefined) problems.push(`card ${id} is both in ${other} and in ${place}`);
      else if (!all.has(id)) problems.push(`unknown card ${id} in ${place}`);
      where.set(id, place);
    }
  };
  put('the deck', state.deck);
  put('the set-aside place', state.setAside === null ? [] : [state.setAside]);
  put('the face-up set-aside cards', state.faceUp);
  for (const s of state.seats) {
    put(`${s.id}'s hand`, s.hand);
    put(`${s.id}'s discards`, s.discards);
  }
  for (const id of all) if (!where.has(id)) problems.push(`card ${id} is missing`);
  return problems;
}

export function stateProblems(deck: Deck, state: SecretInvasionState): string[] {
  const problems = cardPlaces(deck, state);
  const over = state.stage === 'over';
  const faceUp = deck.rules.faceUpSetAside[state.seats.length] ?? 0;
  if (state.faceUp.length !== faceUp) problems.push(`${state.faceUp.length} face-up set-aside cards, expected ${faceUp}`);
  const left = playersInRound(state);
  if (!over) {
    if (left.length < 2) problems.push(`the round goes on with ${left.length} player(s) in it`);
    if (!left.includes(state.turnPlayer)) problems.push(`the turn player ${state.turnPlayer} is out of the round`);
    if (state.winner !== null) problems.push('a winner is set but the game is not over');
    if (state.stage === 'turn' && state.setAside === null && state.deck.length > 0) {
      problems.push('the set-aside card was taken while the deck still had cards');
    }
  }
  for (const s of state.seats) {
    const expected = s.out ? 0 : !over && s.id === state.turnPlayer && state.stage === 'turn' ? 2 : 1;
    if (s.hand.length !== expected) problems.push(`${s.id} holds ${s.hand.length} cards, expected ${expected}`);
    if (s.protected && (s.out || (!over && s.id === state.turnPlayer && state.stage === 'turn'))) {
      problems.push(`${s.id} is protected while ${s.out ? 'out of the round' : 'taking their turn'}`);
    }
  }
  if ((state.stage === 'second-try') !== (state.missedGuess !== null)) problems.push('a missed guess is recorded outside a second try');
  for (const k of state.knowledge) {
    const subject = seatOf(state, k.subject);
    if (k.viewer === k.subject) problems.push(`${k.viewer} is recorded as knowing their own card`);
    if (!subject?.hand.includes(k.card)) problems.push(`${k.viewer} is recorded as knowing ${k.subject} holds ${k.card}, which is not so`);
  }
  const target = tokensToWin(deck, state);
  const tokens = state.seats.map((s) => s.tokens);
  if (over) {
    const winner = seatOf(state, state.winner ?? '');
    if (!winner) problems.push('the game is over without a winner');
    else if (winner.tokens < target || state.seats.some((s) => s !== winner && s.tokens >= winner.tokens)) {
      problems.push(`${winner.id} won with ${winner.tokens} tokens, not the sole leader with at least ${target}`);
    }
  } else if (tokens.filter((t) => t === Math.max(...tokens)).length === 1 && Math.max(...tokens) >= target) {
    problems.push('a player has enough tokens to win but the game goes on');
  }
  const won = tokens.reduce((a, b) => a + b, 0);
  if (won < state.round - (over ? 0 : 1)) problems.push(`${won} tokens won in ${state.round} rounds`);
  return problems;
}
