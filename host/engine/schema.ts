// Schema validation for game data files, on valibot: a data file's shape is declared once as
// a schema (which also gives its TypeScript type), and every problem is reported as a
// DataError naming the file, the entry (`cards[3] (jawa-attack).value`) and what is wrong.
// New data files use this; the older hand-written readers in data.ts say the same things.

import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { DataError } from './data.ts';

export { v };

/** A schema for any value (valibot's generic schema type, named once here). */
export type DataSchema = v.GenericSchema<unknown, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

/** `cards[3] (jawa-attack).value`: list indexes, with the entry's `id` when it has one. */
function entryOf(path: readonly v.IssuePathItem[]): string {
  let entry = '';
  for (const item of path) {
    if (item.type === 'array') {
      const element = (item.input as unknown[])[item.key as number];
      const label =
        typeof element === 'object' && element !== null && typeof (element as { id?: unknown }).id === 'string' ? ` (${(element as { id: string }).id})` : '';
      entry += `[${String(item.key)}]${label}`;
    } else {
      entry += entry === '' ? String(item.key) : `.${String(item.key)}`;
    }
  }
  return entry;
}

/** A strict object's issue for a key it does not declare (valibot expects `never` there). */
function isUnknownField(issue: v.BaseIssue<unknown>): boolean {
  return issue.kind === 'schema' && issue.type === 'strict_object' && issue.expected === 'never' && (issue.path?.length ?? 0) > 0;
}

function problemOf(issue: v.BaseIssue<unknown>): string {
  if (isUnknownField(issue)) return `unknown field "${String(issue.path?.[issue.path.length - 1]?.key)}"`;
  if (issue.kind === 'schema' && issue.input === undefined) return 'missing';
  if (issue.kind === 'validation' || issue.kind === 'transformation') return issue.message;
  return `expected ${issue.expected ?? 'something else'}, got ${describe(issue.input)}`;
}

/** The first problem of a failed parse, as a DataError naming file, entry and problem. */
export function dataErrorOf(file: string, issues: readonly v.BaseIssue<unknown>[]): DataError {
  const issue = issues[0];
  if (issue === undefined) return new DataError(file, '', 'is not valid');
  const path = issue.path ?? [];
  const entry = entryOf(isUnknownField(issue) ? path.slice(0, -1) : path);
  return new DataError(file, entry, problemOf(issue));
}

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
