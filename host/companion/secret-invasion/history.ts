// What happened since a player last moved, as that player may know it: the first round's
// opening, then the saved log replayed move by move for its events (so a resumed game has the
// same history as one never stopped), filtered for the viewer with the game's eventFor.

import { eventsFor } from '../../engine/index.ts';
import type { SecretInvasionGame } from '../../games/secret-invasion/game.ts';
import type { PlayerId, SecretInvasionEvent } from '../../games/secret-invasion/model.ts';
import type { SecretInvasionMatch } from './session.ts';

/** The game's history as steps: the set-up's opening (actor null), then each move of the log with the events it caused (unfiltered). */
export function movesWithEvents(game: SecretInvasionGame, match: SecretInvasionMatch): { actor: PlayerId | null; events: readonly SecretInvasionEvent[] }[] {
  let state = game.setup(match.log.config, match.log.seed);
  const opening = { actor: null, events: game.openingEvents(match.log.config, match.log.seed) };
  return [
    opening,
    ...match.log.moves.map((move) => {
      const applied = game.apply(state, move);
      if (!applied.ok) throw new Error(`the game's log does not replay: ${applied.reason}`);
      state = applied.state;
      return { actor: move.actor, events: applied.events };
    }),
  ];
}

/**
 * The events since `viewer`'s last move (all of them, the opening included, when they have not
 * moved yet), as the viewer may see them; at most `limit`, the latest kept.
 */
export function eventsSinceLastMove(game: SecretInvasionGame, match: SecretInvasionMatch, viewer: PlayerId, limit = 40): SecretInvasionEvent[] {
  const moves = movesWithEvents(game, match);
  let from = 0;
  moves.forEach((m, i) => {
    if (m.actor === viewer) from = i + 1;
  });
  const events = moves.slice(from).flatMap((m) => eventsFor(game, m.events, viewer));
  return events.slice(-limit);
}
