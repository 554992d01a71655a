// Rewrites the pin map table in hw/README.md from hw/pins.json and hw/diagram.json:
//   npx tsx hw/write-pin-table.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hardware } from './hardware.ts';
import { renderPinTable, withPinTable } from './pin-table.ts';

const readmePath = fileURLToPath(new URL('./README.md', import.meta.url));
const before = readFileSync(readmePath, 'utf8');
const after = withPinTable(before, renderPinTable(hardware));
if (after !== before) writeFileSync(readmePath, after);
