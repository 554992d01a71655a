// Who may move and which moves are legal, the "fair play" rule enforced: the judge names what is
// wrong with a move and what to do instead. `stepProblem`, the game's one judge, judges the table
// game's steps (the card, the target, the value, undo, the round's shuffle); a whole move of the
// older shape (card, target and value in one, as old saves hold) is refused, saying what to do.
// The legal lists built in table-game.ts are tested against `judgedLegalSteps`, the candidates
// it accepts, so a user interface built on them cannot offer an illegal one.

import { chanceMoveProblem, type ChanceSpec } from '../../engine/chance.ts';
import { askOf, namesValue, targetKindOf } from './choosing.ts';
import type { Card, Character, Deck } from './deck.ts';
import type { PlayerId, SecretInvasionState, SecretInvasionStep } from './model.ts';
import { isOut, isProtected, seatOf, targetableOpponents, who } from './table.ts';

/** The players who may move now (the round's shuffle is chance's, not a player's). */
export function actorsToMove(state: SecretInvasionState): PlayerId[] {
  return state.stage === 'over' || state.stage === 'deal' ? [] : [state.turnPlayer];
}

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
  if (isOut(state, target)) return `${who(state, target)} is out of the round`;
  if (isProtected(state, target)) return `${who(state, target)} is protected by Chewbacca until their next turn`;
  return null;
}

function listOf(state: SecretInvasionState, players: readonly PlayerId[]): string {
  return players.map((p) => who(state, p)).join(', ');
}

function handNames(deck: Deck, held: readonly Card[]): string {
  return held.map((c) => deck.character(c.character).name).join(' and ');
}

/** Why the actor may not discard a card of `characterId` now (not held, unknown, Obi-Wan Kenobi forced), or null. */
function cardProblem(deck: Deck, state: SecretInvasionState, actor: PlayerId, characterId: unknown): string | null {
  const seat = seatOf(state, actor);
  if (!seat) return `there is no player "${actor}"`;
  const held = seat.hand.map((c) => deck.cards[c] as Card);
  const character = typeof characterId === 'string' ? deck.characters.find((c) => c.id === characterId) : undefined;
  if (!character) {
    return `unknown character ${JSON.stringify(characterId)}; discard one of the cards you hold (${handNames(deck, held)})`;
  }
  if (!held.some((c) => c.character === character.id)) return `you do not hold ${character.name}; you hold ${handNames(deck, held)}`;
  for (const forced of held) {
    const forcer = held.find((other) => other !== forced && deck.character(forced.character).mustDiscardWith.includes(other.character));
    if (forcer && forced.character !== character.id) {
      const forcedName = deck.character(forced.character).name;
      return `you hold ${forcedName} with ${deck.character(forcer.character).name}: you must discard ${forcedName}`;
    }
  }
  return null;
}

// ---- the table game's steps ----

/** The round's shuffle, as a chance decision: a secret order of the deck's cards, drawn by the engine. */
export function shuffleSpec(deck: Deck): ChanceSpec {
  let spec = shuffleSpecs.get(deck);
  if (spec === undefined) shuffleSpecs.set(deck, (spec = { kind: 'shuffle', size: deck.cards.length }));
  return spec;
}
const shuffleSpecs = new WeakMap<Deck, ChanceSpec>();

/** What a save written before the discard was chosen in steps holds, and what to do about it. */
export const WHOLE_MOVE_FORMAT =
  'this is a whole move (card, target and value in one), as games saved before Secret Invasion chose a discard in steps wrote them';

/** What to do with a whole move: send it in steps (a save of that older format is refused when it is opened). */
export const WHOLE_MOVE_ADVICE = 'send the card (discard), then its target, then the value, one step at a time';

const STEP_TYPES = 'discard, target, name, undo, guess-again, stop-guessing or chance';

function isWholeMove(move: object): boolean {
  const type = (move as { type?: unknown }).type;
  return (type === 'discard' && ('target' in move || 'guess' in move)) || (type === 'guess-again' && ('target' in move || 'guess' in move));
}

function nothingToUndo(): string {
  return 'nothing is chosen yet, so there is nothing to undo';
}

/** The target step's problem for `character` (or Boba Fett's second guess). */
function targetStepProblem(state: SecretInvasionState, actor: PlayerId, target: unknown, character: Character, secondGuess: boolean): string | null {
  const kind = secondGuess ? 'opponent' : targetKindOf(character.effect);
  if (target === null) {
    if (kind === 'opponent-or-no-one') return null;
    if (kind === 'anyone') return `${character.name} needs a target: choose a player still in the round (yourself included)`;
    return `${character.name} needs a target: choose one of ${listOf(state, targetableOpponents(state, actor))}`;
  }
  return targetProblem(state, actor, target, kind === 'anyone', character.name);
}

/**
 * The judge of the table game's steps, with a reason for people: whose turn it is, what is
 * being asked (the card, a second try, the target, the value), and each card's rules.
 */
export function stepProblem(deck: Deck, state: SecretInvasionState, move: SecretInvasionStep): string | null {
  if (typeof move !== 'object' || move === null) return 'a move must be an object with an actor and a type';
  if (isWholeMove(move)) return `${WHOLE_MOVE_FORMAT}: ${WHOLE_MOVE_ADVICE}`;
  if (move.type === 'chance') return chanceMoveProblem(state.stage === 'deal' ? shuffleSpec(deck) : null, move);
  if (state.stage === 'over') return 'the game is over';
  if (state.stage === 'deal') return 'the cards are being shuffled and dealt for the next round';
  if (move.actor !== state.turnPlayer) {
    return `it is ${who(state, state.turnPlayer)}'s turn, not ${seatOf(state, move.actor) ? who(state, move.actor) : JSON.stringify(move.actor)}'s`;
  }
  const ask = askOf(state);
  const choosing = state.choosing;
  const character = choosing === null ? undefined : deck.characters.find((c) => c.id === choosing.character);
  const name = character?.name ?? 'Boba Fett';
  switch (move.type) {
    case 'discard':
      if (ask === 'again') return 'Boba Fett missed: guess again or stop guessing first';
      if (ask !== 'card') return `${name} is chosen: choose its ${ask === 'target' ? 'target' : 'value'}, or undo`;
      return cardProblem(deck, state, move.actor, move.character);
    case 'guess-again':
    case 'stop-guessing':
      if (state.stage !== 'second-try') return `there is no Boba Fett second try to ${move.type === 'guess-again' ? 'make' : 'decline'} now`;
      return ask === 'again' ? null : `a second guess is being chosen: choose its ${ask === 'target' ? 'target' : 'value'}, or undo`;
    case 'target':
      if (ask !== 'target' || character === undefined) {
        return ask === 'value' ? `name a value for ${name} first, or undo` : 'choose the card to discard first, then its target';
      }
      return targetStepProblem(state, move.actor, move.target, character, state.stage === 'second-try');
    case 'name':
      if (ask !== 'value') return ask === 'target' ? `choose the target for ${name} first` : 'choose the card to discard first';
      if (state.stage !== 'second-try' && character !== undefined && !namesValue(character.effect)) return `${name} names no value`;
      return guessProblem(deck, move.value, name);
    case 'undo':
      return choosing === null ? nothingToUndo() : null;
    default: {
      const type = (move as { type?: unknown }).type;
      return `unknown move type ${JSON.stringify(type) ?? String(type)} (expected ${STEP_TYPES})`;
    }
  }
}

/** Every step worth asking the judge about (a generous superset of the legal steps, the oracle's candidates), in the order the menus list them. */
export function candidateSteps(deck: Deck, state: SecretInvasionState, actor: PlayerId): SecretInvasionStep[] {
  const held = [...new Set((seatOf(state, actor)?.hand ?? []).map((c) => (deck.cards[c] as Card).character))];
  const characters = [...held, ...deck.characters.map((c) => c.id).filter((c) => !held.includes(c))];
  const steps: SecretInvasionStep[] = [
    { actor, type: 'stop-guessing' },
    { actor, type: 'guess-again' },
  ];
  for (const character of characters) steps.push({ actor, type: 'discard', character });
  for (const target of [null, ...state.seats.map((s) => s.id), 'p9']) steps.push({ actor, type: 'target', target });
  for (let value = deck.rules.guess.min - 1; value <= deck.rules.guess.max + 1; value++) steps.push({ actor, type: 'name', value });
  steps.push({ actor, type: 'undo' });
  return steps;
}

/** The candidate steps the judge accepts: the oracle the directly built lists (table-game.ts) are tested against. */
export function judgedLegalSteps(deck: Deck, state: SecretInvasionState, actor: PlayerId): SecretInvasionStep[] {
  if (!actorsToMove(state).includes(actor)) return [];
  return candidateSteps(deck, state, actor).filter((m) => stepProblem(deck, state, m) === null);
}
