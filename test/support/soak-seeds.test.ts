// The seeds of the long runs (test/soak-seeds.json) and the run-time estimates of bench and soak
// (test/run-times.json): both files load; every run is played by npm test and by npm run soak; bad
// entries are refused saying what to write.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationInWords, estimateLine, runTimeOf } from './run-time.ts';
import { loadSoakRuns, soakSeeds, testSeeds } from './soak-seeds.ts';

const TEST_DIR = join(import.meta.dirname, '..');

function filesEndingIn(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name));
}

describe('the soak seeds', () => {
  it('every run has a few seeds for npm test, all among its soak seeds', () => {
    const runs = loadSoakRuns();
    expect(runs.size).toBeGreaterThan(0);
    for (const [name, run] of runs) {
      expect(run.test.length, name).toBeGreaterThan(0);
      expect(run.soak.length, name).toBeGreaterThanOrEqual(run.test.length);
      expect(testSeeds(name)).toEqual(run.test);
      expect(soakSeeds(name)).toEqual(run.soak);
    }
  });

  it('every run is played by a test file and a soak file (the seeds of a run nobody plays would be a check nobody makes)', () => {
    const uses = (suffix: string, name: string): string[] =>
      filesEndingIn(TEST_DIR, suffix)
        .filter((file) => readFileSync(file, 'utf8').includes(`'${name}'`))
        .map((file) => relative(TEST_DIR, file));
    for (const name of loadSoakRuns().keys()) {
      expect(uses('.test.ts', name), `${name} in a *.test.ts`).not.toEqual([]);
      expect(uses('.soak.ts', name), `${name} in a *.soak.ts`).not.toEqual([]);
    }
  });

  it('refuses a run without its seeds, a bad seed list and test seeds the soak does not play, saying what to write', () => {
    expect(() => loadSoakRuns('{"a": {"what": "x", "test": [1]}}')).toThrow(
      /run "a", "soak": give the seeds as a list of whole numbers or as \{ "from": a, "to": b \}/,
    );
    expect(() => loadSoakRuns('{"a": {"what": "x", "test": [1.5], "soak": [1]}}')).toThrow(/run "a", "test": a seed list must be whole numbers/);
    expect(() => loadSoakRuns('{"a": {"what": "x", "test": {"from": 3, "to": 1}, "soak": [1]}}')).toThrow(/with a <= b/);
    expect(() => loadSoakRuns('{"a": {"what": "x", "test": [7], "soak": {"from": 1, "to": 5}}}')).toThrow(/the test seeds 7 are not among the soak seeds/);
    expect(() => loadSoakRuns('{"a": {"test": [1], "soak": [1]}}')).toThrow(/give it "what"/);
    expect(() => testSeeds('no-such-run')).toThrow(/has no run "no-such-run": add it/);
    expect(loadSoakRuns('{"a": {"what": "x", "test": [2], "soak": {"from": 1, "to": 3}}}').get('a')).toEqual({ what: 'x', test: [2], soak: [1, 2, 3] });
  });
});

describe('the run-time estimates', () => {
  it('bench and soak have one; the first line says it, the last what it took', () => {
    for (const name of ['bench', 'soak']) expect(runTimeOf(name).minutes).toBeGreaterThan(0);
    expect(estimateLine('npm run soak', { minutes: 6, measured: 'today' })).toBe(
      'npm run soak: takes about 6 min on 2 cores (measured today; longer on a busy machine)',
    );
    expect(durationInWords(42_400)).toBe('42 s');
    expect(durationInWords(363_000)).toBe('6 min 3 s');
  });

  it('refuses a missing or bad estimate, saying what to write', () => {
    expect(() => runTimeOf('bench', '{}')).toThrow(/no estimate for "bench": give it \{ "minutes"/);
    expect(() => runTimeOf('bench', '{"bench": {"minutes": 0, "measured": "x"}}')).toThrow(/a number above 0/);
  });
});
