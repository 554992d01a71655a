// Secret Invasion in the older `Game` shape, for the companion's sessions, menus, terminal and
// JSON stream and the save files they wrote, until they run on the table front end: the table
// game (table-game.ts) seen with whole moves. Nothing of the rules is written here again:
// - a whole move is played as its steps (choosing.ts, `wholeMoveSteps`), each judged and
//   applied by the table game;
// - the round's shuffle, a chance move of the table game, is played at once, drawn as the
//   program drew it before it was a move of its own (`shuffleFrom`), so every game of this shape
//   deals as it always did and every save it wrote replays to the very state it saved;
// - the whole moves listed are the step lists followed to their ends.
// `stepLogOf` turns a log of this shape (the companion's saves) into the table game's log.

import { CHANCE } from '../../engine/decisions.ts';
import type { ApplyResult, Game, Outcome } from '../../engine/game.ts';
import type { GameLog } from '../../engine/log.ts';
import { eventsSeenBy, toMove } from '../../engine/table-game.ts';
import { namesValue, secondGuessTargets, targetOptions, wholeMoveSteps } from './choosing.ts';
import { STANDARD_DECK, type Deck } from './deck.ts';
import { illegalBecause } from './legality.ts';
import type { SecretInvasionConfig, SecretInvasionEvent, SecretInvasionMove, SecretInvasionState, SecretInvasionStep, SecretInvasionView } from './model.ts';
import { cardTableOf, shuffleFrom } from './play.ts';
import { createSecretInvasionTable, SECRET_INVASION_META, type SecretInvasionTable } from './table-game.ts';

type State = SecretInvasionState;
type Move = SecretInvasionMove;
type Step = SecretInvasionStep;

export type SecretInvasionGame = Game<SecretInvasionConfig, State, Move, SecretInvasionView, SecretInvasionEvent> & {
  /** The events of the game's opening (the first deal and turn), unfiltered like a move's. */
  readonly openingEvents: (config: SecretInvasionConfig, seed: number) => SecretInvasionEvent[];
  /** The table game behind it. */
  readonly table: SecretInvasionTable;
  readonly deck: Deck;
  /**
   * The table game's steps (and the deal, when the move ends a round) that a legal whole move is
   * played as, with the state and events after them; throws a RangeError with the judge's reason
   * for an illegal one.
   */
  readonly stepsOf: (state: State, move: Move) => { readonly steps: readonly Step[]; readonly state: State; readonly events: readonly SecretInvasionEvent[] };
};

export const SECRET_INVASION_ID = SECRET_INVASION_META.id;

/** Plays steps on the table game; a step it refuses is a fault here (the whole move was judged legal). */
function playSteps(table: SecretInvasionTable, state: State, steps: readonly Step[], events: SecretInvasionEvent[]): State {
  let now = state;
  for (const step of steps) {
    const applied = table.apply(now, step);
    if (!applied.ok) throw new Error(`the step ${JSON.stringify(step)} of a legal whole move was refused: ${applied.reason}`);
    events.push(...applied.events);
    now = applied.state;
  }
  return now;
}

/** The deal the older shape makes when the table game waits for one: the shuffle drawn from the state's generator itself. */
function dealIfDue(table: SecretInvasionTable, deck: Deck, state: State, steps: Step[], events: SecretInvasionEvent[]): State {
  if (state.stage !== 'deal') return state;
  const deal: Step = { actor: CHANCE, type: 'chance', outcome: shuffleFrom(cardTableOf(deck), state.rng).order };
  steps.push(deal);
  return playSteps(table, state, [deal], events);
}

/** The whole moves `actor` may make: each legal step list followed to the end of the choice, in its order. */
function wholeMoves(table: SecretInvasionTable, deck: Deck, state: State, actor: string): Move[] {
  const moves: Move[] = [];
  for (const step of table.legalMoves(state, actor)) {
    switch (step.type) {
      case 'stop-guessing':
        moves.push({ actor, type: 'stop-guessing' });
        break;
      case 'guess-again':
        for (const target of secondGuessTargets(state, actor))
          for (const guess of cardTableOf(deck).guessValues) moves.push({ actor, type: 'guess-again', target, guess });
        break;
      case 'discard': {
        const character = deck.character(step.character);
        const targets = targetOptions(state, actor, character);
        if (targets === null) {
          moves.push({ actor, type: 'discard', character: character.id, target: null, guess: null });
          break;
        }
        for (const target of targets) {
          if (target !== null && namesValue(character.effect)) {
            for (const guess of cardTableOf(deck).guessValues) moves.push({ actor, type: 'discard', character: character.id, target, guess });
          } else {
            moves.push({ actor, type: 'discard', character: character.id, target, guess: null });
          }
        }
        break;
      }
      default:
        break;
    }
  }
  return moves;
}

export function createSecretInvasion(deck: Deck = STANDARD_DECK): SecretInvasionGame {
  const table = createSecretInvasionTable(deck);
  const opening = (config: SecretInvasionConfig, seed: number): { state: State; events: SecretInvasionEvent[] } => {
    const events: SecretInvasionEvent[] = [];
    const state = dealIfDue(table, deck, table.setup(config, seed).state, [], events);
    return { state, events };
  };
  const stepsOf: SecretInvasionGame['stepsOf'] = (state, move) => {
    const reason = illegalBecause(deck, state, move);
    if (reason !== null) throw new RangeError(reason);
    const steps = wholeMoveSteps(state, move, (id) => deck.character(id));
    const events: SecretInvasionEvent[] = [];
    const after = dealIfDue(table, deck, playSteps(table, state, steps, events), steps, events);
    return { steps, state: after, events };
  };
  return {
    id: table.meta.id,
    title: table.meta.title,
    externalActors: table.meta.externalActors,
    table,
    deck,
    setup: (config, seed) => opening(config, seed).state,
    openingEvents: (config, seed) => opening(config, seed).events,
    players: (state) => table.players(state),
    toMove: (state) => toMove(table, state),
    legalMoves: (state, actor) => wholeMoves(table, deck, state, actor),
    apply: (state, move): ApplyResult<State, SecretInvasionEvent> => {
      const reason = illegalBecause(deck, state, move);
      if (reason !== null) return { ok: false, reason };
      const played = stepsOf(state, move);
      return { ok: true, state: played.state, events: played.events };
    },
    view: (state, actor) => table.view(state, actor),
    result: (state): Outcome => {
      const result = table.result(state);
      return result.finished ? { finished: true, winners: result.winners, summary: result.summary } : { finished: false };
    },
    eventFor: (event, actor) => eventsSeenBy(table, [event], actor)[0] ?? null,
    stepsOf,
  };
}

/** Secret Invasion with the boxed deck. */
export const secretInvasion: SecretInvasionGame = createSecretInvasion();

/**
 * A log of the older shape (whole moves, the deals drawn inside them: what the companion's saves
 * hold) as the table game's log: each whole move as its steps, each deal as the chance move that
 * draws the same cards. It replays under the table game to the state the older shape reached.
 * Throws a RangeError naming the first move the rules refuse.
 */
export function stepLogOf(log: GameLog<SecretInvasionConfig, Move>, game: SecretInvasionGame = secretInvasion): GameLog<SecretInvasionConfig, Step> {
  const { table, deck } = game;
  let state = table.setup(log.config, log.seed).state;
  const steps: Step[] = [];
  state = dealIfDue(table, deck, state, steps, []);
  log.moves.forEach((move, i) => {
    const reason = illegalBecause(deck, state, move);
    if (reason !== null) throw new RangeError(`move ${i + 1} of ${log.moves.length} (${JSON.stringify(move)}) was rejected: ${reason}`);
    const played = game.stepsOf(state, move);
    steps.push(...played.steps);
    state = played.state;
  });
  return { gameId: log.gameId, config: log.config, seed: log.seed, moves: steps };
}
