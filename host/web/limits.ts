// What the live channel accepts from a page, as data (limits.json), checked when loaded.
// - maxMessageBytes: a longer message is refused (and never parsed).
// - ratePerSecond / rateBurst: a token bucket per connection; a message beyond it is refused.
// - maxConnectionsPerViewer: tabs open at once on one seat link (or the table link); their messages
//   share one token bucket (ratePerSecond, rateBurst), so more tabs send no more.
// - maxLobbyConnections: start pages open at once.
// - tokenBytes: random bytes in a seat or table token (at least 16: 128 bits).
// - joinsPerSecond / joinBurst: live channels opened per link (or the start page), all its tabs
//   together: a page reloaded in a loop is refused (429) before it costs the others anything.
// - maxConnectionsPerAddress / maxConnections: TCP connections open at once from one address and
//   in all (the total is lowered below the file limit: connection-limits.ts); over it, closed at once.
// - idleMs: an HTTP connection silent this long (or whose request head takes longer) is closed.
// - heartbeatMs: live channels are pinged this often; one that missed the last ping is closed.
// - portListCacheMs: one listing of the serial ports serves the start page's requests this long.

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
  joinsPerSecond: whole(1, 1000),
  joinBurst: whole(1, 1000),
  maxConnectionsPerAddress: whole(1, 10_000),
  maxConnections: whole(1, 100_000),
  idleMs: whole(100, 120_000),
  heartbeatMs: whole(100, 120_000),
  portListCacheMs: whole(0, 60_000),
});

export type Limits = v.InferOutput<typeof limitsSchema>;

export const LIMITS_FILE = fileURLToPath(new URL('./limits.json', import.meta.url));

export function loadLimits(path = LIMITS_FILE): Limits {
  return readDataFile(limitsSchema, path, 'host/web/limits.json');
}
