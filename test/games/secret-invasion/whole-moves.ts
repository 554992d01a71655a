// The rule tests' driver for Secret Invasion: the table game people play (table-game.ts), driven
// by whole moves (card, target and value in one), as a rule is read in the rulebook. Nothing of
// the rules is written here: a whole move is judged by `illegalBecause`, then played as its steps
// (`wholeMoveSteps`), each judged and applied by the table game; the round's shuffle, a chance
// decision of the table game, is answered at once from the state's generator (`shuffleFrom`); the
// whole moves listed are the table game's step lists followed to their ends.

import { CHANCE } from '../../../host/engine/decisions.ts';
import { eventsSeenBy, toMove, type ApplyResult, type TableResult } from '../../../host/engine/table-game.ts';
import { namesValue, secondGuessTargets, targetOptions, wholeMoveSteps } from '../../../host/games/secret-invasion/choosing.ts';
import { STANDARD_DECK, type Deck } from '../../../host/games/secret-invasion/deck.ts';
import { illegalBecause } from '../../../host/games/secret-invasion/legality.ts';
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

/** The whole moves `actor` may make: each legal step list followed to the end of the choice, in its order. */
function wholeMoves(table: SecretInvasionTable, deck: Deck, state: State, actor: string): Move[] {
  const moves: Move[] = [];
  for (const step of table.legalMoves(state, actor)) {
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

/** Secret Invasion's table game driven by whole moves (see above). */
export function wholeMoveDriver(deck: Deck = STANDARD_DECK) {
  const table = createSecretInvasionTable(deck);
  const opening = (config: SecretInvasionConfig, seed: number): { state: State; events: Event[] } => {
    const events: Event[] = [];
    return { state: dealIfDue(table, deck, table.setup(config, seed).state, [], events), events };
  };
  /** The steps (and the deal, when the move ends a round) a legal whole move is played as; a RangeError with the judge's reason for an illegal one. */
  const stepsOf = (state: State, move: Move): { steps: Step[]; state: State; events: Event[] } => {
    const reason = illegalBecause(deck, state, move);
    if (reason !== null) throw new RangeError(reason);
    const steps = wholeMoveSteps(state, move, (id) => deck.character(id));
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
      const reason = illegalBecause(deck, state, move);
      if (reason !== null) return { ok: false, reason };
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
