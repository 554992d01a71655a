// Stolen Plans' seeded games at every table kind, every seed of the "stolen-plans-tables" run
// (test/soak-seeds.json), hashed against the ones test/games/fixtures/same-play.json keeps in its
// "bots" section (same-play.test.ts plays the run's test seeds).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { soakSeeds } from '../support/soak-seeds.ts';
import { spTableHashes } from './stolen-plans-tables.ts';

const FIXTURE = new URL('./fixtures/same-play.json', import.meta.url);

describe('Stolen Plans plays the same at every table kind', () => {
  it('hashes every soak seed as same-play.json keeps it', () => {
    const kept = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Record<string, Record<string, string>>>)['bots']?.['stolen-plans'] ?? {};
    const hashes = spTableHashes(soakSeeds('stolen-plans-tables'));
    expect(hashes).toEqual(Object.fromEntries(Object.keys(hashes).map((name) => [name, kept[name]])));
  });
});
