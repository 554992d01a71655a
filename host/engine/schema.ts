// Schema validation for game data files, on valibot: a data file's shape is declared once as
// a schema (which also gives its TypeScript type), and every problem is reported as a
// DataError naming the file, the entry (`cards[3] (jawa-attack).value`) and what is wrong.
// A file that people write by hand may name its entries in words (the mission pack's
// `placard 4 (M04), needs`, host/pack/pack-placards.ts) with the same problems.

import { readFileSync } from 'node:fs';
import { DataError } from './data.ts';
import { dataErrorOf, v } from './schema-issues.ts';

export { dataErrorOf, v };

/** A schema for any value (valibot's generic schema type, named once here). */
export type DataSchema = v.GenericSchema<unknown, unknown>;

/** Checks `value` against `schema`; throws a DataError naming `file`, the entry and the problem. */
export function parseData<S extends DataSchema>(schema: S, value: unknown, file: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw dataErrorOf(file, result.issues);
  return result.output;
}

/** Reads a JSON data file and checks it against `schema`. */
export function readDataFile<S extends DataSchema>(schema: S, path: string, shownAs = path): v.InferOutput<S> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new DataError(shownAs, '', `cannot be read (${(err as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new DataError(shownAs, '', `is not valid JSON (${(err as Error).message})`);
  }
  return parseData(schema, value, shownAs);
}
