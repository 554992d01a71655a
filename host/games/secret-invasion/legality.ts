// Who may move and which moves are legal. `illegalBecause` is the single judge of legality,
// the "fair play" rule enforced: it names what is wrong with a move and what to do instead.
// `legalMoves` lists exactly the candidate moves it accepts, so a user interface built on it
// cannot offer an illegal one.

import type { Card, Deck, Effect } from './deck.ts';
import type { PlayerId, SecretInvasionMove, SecretInvasionState } from './model.ts';
import { seatOf, targetableOpponents, who } from './table.ts';

export function actorsToMove(state: SecretInvasionState): PlayerId[] {
  return state.stage === 'over' ? [] : [state.turnPlayer];
}

const OPPONENT_EFFECTS: readonly Effect[] = ['guess', 'guess-twice', 'compare-lower-out', 'compare-higher-out', 'swap'];
const GUESS_EFFECTS: readonly Effect[] = ['guess', 'guess-twice'];

function guessProblem(deck: Deck, guess: unknown, cardName: string): string | null {
  const { min, max } = deck.rules.guess;
  if (typeof guess === 'number' && Number.isInteger(guess) && guess >= min && guess <= max) return null;
  return `name a value from ${min} to ${max} with ${cardName}, got ${JSON.stringify(guess) ?? String(guess)}`;
}

/** Why `target` may not be chosen by `actor` for an effect, or null if it may. */
function targetProblem(state: SecretInvasionState, actor: PlayerId, target: unknown, allowSelf: boolean, cardName: string): string | null {
  if (typeof target !== 'string') return `the target must be a player id such as "p2", got ${JSON.stringify(target)}`;
  const seat = seatOf(state, target);
  if (!seat) return `there is no player "${target}" at this table (players: ${state.seats.map((s) => s.id).join(', ')})`;
  if (target === actor && !allowSelf) return `${cardName} targets an opponent, not yourself`;
  if (seat.out) return `${who(state, target)} is out of the round`;
  if (seat.protected) return `${who(state, target)} is protected by Chewbacca until their next turn`;
  return null;
}

function listOf(state: SecretInvasionState, players: readonly PlayerId[]): string {
  return players.map((p) => who(state, p)).join(', ');
}

function handNames(deck: Deck, held: readonly Card[]): string {
  return held.map((c) => deck.character(c.character).name).join(' and ');
}

function discardProblem(deck: Deck, state: SecretInvasionState, move: Extract<SecretInvasionMove, { type: 'discard' }>): string | null {
  const seat = seatOf(state, move.actor);
  if (!seat) return `there is no player "${move.actor}"`;
  const held = seat.hand.map((c) => deck.card(c));
  const character = typeof move.character === 'string' ? deck.characters.find((c) => c.id === move.character) : undefined;
  if (!character) {
    return `unknown character ${JSON.stringify(move.character)}; discard one of the cards you hold (${handNames(deck, held)})`;
  }
  if (!held.some((c) => c.character === character.id)) return `you do not hold ${character.name}; you hold ${handNames(deck, held)}`;
  for (const forced of held) {
    const forcer = held.find((other) => other !== forced && deck.character(forced.character).mustDiscardWith.includes(other.character));
    if (forcer && forced.character !== character.id) {
      const forcedName = deck.character(forced.character).name;
      return `you hold ${forcedName} with ${deck.character(forcer.character).name}: you must discard ${forcedName}`;
    }
  }
  const effect = character.effect;
  if (GUESS_EFFECTS.includes(effect)) {
    if (move.target === null) {
      if (move.guess !== null) return `with no target ${character.name} names no value: guess must be null`;
    } else {
      const wrongGuess = guessProblem(deck, move.guess, character.name);
      if (wrongGuess) return wrongGuess;
    }
  } else if (move.guess !== null) {
    return `${character.name} names no value: guess must be null`;
  }
  if (effect === 'redraw') {
    if (move.target === null) return `${character.name} needs a target: choose a player still in the round (yourself included)`;
    return targetProblem(state, move.actor, move.target, true, character.name);
  }
  if (OPPONENT_EFFECTS.includes(effect) || effect === 'look') {
    const eligible = targetableOpponents(state, move.actor);
    if (eligible.length === 0) {
      return move.target === null ? null : `every other player is protected or out: ${character.name} has no effect; play it with no target`;
    }
    if (move.target === null) {
      return effect === 'look' ? null : `${character.name} needs a target: choose one of ${listOf(state, eligible)}`;
    }
    return targetProblem(state, move.actor, move.target, false, character.name);
  }
  return move.target === null ? null : `${character.name} has no target: target must be null`;
}

export function illegalBecause(deck: Deck, state: SecretInvasionState, move: SecretInvasionMove): string | null {
  if (typeof move !== 'object' || move === null) return 'a move must be an object with an actor and a type';
  if (state.stage === 'over') return 'the game is over';
  if (move.actor !== state.turnPlayer) {
    return `it is ${who(state, state.turnPlayer)}'s turn, not ${seatOf(state, move.actor) ? who(state, move.actor) : JSON.stringify(move.actor)}'s`;
  }
  switch (move.type) {
    case 'discard':
      if (state.stage === 'second-try') return 'Boba Fett missed: guess again or stop guessing first';
      return discardProblem(deck, state, move);
    case 'guess-again': {
      if (state.stage !== 'second-try') return 'there is no Boba Fett second try to make now';
      return targetProblem(state, move.actor, move.target, false, 'Boba Fett') ?? guessProblem(deck, move.guess, 'Boba Fett');
    }
    case 'stop-guessing':
      return state.stage === 'second-try' ? null : 'there is no Boba Fett second try to decline now';
    default: {
      const type = (move as { type?: unknown }).type;
      return `unknown move type ${JSON.stringify(type) ?? String(type)} (expected discard, guess-again or stop-guessing)`;
    }
  }
}

/** Every move worth asking the judge about (a generous superset of the legal moves, the oracle's candidates): each character held, with every target (and value, for a guess). */
export function candidateMoves(deck: Deck, state: SecretInvasionState, actor: PlayerId): SecretInvasionMove[] {
  const targets: (PlayerId | null)[] = [null, ...state.seats.map((s) => s.id)];
  const values: number[] = [];
  for (let v = deck.rules.guess.min; v <= deck.rules.guess.max; v++) values.push(v);
  if (state.stage === 'second-try') {
    const tries: SecretInvasionMove[] = [{ actor, type: 'stop-guessing' }];
    for (const s of state.seats) for (const guess of values) tries.push({ actor, type: 'guess-again', target: s.id, guess });
    return tries;
  }
  const characters = [...new Set((seatOf(state, actor)?.hand ?? []).map((c) => deck.card(c).character))];
  const moves: SecretInvasionMove[] = [];
  for (const character of characters) {
    if (GUESS_EFFECTS.includes(deck.character(character).effect)) {
      // A guess names a value exactly when it has a target.
      moves.push({ actor, type: 'discard', character, target: null, guess: null });
      for (const s of state.seats) for (const guess of values) moves.push({ actor, type: 'discard', character, target: s.id, guess });
    } else {
      for (const target of targets) moves.push({ actor, type: 'discard', character, target, guess: null });
    }
  }
  return moves;
}

/** The candidates the judge accepts: the oracle the directly built lists (table-game.ts) are tested against. */
export function judgedLegalMoves(deck: Deck, state: SecretInvasionState, actor: PlayerId): SecretInvasionMove[] {
  if (!actorsToMove(state).includes(actor)) return [];
  return candidateMoves(deck, state, actor).filter((m) => illegalBecause(deck, state, m) === null);
}
