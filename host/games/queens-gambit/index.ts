// Star Wars Episode I: The Queen's Gambit for the companion: the game on the table-game shape
// (`queensGambit`: metadata, rules, views), its data (validated when loaded: `load.ts`,
// `schema.ts`), its bots and its table entry. README.md holds the rules it implements.

export { QG_META, queensGambit } from './table-game.ts';
export type { QgView } from './table-game.ts';
export type { QgData, QgDecision, QgEvent, QgMove, QgState } from './model.ts';
export { configFor, queensGambitEntry, queensGambitRenderer } from './table-entry.ts';
