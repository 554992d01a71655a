// The game engine framework shared by every game: the table-game shape, seeded chance, logs and
// replay, save files, bots, the driver, the checks every game runs and data validation.

export { GameConfigError } from './table-game.ts';
export type { ActorId, ApplyResult, MoveBase } from './table-game.ts';
export { isRngState, isSeed, nextUint32, randomFrom, seedRng, shuffled, splitRng } from './rng.ts';
export type { Random, RngState } from './rng.ts';
export { ReplayError } from './log.ts';
export type { GameLog, Match } from './log.ts';
export {
  backupPathOf,
  canonicalJson,
  damagedPathOf,
  decodeSave,
  encodeSave,
  readSave,
  readSaveOrBackup,
  SAVE_FORMAT,
  SAVE_VERSION,
  SaveError,
  writeSave,
} from './save.ts';
export type { LoadedSave, SaveFile } from './save.ts';
export { fuzzSeeds, moversProblem, plainDataProblem, replayProblem } from './fuzz.ts';
export type { FuzzedGame, FuzzFailure, FuzzTally } from './fuzz.ts';
export { DataError, DataPath } from './data.ts';
export { dataErrorOf, parseData, readDataFile, v } from './schema.ts';
export type { DataSchema } from './schema.ts';
export { cloneData } from './draft.ts';
export type { Mutable } from './draft.ts';

// The table-game shape: the decision stack, chance as an actor, small-step choices, metadata as
// data, two ways to apply, the driver, the checks every game runs and the search bot.
export {
  answer,
  answerProblem,
  answerTop,
  CHANCE,
  chanceDecision,
  CLOSE_RULES,
  copyDecision,
  decision,
  isClosed,
  isWaitingOn,
  LIMIT_SECONDS_MAX,
  limitOf,
  mayPass,
  stackProblems,
  stackWaitingOn,
  topDecision,
  waitingOn,
} from './decisions.ts';
export type { CloseRule, Decision, DecisionInit } from './decisions.ts';
export {
  isPassMove,
  PASS_MOVE_TYPE,
  passersAtTimeout,
  passFor,
  QUICK_SECONDS_DEFAULT,
  QUICK_SECONDS_OPTION,
  QUICK_SECONDS_OPTION_MAX,
  quickLimit,
  quickSecondsOption,
  timedWindow,
  timedWindowProblems,
  windowContinues,
} from './quick.ts';
export type { TimedWindow } from './quick.ts';
export {
  chanceMoveProblem,
  chanceStream,
  diceById,
  diceFileSchema,
  faceValue,
  listOutcomes,
  outcomeCount,
  outcomeOdds,
  outcomeProblem,
  rollDistribution,
  rollTotal,
  sampledChanceMove,
  sampleOutcome,
  sidesOf,
  tableMayEnter,
} from './chance.ts';
export type { ChanceMove, ChanceOutcome, ChanceSpec, DiceFile, Die, DieFace, Odds } from './chance.ts';
export {
  applyPathStep,
  applySelectionStep,
  copySelection,
  pathStepProblem,
  pathSteps,
  selection,
  selectionProblem,
  selectionSteps,
} from './steps.ts';
export type { PathStep, Selection, SelectionStep } from './steps.ts';
export { checkMeta, checkPlayerCount, defaultOptions, gameMetaSchema, resolveOptions, teamsFor } from './meta.ts';
export type { GameMeta, OptionRule, OptionSpec, OptionValue, ResolvedOptions } from './meta.ts';
export { copyOnWrite, inPlaceWriter } from './cow.ts';
export type { Writer } from './cow.ts';
export { mapStrings, relabelUnknown } from './determinize.ts';
export {
  applyCopyOnWrite,
  applyInPlaceWith,
  chanceAsMove,
  eventsSeenBy,
  forwardLegalMovesOf,
  forwardMoves,
  openChance,
  playInPlace,
  toMove,
  winnerReturns,
} from './table-game.ts';
export type { HiddenTableGame, OpenTableGame, Opening, TableConfig, TableGame, TableResult, WrittenRules } from './table-game.ts';
export {
  chanceMoveFor,
  nextRandomMove,
  playTable,
  randomPlayoutInPlace,
  randomTableBot,
  replayTable,
  samplerFor,
  viewBot,
} from './table-play.ts';
export type { Bot, BotTurn, ChanceSource, PlayedTable, TableBot, TableStep } from './table-play.ts';
export { checkHiddenInformation, forEachPlayoutState, fuzzTable, legalMovesMatchJudge, tableStateProblems } from './table-check.ts';
export type { TableFailure, TableFuzzReport } from './table-check.ts';
export { DEFAULT_SEARCH_MS, searchBot } from './search-bot.ts';
export type { SearchOptions, SearchStats } from './search-bot.ts';
