// host/games/queens-gambit/README.md keeps its tables true: each table block must be what the
// data makes (tables.ts), so an edit to a data file without rewriting the README fails here.
// Rewrite them with `npx tsx host/games/queens-gambit/write-readme-tables.ts`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQueensGambit, standardData, STANDARD_FILES } from '../../../host/games/queens-gambit/load.ts';
import { readmeTables, tablesIn, withTables } from '../../../host/games/queens-gambit/tables.ts';

const readme = readFileSync(join(import.meta.dirname, '../../../host/games/queens-gambit/README.md'), 'utf8');
const made = readmeTables(standardData());
const found = tablesIn(readme);

describe("The Queen's Gambit README", () => {
  it('holds every table the data makes, and no other', () => {
    expect(Object.keys(found).sort()).toEqual(Object.keys(made).sort());
  });

  it.each(Object.keys(made))('the %s table agrees with the data', (name) => {
    expect(found[name]).toBe(made[name]);
  });

  it('a change to the data shows as a disagreement', () => {
    const units = structuredClone(STANDARD_FILES.units) as { units: { id: string; move: number }[] };
    const guard = units.units.find((u) => u.id === 'palace-guard');
    if (guard === undefined) throw new Error('no palace-guard in units.json');
    guard.move = 5;
    const changed = readmeTables(loadQueensGambit({ ...STANDARD_FILES, units }));
    expect(changed.units).not.toBe(found.units);
    expect(tablesIn(withTables(readme, changed)).units).toBe(changed.units);
  });

  it('refuses a table block the data does not make', () => {
    expect(() => withTables('<!-- table: nothing -->\n<!-- /table -->', made)).toThrow('table "nothing"');
  });
});
