// The seeds of the long randomised runs (test/soak-seeds.json): each run names a few seeds that
// `npm test` plays and all the seeds `npm run soak` plays (test/<part>/*.soak.ts), so a contributor's
// run before a commit stays short and CI still plays every seed. A seed list is either the seeds
// themselves or a range { "from": a, "to": b } (both included).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOAK_SEEDS_FILE = join(import.meta.dirname, '..', 'soak-seeds.json');

type SeedList = readonly number[] | { readonly from: number; readonly to: number };

interface SoakRun {
  readonly what: string;
  readonly test: SeedList;
  readonly soak: SeedList;
}

function seedsOf(list: unknown, where: string): number[] {
  if (Array.isArray(list)) {
    if (list.length === 0 || !list.every((n) => Number.isSafeInteger(n))) throw new Error(`${where}: a seed list must be whole numbers, at least one`);
    return list as number[];
  }
  if (typeof list === 'object' && list !== null) {
    const { from, to } = list as Record<string, unknown>;
    if (typeof from === 'number' && typeof to === 'number' && Number.isSafeInteger(from) && Number.isSafeInteger(to) && from <= to)
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  throw new Error(`${where}: give the seeds as a list of whole numbers or as { "from": a, "to": b } with a <= b`);
}

/** The runs of test/soak-seeds.json by name, checked: each has `what`, `test` and `soak`, and the test seeds are among the soak seeds. */
export function loadSoakRuns(text: string = readFileSync(SOAK_SEEDS_FILE, 'utf8')): ReadonlyMap<string, { what: string; test: number[]; soak: number[] }> {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const runs = new Map<string, { what: string; test: number[]; soak: number[] }>();
  for (const [name, value] of Object.entries(parsed)) {
    if (name.startsWith('//')) continue;
    const where = `test/soak-seeds.json, run "${name}"`;
    const run = value as Partial<SoakRun> | null;
    if (typeof run !== 'object' || run === null || typeof run.what !== 'string')
      throw new Error(`${where}: give it "what" (the run in words), "test" and "soak" seeds`);
    const test = seedsOf(run.test, `${where}, "test"`);
    const soak = seedsOf(run.soak, `${where}, "soak"`);
    const missing = test.filter((seed) => !soak.includes(seed));
    if (missing.length > 0)
      throw new Error(`${where}: the test seeds ${missing.join(', ')} are not among the soak seeds (soak plays every seed npm test plays)`);
    runs.set(name, { what: run.what, test, soak });
  }
  return runs;
}

let loaded: ReturnType<typeof loadSoakRuns> | null = null;

function run(name: string): { what: string; test: number[]; soak: number[] } {
  loaded ??= loadSoakRuns();
  const found = loaded.get(name);
  if (found === undefined)
    throw new Error(`test/soak-seeds.json has no run "${name}": add it ({ "what", "test", "soak" }); it has ${[...loaded.keys()].join(', ')}`);
  return found;
}

/** The few seeds of run `name` that `npm test` plays. */
export const testSeeds = (name: string): readonly number[] => run(name).test;

/** Every seed of run `name`, which `npm run soak` plays. */
export const soakSeeds = (name: string): readonly number[] => run(name).soak;
