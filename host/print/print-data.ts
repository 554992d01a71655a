// The print kits' own data files (`host/print/data/<game>.json`): what a kit adds to the game's
// data, such as its rules summary. Validated when loaded, with errors naming the file and entry.

import { parseData, v } from '../engine/schema.ts';
import rebelMissionsJson from './data/rebel-missions.json' with { type: 'json' };
import secretInvasionJson from './data/secret-invasion.json' with { type: 'json' };
import stolenPlansJson from './data/stolen-plans.json' with { type: 'json' };
import queensGambitJson from './data/queens-gambit.json' with { type: 'json' };
import type { TextSection } from './kit.ts';

const TEXT = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

const SECTION = v.strictObject({
  heading: TEXT,
  paragraphs: v.pipe(v.array(TEXT), v.minLength(1, 'a section needs at least one paragraph')),
});

const COMMON = {
  format: v.literal('imperial-timer-print/1'),
  description: v.string(),
  summary: v.pipe(v.array(SECTION), v.minLength(1, 'the rules summary needs at least one section')),
};

const REBEL_MISSIONS = v.strictObject(COMMON);
const SECRET_INVASION = v.strictObject({
  ...COMMON,
  victoryTokens: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
});

/** Stolen Plans and The Queen's Gambit add only their rules summary. */
const SUMMARY_ONLY = v.strictObject(COMMON);

export interface SummaryPrintData {
  readonly summary: readonly TextSection[];
}

export interface RebelMissionsPrintData {
  readonly summary: readonly TextSection[];
}

export interface SecretInvasionPrintData {
  readonly summary: readonly TextSection[];
  readonly victoryTokens: number;
}

export function rebelMissionsPrintData(value: unknown = rebelMissionsJson, file = 'host/print/data/rebel-missions.json'): RebelMissionsPrintData {
  return parseData(REBEL_MISSIONS, value, file);
}

export function secretInvasionPrintData(value: unknown = secretInvasionJson, file = 'host/print/data/secret-invasion.json'): SecretInvasionPrintData {
  return parseData(SECRET_INVASION, value, file);
}

export function stolenPlansPrintData(value: unknown = stolenPlansJson, file = 'host/print/data/stolen-plans.json'): SummaryPrintData {
  return parseData(SUMMARY_ONLY, value, file);
}

export function queensGambitPrintData(value: unknown = queensGambitJson, file = 'host/print/data/queens-gambit.json'): SummaryPrintData {
  return parseData(SUMMARY_ONLY, value, file);
}
