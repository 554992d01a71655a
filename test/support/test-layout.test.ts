// The test layout (README, Development; test/README.md): every suite lives in test/<part>/. vitest
// only runs test/**/*.test.ts (npm test) and test/**/*.soak.ts (npm run soak), so a suite written
// beside its code would silently never run; this says so.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'build', '.git', 'test']);

function testFilesOutsideTest(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) found.push(...testFilesOutsideTest(join(dir, entry.name)));
    } else if (/\.(test|soak)\.[cm]?[jt]s$/.test(entry.name)) {
      found.push(relative(ROOT, join(dir, entry.name)));
    }
  }
  return found;
}

describe('the test layout', () => {
  it('has no test file outside test/ (vitest would not run it: move it to test/<part>/)', () => {
    expect(testFilesOutsideTest(ROOT)).toEqual([]);
  });
});
