// The pictures and names the table front ends use for Rebel Missions, read from glyphs.json and
// checked when loaded (its schema in schema.ts): every die face, every timer symbol and every
// token kind must be drawn.

import glyphsJson from './data/glyphs.json' with { type: 'json' };
import { DataPath } from '../../engine/data.ts';
import { parseData } from '../../engine/schema.ts';
import { STANDARD_COMPONENTS } from './load.ts';
import { GlyphsFileSchema, type DieFace } from './schema.ts';

export const GLYPHS_FILE = 'host/games/rebel-missions/data/glyphs.json';

export interface Glyphs {
  readonly symbols: Readonly<Record<string, string>>;
  /** Each die face: its picture, its name, and what taking it does (for the menu). */
  readonly dice: Readonly<Record<DieFace, { readonly glyph: string; readonly name: string; readonly taken: string }>>;
  readonly resources: Readonly<Record<string, string>>;
}

/**
 * glyphs.json checked against its schema, then against the components it draws: a glyph for
 * the triangle and each of the pack's symbols, a name for each token kind. Throws a DataError
 * naming the file, the entry and the problem.
 */
export function readGlyphs(data: unknown, symbolNames: readonly string[], tokenKinds: readonly string[]): Glyphs {
  const { symbols, dice, resources } = parseData(GlyphsFileSchema, data, GLYPHS_FILE);
  const at = new DataPath(GLYPHS_FILE);
  for (const name of ['triangle', ...symbolNames]) {
    if (symbols[name] === undefined) at.key('symbols').fail(`no glyph for the symbol "${name}"`);
  }
  for (const kind of tokenKinds) {
    if (resources[kind] === undefined) at.key('resources').fail(`no name for the token kind "${kind}"`);
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
