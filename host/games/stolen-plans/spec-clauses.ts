// The clauses of the rules spec in README.md (`- **A3** ...`, `- **B1 Traitor**: ...`), read
// from the README so that the rules engine's tests can name the clause each one proves and a
// test can check that every clause has one.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SpecClause {
  /** `A3`, `B1`, `D17`... */
  readonly id: string;
  /** The section letters: S set-up, T turn, E end, L losing cards, A attack, ST steals, H heroes,
   * J Jedi, B bonus cards, R resources, X additional bonus cards, RO Rogue One, W windows, HI
   * hidden information, D decisions. */
  readonly section: string;
  /** The words in bold after the id (`Traitor` for `- **B1 Traitor**:`), or ''. */
  readonly title: string;
  /** The clause's text, on one line. */
  readonly text: string;
}

export const SPEC_SECTIONS = ['S', 'T', 'E', 'L', 'A', 'ST', 'H', 'J', 'B', 'R', 'X', 'RO', 'W', 'HI', 'D'] as const;

/** The clauses of a README text, in order. */
export function specClauses(readme: string): SpecClause[] {
  const start = readme.indexOf('## The rules as the engine implements them');
  if (start < 0) return [];
  const spec = readme.slice(start);
  const clauses: SpecClause[] = [];
  const items = spec.split(/\n(?=- \*\*)/);
  for (const item of items) {
    const match = /^- \*\*([A-Z]+)(\d+)\b([^*]*)\*\*:?\s*/.exec(item);
    if (match === null) continue;
    const body = item.slice(match[0].length).split(/\n(?!\s{2})/)[0] ?? '';
    clauses.push({ id: `${match[1]}${match[2]}`, section: match[1]!, title: match[3]!.trim(), text: body.replace(/\s+/g, ' ').trim() });
  }
  return clauses;
}

/** The clauses of this folder's README. */
export function readmeClauses(): SpecClause[] {
  return specClauses(readFileSync(join(import.meta.dirname, 'README.md'), 'utf8'));
}
