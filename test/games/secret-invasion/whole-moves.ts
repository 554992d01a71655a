// The rule tests' driver for Secret Invasion: the table game people play (table-game.ts), driven
// by whole moves (card, target and value in one), as a rule is read in the rulebook. Nothing of
// the rules is written here: the whole moves listed are the table game's step lists followed to
// their ends; a whole move among them is played as its steps, each applied by the table game; any
// other is refused with the table game's own judge's reason for the first of its steps it
// refuses (the card, then the target the move names, then its value, each judged where the table
// game asks it), or, when every step is one the table game takes, with the field the table game
// never asks for. The round's shuffle, a chance decision of the table game, is answered at once
// from the state's generator (`shuffleFrom`).

import { CHANCE } from '../../../host/engine/decisions.ts';
import { eventsSeenBy, toMove, type ApplyResult, type TableResult } from '../../../host/engine/table-game.ts';
import { namesValue, onlyTarget, secondGuessTargets, targetOptions } from '../../../host/games/secret-invasion/choosing.ts';
import { type Character, STANDARD_DECK, type Deck } from '../../../host/games/secret-invasion/deck.ts';
import type {
  SecretInvasionConfig,
  SecretInvasionEvent,
  SecretInvasionMove,
  SecretInvasionState,
  SecretInvasionStep,
  SecretInvasionView,
} from '../../../host/games/secret-invasion/model.ts';
import { cardTableOf, shuffleFrom } from '../../../host/games/secret-invasion/play.ts';
import { createSecretInvasionTable, type SecretInvasionTable } from '../../../host/games/secret-invasion/table-game.ts';

type State = SecretInvasionState;
type Move = SecretInvasionMove;
type Step = SecretInvasionStep;
type Event = SecretInvasionEvent;

/** Plays steps on the table game; a step it refuses is a fault here (the whole move was judged legal). */
function playSteps(table: SecretInvasionTable, state: State, steps: readonly Step[], events: Event[]): State {
  let now = state;
  for (const step of steps) {
    const applied = table.apply(now, step);
    if (!applied.ok) throw new Error(`the step ${JSON.stringify(step)} of a legal whole move was refused: ${applied.reason}`);
    events.push(...applied.events);
    now = applied.state;
  }
  return now;
}

/** The round's deal when the table game waits for one: the shuffle drawn from the state's generator. */
function dealIfDue(table: SecretInvasionTable, deck: Deck, state: State, steps: Step[], events: Event[]): State {
  if (state.stage !== 'deal') return state;
  const deal: Step = { actor: CHANCE, type: 'chance', outcome: shuffleFrom(cardTableOf(deck), state.rng).order };
  steps.push(deal);
  return playSteps(table, state, [deal], events);
}

/** The whole moves `actor` may make (those beginning with a step `startsWith` takes): each legal step list followed to the end of the choice, in its order. */
function wholeMoves(table: SecretInvasionTable, deck: Deck, state: State, actor: string, startsWith: (step: Step) => boolean = () => true): Move[] {
  const moves: Move[] = [];
  for (const step of table.legalMoves(state, actor)) {
    if (!startsWith(step)) continue;
    if (step.type === 'stop-guessing') moves.push({ actor, type: 'stop-guessing' });
    else if (step.type === 'guess-again') {
      for (const target of secondGuessTargets(state, actor))
        for (const guess of cardTableOf(deck).guessValues) moves.push({ actor, type: 'guess-again', target, guess });
    } else if (step.type === 'discard') {
      const character = deck.character(step.character);
      const targets = targetOptions(state, actor, character);
      if (targets === null) {
        moves.push({ actor, type: 'discard', character: character.id, target: null, guess: null });
        continue;
      }
      for (const target of targets) {
        if (target !== null && namesValue(character.effect)) {
          for (const guess of cardTableOf(deck).guessValues) moves.push({ actor, type: 'discard', character: character.id, target, guess });
        } else moves.push({ actor, type: 'discard', character: character.id, target, guess: null });
      }
    }
  }
  return moves;
}

/** A whole move as the steps of the table game, for the state it is played in (a legal whole move: one `wholeMoves` lists). */
function stepsOfListed(deck: Deck, s: State, move: Move): Step[] {
  const actor = move.actor;
  switch (move.type) {
    case 'stop-guessing':
      return [{ actor, type: 'stop-guessing' }];
    case 'guess-again': {
      const steps: Step[] = [{ actor, type: 'guess-again' }];
      if (onlyTarget(secondGuessTargets(s, actor)) === undefined) steps.push({ actor, type: 'target', target: move.target });
      steps.push({ actor, type: 'name', value: move.guess });
      return steps;
    }
    case 'discard': {
      const character = deck.character(move.character);
      const steps: Step[] = [{ actor, type: 'discard', character: move.character }];
      const options = targetOptions(s, actor, character);
      if (options === null) return steps;
      if (onlyTarget(options) === undefined) steps.push({ actor, type: 'target', target: move.target });
      if (namesValue(character.effect) && move.target !== null && move.guess !== null) steps.push({ actor, type: 'name', value: move.guess });
      return steps;
    }
  }
}

/**
 * Why the table game refuses a whole move that is not listed: its judge's reason for the first
 * step of the move it refuses, each judged where the table game asks it (the target as if the
 * card or the second try were chosen, the value as if the target were), else the field the
 * table game never asks for there.
 */
function refusal(table: SecretInvasionTable, deck: Deck, s: State, move: Move): string {
  // A move of one step (stop-guessing), or of no type of this game, is judged as that step.
  const oneStep = typeof move !== 'object' || move === null || (move.type !== 'discard' && move.type !== 'guess-again');
  const first: Step = oneStep
    ? (move as unknown as Step)
    : move.type === 'discard'
      ? { actor: move.actor, type: 'discard', character: move.character }
      : { actor: move.actor, type: 'guess-again' };
  const reason = table.judge(s, first);
  if (reason !== null || oneStep) return reason ?? `${JSON.stringify(move)} is not a whole move the table game lists`;
  const actor = move.actor;
  // A second try guesses again with the card that missed: the one whose effect is to guess twice.
  const character = move.type === 'discard' ? deck.character(move.character) : (deck.characters.find((c) => c.effect === 'guess-twice') as Character);
  const asksTarget = move.type === 'guess-again' || targetOptions(s, actor, character) !== null;
  if (!asksTarget && move.target !== null) return `the table game asks no target for ${character.name} here: target must be null`;
  const target = move.target;
  if (asksTarget || target !== null) {
    const judged = table.judge({ ...s, choosing: { character: character.id, target: null } }, { actor, type: 'target', target });
    if (judged !== null) return judged;
  }
  if (target !== null && (move.type === 'guess-again' || namesValue(character.effect))) {
    const judged = table.judge({ ...s, choosing: { character: character.id, target } }, { actor, type: 'name', value: move.guess as number });
    if (judged !== null) return judged;
  }
  return `the table game asks no value for ${character.name} here: guess must be null`;
}

/** Secret Invasion's table game driven by whole moves (see above). */
export function wholeMoveDriver(deck: Deck = STANDARD_DECK) {
  const table = createSecretInvasionTable(deck);
  const opening = (config: SecretInvasionConfig, seed: number): { state: State; events: Event[] } => {
    const events: Event[] = [];
    return { state: dealIfDue(table, deck, table.setup(config, seed).state, [], events), events };
  };
  const isListed = (state: State, move: Move): boolean => {
    if (typeof move !== 'object' || move === null) return false;
    const shown = JSON.stringify(move);
    const startsWith = (step: Step): boolean =>
      step.type === move.type && (step.type !== 'discard' || move.type !== 'discard' || step.character === move.character);
    return wholeMoves(table, deck, state, move.actor, startsWith).some((m) => JSON.stringify(m) === shown);
  };
  /** The steps (and the deal, when the move ends a round) a legal whole move is played as; a RangeError with the table game's reason for an illegal one. */
  const stepsOf = (state: State, move: Move): { steps: Step[]; state: State; events: Event[] } => {
    if (!isListed(state, move)) throw new RangeError(refusal(table, deck, state, move));
    const steps = stepsOfListed(deck, state, move);
    const events: Event[] = [];
    const after = dealIfDue(table, deck, playSteps(table, state, steps, events), steps, events);
    return { steps, state: after, events };
  };
  return {
    table,
    deck,
    setup: (config: SecretInvasionConfig, seed: number): State => opening(config, seed).state,
    openingEvents: (config: SecretInvasionConfig, seed: number): Event[] => opening(config, seed).events,
    players: (state: State): readonly string[] => table.players(state),
    toMove: (state: State): readonly string[] => toMove(table, state),
    legalMoves: (state: State, actor: string): Move[] => wholeMoves(table, deck, state, actor),
    apply: (state: State, move: Move): ApplyResult<State, Event> => {
      if (!isListed(state, move)) return { ok: false, reason: refusal(table, deck, state, move) };
      const played = stepsOf(state, move);
      return { ok: true, state: played.state, events: played.events };
    },
    view: (state: State, actor: string): SecretInvasionView => table.view(state, actor),
    result: (state: State): TableResult => table.result(state),
    /** The events `actor` sees, as the table game filters them. */
    eventsFor: (events: readonly Event[], actor: string): Event[] => eventsSeenBy(table, events, actor),
    stepsOf,
  };
}

/** The driver over the boxed deck. */
export const secretInvasionByWholeMoves = wholeMoveDriver();
