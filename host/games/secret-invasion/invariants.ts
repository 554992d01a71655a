// What must hold in every Secret Invasion state: each of the 17 cards is in exactly one place
// (before the first deal: nowhere yet), hands hold the number of cards the stage calls for, a
// choice in steps is the turn player's and names what they hold, the knowledge records are
// true, and the tokens and the winner agree with the rules. The random-playout tests check
// these after every move.

import type { Deck } from './deck.ts';
import type { CardIndex, SecretInvasionState } from './model.ts';
import { isOut, isProtected, playersInRound, seatBit, seatOf, tokensToWin } from './table.ts';

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
  const put = (place: string, cards: readonly CardIndex[]): void => {
    for (const card of cards) {
      const id = deck.cards[card]?.id ?? `#${card}`;
      const other = where.get(id);
      if (other !== undefined) problems.push(`card ${id} is both in ${other} and in ${place}`);
      else if (!all.has(id)) problems.push(`unknown card ${id} in ${place}`);
      where.set(id, place);
    }
  };
  if (!Number.isInteger(state.deckTop) || state.deckTop < 0 || state.deckTop > state.deck.length)
    problems.push(`the deck is read from ${state.deckTop}, outside its ${state.deck.length} cards`);
  put('the deck', state.deck.slice(state.deckTop));
  put('the set-aside place', state.setAside === null ? [] : [state.setAside]);
  put('the face-up set-aside cards', state.faceUp);
  for (const s of state.seats) {
    put(`${s.id}'s hand`, s.hand);
    put(`${s.id}'s discards`, s.discards);
  }
  for (const id of all) if (!where.has(id)) problems.push(`card ${id} is missing`);
  return problems;
}

/** Before the first deal: nothing dealt, nothing won. */
function beforeFirstDeal(state: SecretInvasionState): string[] {
  const problems: string[] = [];
  if (state.deck.length > state.deckTop || state.setAside !== null || state.faceUp.length > 0) problems.push('cards are laid out before the first deal');
  for (const s of state.seats)
    if (s.hand.length > 0 || s.discards.length > 0 || s.tokens > 0) problems.push(`${s.id} has cards or tokens before the first deal`);
  if (state.knowledge.length > 0 || state.lastRound !== null || state.choosing !== null) problems.push('the state records play before the first deal');
  return problems;
}

/** A choice in steps: only in a turn or a second try, naming a card the turn player holds (the Boba Fett discarded, for a second try) and a player at the table. */
function choosingProblems(deck: Deck, state: SecretInvasionState): string[] {
  const choosing = state.choosing;
  if (choosing === null) return [];
  const problems: string[] = [];
  if (state.stage !== 'turn' && state.stage !== 'second-try') problems.push(`a choice is being made in steps while the stage is ${state.stage}`);
  const turn = seatOf(state, state.turnPlayer);
  const pile = state.stage === 'second-try' ? (turn?.discards.slice(-1) ?? []) : (turn?.hand ?? []);
  if (!pile.some((c) => deck.cards[c]?.character === choosing.character))
    problems.push(`${state.turnPlayer} is choosing ${choosing.character}, which they do not hold`);
  if (choosing.target !== null && !seatOf(state, choosing.target)) problems.push(`the choice names ${choosing.target}, who is not at the table`);
  return problems;
}

export function stateProblems(deck: Deck, state: SecretInvasionState): string[] {
  if (state.stage === 'deal' && state.round === 0) return beforeFirstDeal(state);
  const problems = [...cardPlaces(deck, state), ...choosingProblems(deck, state)];
  const over = state.stage === 'over';
  // Between rounds (the deal to come), the table is as the round left it.
  const between = over || state.stage === 'deal';
  const faceUp = deck.rules.faceUpSetAside[state.seats.length] ?? 0;
  if (state.faceUp.length !== faceUp) problems.push(`${state.faceUp.length} face-up set-aside cards, expected ${faceUp}`);
  const left = playersInRound(state);
  if (!between) {
    if (left.length < 2) problems.push(`the round goes on with ${left.length} player(s) in it`);
    if (!left.includes(state.turnPlayer)) problems.push(`the turn player ${state.turnPlayer} is out of the round`);
    if (state.winner !== null) problems.push('a winner is set but the game is not over');
    if (state.stage === 'turn' && state.setAside === null && state.deck.length > state.deckTop) {
      problems.push('the set-aside card was taken while the deck still had cards');
    }
  }
  const all = seatBit(state.seats.length) - 1;
  if ((state.outSeats & ~all) !== 0 || (state.protectedSeats & ~all) !== 0) problems.push('a seat bit is set for a seat not at the table');
  for (const s of state.seats) {
    const out = isOut(state, s.id);
    const expected = out ? 0 : !between && s.id === state.turnPlayer && state.stage === 'turn' ? 2 : 1;
    if (s.hand.length !== expected) problems.push(`${s.id} holds ${s.hand.length} cards, expected ${expected}`);
    if (isProtected(state, s.id) && (out || (!between && s.id === state.turnPlayer && state.stage === 'turn'))) {
      problems.push(`${s.id} is protected while ${out ? 'out of the round' : 'taking their turn'}`);
    }
  }
  if ((state.stage === 'second-try') !== (state.missedGuess !== null)) problems.push('a missed guess is recorded outside a second try');
  for (const k of state.knowledge) {
    const subject = seatOf(state, k.subject);
    if (k.viewer === k.subject) problems.push(`${k.viewer} is recorded as knowing their own card`);
    if (!subject?.hand.includes(k.card))
      problems.push(`${k.viewer} is recorded as knowing ${k.subject} holds ${deck.cards[k.card]?.id ?? `#${k.card}`}, which is not so`);
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
  if (won < state.round - (between ? 0 : 1)) problems.push(`${won} tokens won in ${state.round} rounds`);
  return problems;
}
