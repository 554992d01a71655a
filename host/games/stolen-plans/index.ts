// Star Wars: Stolen Plans: every card, window, option set and table number as data (validated
// when loaded), the deck of a chosen mix of option sets, and exact figures about a deck. The
// rules engine (`stolenPlans`) and its bots; README.md holds the rules it implements.

export { CATALOG, DATA_DIR, EFFECT_KINDS, FILE_NAMES, loadCatalog, readCatalogFiles } from './load.ts';
export type { Catalog, CatalogFiles } from './load.ts';
export { allSets, deckFor, supportedPlayers } from './deck.ts';
export type { DeckCard, DeckOptions, DeckPlan, GameRules, Removal } from './deck.ts';
export { describeAsk, describeEffect, describePassive, describePlay, describeWhen, playsInDeck } from './describe.ts';
export { bestDefendTotals, deckFigures } from './figures.ts';
export type { DeckFigures, DefenceOutcome, DefendOdds, PlayerCountFigures } from './figures.ts';
export { AFTERWARDS, ASK_FLAGS, CARD_KINDS, CONDITIONS, DEALT, TAGS } from './schema.ts';
export type { CardKind, CardType, Companion, Effect, EffectKind, OptionSet, Passive, Play, Tag, WindowType } from './schema.ts';
export { dealCards } from './deal.ts';
export type { Deal, ResourceCard } from './deal.ts';
export { readmeClauses, SPEC_SECTIONS, specClauses } from './spec-clauses.ts';
export type { SpecClause } from './spec-clauses.ts';
export { ASKED_FOR, BONUS_NOT_YET, cardAccountingProblems, dealtState, RULES_SETS, STOLEN_PLANS_META, stolenPlans } from './table-game.ts';
export type { SpConfig } from './table-game.ts';
export type { Place, Resource, SpData, SpEvent, SpMove, SpState, SpStep, SpView } from './state.ts';
export { hunterBot, r2d2Odds, spBots } from './bots.ts';
export { mayBeHeld } from './rules.ts';
