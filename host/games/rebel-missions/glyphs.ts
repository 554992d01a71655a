// The pictures and names the table front ends use for Rebel Missions, read from glyphs.json and
// checked when loaded: every die face, every timer symbol and every token kind must be drawn.

import glyphsJson from './data/glyphs.json' with { type: 'json' };
import { DIE_FACES, STANDARD_COMPONENTS, type DieFace } from './components.ts';

export const GLYPHS_FILE = 'host/games/rebel-missions/data/glyphs.json';

export interface Glyphs {
  readonly symbols: Readonly<Record<string, string>>;
  /** Each die face: its picture, its name, and what taking it does (for the menu). */
  readonly dice: Readonly<Record<DieFace, { readonly glyph: string; readonly name: string; readonly taken: string }>>;
  readonly resources: Readonly<Record<string, string>>;
}

function stringRecord(value: unknown, where: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${GLYPHS_FILE}: ${where} must be an object`);
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string' || text.length === 0) throw new Error(`${GLYPHS_FILE}: ${where}.${key} must be a non-empty string`);
    out[key] = text;
  }
  return out;
}

export function readGlyphs(data: unknown, symbolNames: readonly string[], tokenKinds: readonly string[]): Glyphs {
  if (typeof data !== 'object' || data === null) throw new Error(`${GLYPHS_FILE}: expected a JSON object`);
  const file = data as Record<string, unknown>;
  const symbols = stringRecord(file['symbols'], 'symbols');
  for (const name of ['triangle', ...symbolNames]) {
    if (!symbols[name]) throw new Error(`${GLYPHS_FILE}: symbols has no glyph for "${name}"`);
  }
  const resources = stringRecord(file['resources'], 'resources');
  for (const kind of tokenKinds) {
    if (!resources[kind]) throw new Error(`${GLYPHS_FILE}: resources has no name for token kind "${kind}"`);
  }
  const diceData = file['dice'];
  if (typeof diceData !== 'object' || diceData === null) throw new Error(`${GLYPHS_FILE}: dice must be an object`);
  const dice = {} as Record<DieFace, { glyph: string; name: string; taken: string }>;
  for (const face of DIE_FACES) {
    const entry = (diceData as Record<string, unknown>)[face];
    const record = stringRecord(entry, `dice.${face}`);
    if (!record['glyph'] || !record['name'] || !record['taken'])
      throw new Error(`${GLYPHS_FILE}: dice.${face} needs a glyph, a name and what taking it does ("taken")`);
    // The picture is also the face's symbol in the dice's chance data (dice.ts), where the engine allows at most 8 characters.
    if ([...record['glyph']].length > 8) throw new Error(`${GLYPHS_FILE}: dice.${face}.glyph is at most 8 characters, got "${record['glyph']}"`);
    dice[face] = { glyph: record['glyph'], name: record['name'], taken: record['taken'] };
  }
  return { symbols, dice, resources };
}

export const GLYPHS: Glyphs = readGlyphs(glyphsJson, STANDARD_COMPONENTS.symbols, [...new Set(STANDARD_COMPONENTS.tokens.map((t) => t.kind))]);

export function symbolGlyph(name: string): string {
  return GLYPHS.symbols[name] ?? name;
}

export function resourceName(kind: string): string {
  return GLYPHS.resources[kind] ?? kind;
}

/** What taking a die of this face does ("nothing happens, and the turn ends"). */
export function dieTaken(face: DieFace): string {
  return GLYPHS.dice[face].taken;
}

export function dieLabel(face: DieFace): string {
  const die = GLYPHS.dice[face];
  return `${die.glyph} ${die.name}`;
}
