// The tokens of a match's table and seat links, kept beside its save (`<save>.links.json`, readable
// by this user only), so a server stopped and resumed accepts the same links: a phone's open seat
// page rejoins by itself.

import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ActorId } from '../engine/table-game.ts';
import { v } from '../engine/schema.ts';

export interface MatchLinks {
  readonly table: string;
  readonly seats: Readonly<Record<ActorId, string>>;
}

const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,128}$/));
const linksSchema = v.strictObject({ table: token, seats: v.record(v.string(), token) });

export const linksPathOf = (savePath: string): string => `${savePath}.links.json`;

/** The links kept for a save, when they are there, valid and name exactly `people`; else null (new links are made). */
export function readLinks(savePath: string, people: readonly ActorId[]): MatchLinks | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(linksPathOf(savePath), 'utf8'));
  } catch {
    return null;
  }
  const parsed = v.safeParse(linksSchema, value);
  if (!parsed.success) return null;
  const seats = Object.keys(parsed.output.seats).sort();
  if (seats.join() !== [...people].sort().join()) return null;
  return parsed.output;
}

export function writeLinks(savePath: string, links: MatchLinks): void {
  const path = linksPathOf(savePath);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(links, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}
