// The game engine framework shared by every game: the game shape, seeded chance, logs and
// replay, save files, bots, the headless runner, the random-playout fuzzer and data validation.

export { eventsFor, GameConfigError } from './game.ts';
export type { ActorId, ApplyResult, Game, MoveBase, Outcome } from './game.ts';
export { isRngState, isSeed, nextUint32, randomFrom, seedRng, shuffled, splitRng } from './rng.ts';
export type { Random, RngState } from './rng.ts';
export { playMove, replay, ReplayError, startMatch } from './log.ts';
export type { GameLog, Match, MatchStep } from './log.ts';
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
export { playGame, randomBot, runMatches } from './bots.ts';
export type { Bot, MatchReport, PlayedGame, Seating, StepCheck } from './bots.ts';
export { fuzzGame, plainDataProblem } from './fuzz.ts';
export type { FuzzFailure, FuzzReport } from './fuzz.ts';
export { DataError, DataPath } from './data.ts';
export { dataErrorOf, parseData, readDataFile, v } from './schema.ts';
export type { DataSchema } from './schema.ts';
export { cloneData } from './draft.ts';
export type { Mutable } from './draft.ts';
