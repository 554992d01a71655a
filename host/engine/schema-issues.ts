// A valibot parse's issues in a DataError's words: the entry (`cards[3] (jawa-attack).value`)
// and the problem. No I/O, so what the browser build reads (the mission pack,
// host/pack/pack-placards.ts) words its problems the same way.

import * as v from 'valibot';
import { DataError } from './data.ts';

export { v };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

/** What a schema expected, in words: valibot's `Object` and `Array` as a person says them. */
function expectedWords(expected: string | null): string {
  if (expected === null) return 'something else';
  return expected === 'Object' ? 'an object' : expected === 'Array' ? 'a list' : expected;
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
export function isUnknownField(issue: v.BaseIssue<unknown>): boolean {
  return issue.kind === 'schema' && issue.type === 'strict_object' && issue.expected === 'never' && (issue.path?.length ?? 0) > 0;
}

/** What is wrong, in words: an unknown field, a missing value, a check's own message, or what was expected and what was there. */
export function problemOf(issue: v.BaseIssue<unknown>): string {
  if (isUnknownField(issue)) return `unknown field "${String(issue.path?.[issue.path.length - 1]?.key)}"`;
  if (issue.kind === 'schema' && issue.input === undefined) return 'missing';
  if (issue.kind === 'validation' || issue.kind === 'transformation') return issue.message;
  return `expected ${expectedWords(issue.expected)}, got ${describe(issue.input)}`;
}

/** The first problem of a failed parse, as a DataError naming file, entry and problem. */
export function dataErrorOf(file: string, issues: readonly v.BaseIssue<unknown>[]): DataError {
  const issue = issues[0];
  if (issue === undefined) return new DataError(file, '', 'is not valid');
  const path = issue.path ?? [];
  const entry = entryOf(isUnknownField(issue) ? path.slice(0, -1) : path);
  return new DataError(file, entry, problemOf(issue));
}
