// Every clause of the rules spec (README.md, readmeClauses()) has a rules test naming it with
// `clause('<id>', ...)` in a rules-*.test.ts file, or is listed below as not played yet, with
// what it waits on. A clause with neither fails here; so does a clause listed as waiting that
// has a test (move it out of the list).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeClauses } from '../../../host/games/stolen-plans/spec-clauses.ts';

const here = import.meta.dirname;
const tested = new Set(
  readdirSync(here)
    .filter((name) => /^rules-.*\.test\.ts$/.test(name))
    .flatMap((name) => [...readFileSync(join(here, name), 'utf8').matchAll(/clause\(\s*'([A-Z]+\d+)'/g)].map((m) => m[1] as string)),
);

/** The clauses the rules do not play yet, and what each waits on. */
const NOT_YET: Readonly<Record<string, string>> = {};

/** Decisions proved by the tests of other clauses (or of the data), named here. */
const COVERED_BY: Readonly<Record<string, readonly string[]>> = {
  D2: ['J4', 'A3'], // the Jedi Only effects; the Lightsaber's 8 is data
  D8: ['B8'], // Crush blocks Defend cards only (Saw Gerrera waits on Rogue One)
  D10: ['B24'], // what Cancel answers among the plays in the game so far
  D14: ['A4', 'D13'], // Protection on any Defend card, heroes included
  D20: ['L3', 'J4'], // the discard pile is face up, in every view
  D26: ['B17', 'W5'], // quick windows open only while their card may be held
};

/** Decisions proved by the data's own tests (deck.test.ts: deckFor). */
const DATA_TESTED: readonly string[] = ['D28'];

describe('Stolen Plans rules: every clause has its test', () => {
  const ids = readmeClauses().map((c) => c.id);

  it('every clause is proved by a rules test or listed as not played yet', () => {
    const missing = ids.filter((id) => !tested.has(id) && NOT_YET[id] === undefined && COVERED_BY[id] === undefined && !DATA_TESTED.includes(id));
    expect(missing).toEqual([]);
    for (const [id, by] of Object.entries(COVERED_BY)) for (const other of by) expect(tested.has(other), `${id} is covered by ${other}`).toBe(true);
  });

  it('no clause is both tested and listed as waiting, and the list names only clauses of the spec', () => {
    expect(Object.keys(NOT_YET).filter((id) => tested.has(id))).toEqual([]);
    expect(Object.keys(NOT_YET).filter((id) => !ids.includes(id))).toEqual([]);
    expect([...tested].filter((id) => !ids.includes(id))).toEqual([]);
  });
});
