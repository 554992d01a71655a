// Star Wars: Rebel Missions for the companion: the game definition (and its table-game shape), its data types, the
// components loaded from data files, and bots for the timer and the players.

export { createRebelMissionsTable, packProblem, rebelMissionsTable, REBEL_MISSIONS_META } from './table-game.ts';
export type { RebelMissionsTable } from './table-game.ts';
export { buildComponents, CHOPPER, componentsWithPack, MAX_CODES, PRINTED_ID, readPack, STANDARD_COMPONENTS } from './load.ts';
export type { Components, PackComponents, Placard, Profile, Token } from './load.ts';
export { DIE_FACES } from './schema.ts';
export type { DieFace } from './schema.ts';
export { BUZZ_REASONS, TIMER } from './model.ts';
export type {
  BuzzReason,
  CodeRequest,
  PackIdentity,
  PendingChance,
  PlacardView,
  PlayerMove,
  RebelMissionsConfig,
  RebelMissionsEvent,
  RebelMissionsMove,
  RebelMissionsState,
  RebelMissionsView,
  RebelTableMove,
  RebelTableState,
  Stage,
  TimerMove,
} from './model.ts';
export { stateProblems } from './invariants.ts';
export { settingUp } from './setup.ts';
export { catalogOf } from './catalog.ts';
export { rebelBot } from './rebel-bot.ts';
export { DEFAULT_TIMER_BOT, randomTimerBot } from './timer-bot.ts';
export type { TimerBotOptions } from './timer-bot.ts';
