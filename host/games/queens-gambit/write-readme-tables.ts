// Rewrites the tables of this folder's README from the data: `npx tsx host/games/queens-gambit/write-readme-tables.ts`.
// The test in test/games/queens-gambit/readme.test.ts fails until the README agrees with the data.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { standardData } from './load.ts';
import { readmeTables, withTables } from './tables.ts';

const path = join(import.meta.dirname, 'README.md');
const before = readFileSync(path, 'utf8');
const after = withTables(before, readmeTables(standardData()));
if (after === before) {
  console.log(`${path}: the tables already agree with the data`);
} else {
  writeFileSync(path, after);
  console.log(`${path}: tables rewritten from the data`);
}
