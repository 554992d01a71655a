// Secret Invasion in the older `Game` shape, for the companion's sessions, menus, terminal and
// JSON stream and the save files until they run on the table front end: the table game
// (table-game.ts) through the engine's adapter (engine/legacy-game.ts). Same rules, same
// states, moves, views and events.

import { legacyGame, type LegacyGame } from '../../engine/legacy-game.ts';
import { STANDARD_DECK, type Deck } from './deck.ts';
import type { SecretInvasionConfig, SecretInvasionEvent, SecretInvasionMove, SecretInvasionState, SecretInvasionView } from './model.ts';
import { createSecretInvasionTable, SECRET_INVASION_META } from './table-game.ts';

export type SecretInvasionGame = LegacyGame<SecretInvasionConfig, SecretInvasionState, SecretInvasionMove, SecretInvasionView, SecretInvasionEvent>;

export const SECRET_INVASION_ID = SECRET_INVASION_META.id;

export function createSecretInvasion(deck: Deck = STANDARD_DECK): SecretInvasionGame {
  return legacyGame(createSecretInvasionTable(deck));
}

/** Secret Invasion with the boxed deck. */
export const secretInvasion: SecretInvasionGame = createSecretInvasion();
