// The walkthrough's limits from walkthrough.json, checked when loaded.

import limitsJson from './walkthrough.json' with { type: 'json' };
import { parseData, v } from '../engine/schema.ts';

export const LIMITS_FILE = 'host/pack/walkthrough.json';

const LimitsSchema = v.strictObject({
  format: v.literal('imperial-timer-pack-walkthrough/1'),
  description: v.string(),
  maxInquisitors: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(28)),
  maxNameLength: v.pipe(v.number(), v.integer(), v.minValue(8), v.maxValue(200)),
  packName: v.pipe(v.string(), v.minLength(1)),
  packId: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/)),
});

export type WalkthroughLimits = v.InferOutput<typeof LimitsSchema>;

export const WALKTHROUGH_LIMITS: WalkthroughLimits = parseData(LimitsSchema, limitsJson, LIMITS_FILE);
