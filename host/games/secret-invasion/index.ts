// Star Wars: Secret Invasion for the companion: the game on the table-game shape
// (`secretInvasionTable`: metadata, the decision stack, the rules in `play.ts`), its deck and rules
// data (validated when loaded: `deck.ts`), its bots and its table entry. README.md holds the rules.

export { createSecretInvasionTable, roundHorizon, SECRET_INVASION_META, secretInvasionTable } from './table-game.ts';
export type { SecretInvasionTable } from './table-game.ts';
export { loadDeck, STANDARD_DECK } from './deck.ts';
export type { Deck } from './deck.ts';
export type {
  PlayerId,
  SecretInvasionConfig,
  SecretInvasionEvent,
  SecretInvasionMove,
  SecretInvasionState,
  SecretInvasionStep,
  SecretInvasionView,
} from './model.ts';
export { trackingStepBot } from './tracking-bot.ts';
export { secretInvasionEntry, secretInvasionEntryFor } from './table-entry.ts';
