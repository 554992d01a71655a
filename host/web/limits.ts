// What the live channel accepts from a page, as data (limits.json), checked when loaded.
// - maxMessageBytes: a longer message is refused (and never parsed).
// - ratePerSecond / rateBurst: a token bucket per connection; a message beyond it is refused.
// - maxConnectionsPerViewer: tabs open at once on one seat link (or the table link).
// - maxLobbyConnections: start pages open at once.
// - tokenBytes: random bytes in a seat or table token (at least 16: 128 bits).

import { fileURLToPath } from 'node:url';
import { readDataFile, v } from '../engine/schema.ts';

const whole = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

export const limitsSchema = v.strictObject({
  maxMessageBytes: whole(256, 65_536),
  ratePerSecond: whole(1, 1000),
  rateBurst: whole(1, 1000),
  maxConnectionsPerViewer: whole(1, 64),
  maxLobbyConnections: whole(1, 64),
  tokenBytes: whole(16, 64),
});

export type Limits = v.InferOutput<typeof limitsSchema>;

export const LIMITS_FILE = fileURLToPath(new URL('./limits.json', import.meta.url));

export function loadLimits(path = LIMITS_FILE): Limits {
  return readDataFile(limitsSchema, path, 'host/web/limits.json');
}
