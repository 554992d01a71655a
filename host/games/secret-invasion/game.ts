// Secret Invasion as a game definition for the engine: 2 to 4 players, a 17-card deck, secret
// hands. One player moves at a time; the round's chance (shuffles) comes from the generator
// carried in the state.

import type { Game, Outcome } from '../../engine/game.ts';
import { STANDARD_DECK, type Deck } from './deck.ts';
import { actorsToMove, legalMoves } from './legality.ts';
import type {
  SecretInvasionConfig,
  SecretInvasionEvent,
  SecretInvasionMove,
  SecretInvasionState,
  SecretInvasionView,
} from './model.ts';
import { applyMove } from './rules.ts';
import { setupState, setupWithEvents } from './setup.ts';
import { eventFor, viewFor } from './view.ts';

export type SecretInvasionGame = Game<
  SecretInvasionConfig,
  SecretInvasionState,
  SecretInvasionMove,
  SecretInvasionView,
  SecretInvasionEvent
> & {
  /** The events of the first round's opening, which `setup` carries out (unfiltered, like a move's). */
  readonly openingEvents: (config: SecretInvasionConfig, seed: number) => SecretInvasionEvent[];
};

export const SECRET_INVASION_ID = 'secret-invasion';

export function createSecretInvasion(deck: Deck = STANDARD_DECK): SecretInvasionGame {
  return {
    id: SECRET_INVASION_ID,
    title: 'Star Wars: Secret Invasion',
    externalActors: [],
    setup: (config, seed) => setupState(deck, config, seed),
    players: (state) => state.seats.map((s) => s.id),
    toMove: actorsToMove,
    legalMoves: (state, actor) => legalMoves(deck, state, actor),
    apply: (state, move) => applyMove(deck, state, move),
    view: (state, actor) => viewFor(deck, state, actor),
    result: (state): Outcome => {
      const winner = state.seats.find((s) => s.id === state.winner);
      if (state.stage !== 'over' || !winner) return { finished: false };
      return { finished: true, winners: [winner.id], summary: `won: ${winner.tokens} victory tokens` };
    },
    eventFor,
    openingEvents: (config, seed) => setupWithEvents(deck, config, seed).events,
  };
}

/** Secret Invasion with the boxed deck. */
export const secretInvasion: SecretInvasionGame = createSecretInvasion();
