// Carrying out a move: the judge in legality.ts accepts or rejects it; an accepted move is
// carried out on a private copy of the state, and the turn passes (or the round ends) after it.

import type { ApplyResult } from '../../engine/game.ts';
import { randomFrom } from '../../engine/rng.ts';
import type { Deck } from './deck.ts';
import { knockOut, playCard, resolveGuess } from './effects.ts';
import { illegalBecause } from './legality.ts';
import type { SecretInvasionEvent, SecretInvasionMove, SecretInvasionState } from './model.ts';
import { finishTurn } from './round.ts';
import { draftOf } from './table.ts';

export function applyMove(
  deck: Deck,
  state: SecretInvasionState,
  move: SecretInvasionMove,
): ApplyResult<SecretInvasionState, SecretInvasionEvent> {
  const illegal = illegalBecause(deck, state, move);
  if (illegal !== null) return { ok: false, reason: illegal };
  const draft = draftOf(state);
  const events: SecretInvasionEvent[] = [];
  const rng = randomFrom(state.rng);
  let pending = false;
  switch (move.type) {
    case 'discard':
      pending = playCard(deck, draft, move.actor, move.character, move.target, move.guess, events);
      break;
    case 'guess-again':
      draft.stage = 'turn';
      draft.missedGuess = null;
      if (!resolveGuess(deck, draft, move.actor, move.target, move.guess, 2, events)) {
        knockOut(deck, draft, move.actor, 'second-miss', events);
      }
      break;
    case 'stop-guessing':
      draft.stage = 'turn';
      draft.missedGuess = null;
      events.push({ type: 'second-try-declined', player: move.actor });
      break;
  }
  if (!pending) finishTurn(deck, draft, rng, events);
  draft.rng = rng.state();
  return { ok: true, state: draft, events };
}
