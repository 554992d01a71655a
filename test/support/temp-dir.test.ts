import { describe, expect, it } from 'vitest';
import { TEST_TMP_ENV, testTempDir } from './temp-dir.ts';

describe('testTempDir', () => {
  it("makes folders inside this run's own folder", () => {
    const runDir = process.env[TEST_TMP_ENV];
    expect(runDir).toMatch(/build\/test-tmp\/run-/);
    expect(testTempDir('x-').startsWith(`${runDir}/x-`)).toBe(true);
  });
});
