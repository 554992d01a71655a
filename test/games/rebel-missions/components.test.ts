import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../host/engine/data.ts';
import { buildComponents, STANDARD_COMPONENTS, type ComponentFiles } from '../../../host/games/rebel-missions/load.ts';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')) as unknown;
const files = (): ComponentFiles => ({
  pack: read('firmware/pack/rebel-missions.json'),
  tokens: read('host/games/rebel-missions/data/tokens.json'),
  profiles: read('host/games/rebel-missions/data/profiles.json'),
  dice: read('host/games/rebel-missions/data/dice.json'),
  rules: read('host/games/rebel-missions/data/rules.json'),
});

interface PackFile {
  resources: string[];
  placards: { id: string; code?: string; inquisitor?: boolean; needs: Record<string, unknown> }[];
}

interface EditableFiles {
  pack: PackFile;
  tokens: { mix: { kind: string; count: number }[] };
  profiles: { profiles: { id: string; ability: { counts_as: string } }[] };
  dice: { format: string; faces: string[] };
  rules: { players: { min: number; max: number } };
}

function broken(change: (f: EditableFiles) => void): DataError {
  const f = files() as EditableFiles;
  change(f);
  try {
    buildComponents(f);
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected the data to be rejected');
}

describe('Rebel Missions components', () => {
  it('28 placards with their codes and needs come from the firmware mission pack', () => {
    const pack = read('firmware/pack/rebel-missions.json') as PackFile;
    expect(STANDARD_COMPONENTS.placards).toHaveLength(28);
    for (const entry of pack.placards) {
      const placard = STANDARD_COMPONENTS.placards.find((p) => p.id === entry.id);
      expect(placard?.code).toBe(entry.code ?? null);
      expect(placard?.needs).toEqual(entry.needs);
      expect(placard?.inquisitor).toBe(entry.inquisitor === true);
    }
    expect(STANDARD_COMPONENTS.placards.filter((p) => p.inquisitor)).toHaveLength(4);
    expect(STANDARD_COMPONENTS.placards.find((p) => p.id === 'M15')?.codeSymbols).toEqual(['circle', 'star', 'square']);
    expect(STANDARD_COMPONENTS.resources).toEqual(pack.resources);
  });

  it('44 tokens: 8 of each resource type and 4 Chopper tokens', () => {
    const count = (kind: string) => STANDARD_COMPONENTS.tokens.filter((t) => t.kind === kind).length;
    expect(STANDARD_COMPONENTS.tokens).toHaveLength(44);
    for (const r of STANDARD_COMPONENTS.resources) expect(count(r)).toBe(8);
    expect(count('chopper')).toBe(4);
    expect(new Set(STANDARD_COMPONENTS.tokens.map((t) => t.id)).size).toBe(44);
  });

  it('5 profiles whose abilities cover the 5 resource types, and two six-faced dice', () => {
    expect(STANDARD_COMPONENTS.profiles.map((p) => p.id)).toEqual(['kanan', 'ezra', 'hera', 'sabine', 'zeb']);
    expect(new Set(STANDARD_COMPONENTS.profiles.map((p) => p.ability.countsAs))).toEqual(new Set(STANDARD_COMPONENTS.resources));
    expect(STANDARD_COMPONENTS.dice).toEqual({
      count: 2,
      faces: ['single-token', 'single-token', 'double-token', 'play', 'all-play', 'empire'],
    });
  });

  it('errors name the file, the entry and the problem', () => {
    const e1 = broken((f) => {
      f.pack.placards[3]!.needs = { wookiees: 1 };
    });
    expect(e1.file).toBe('firmware/pack/rebel-missions.json');
    expect(e1.entry).toBe('placard 4 (M04), needs');
    expect(e1.message).toMatch(/expected one of blaster, credits, fuel, intel, tools, got the text "wookiees"/);

    expect(broken((f) => (f.pack.placards[1]!.code = f.pack.placards[0]!.code)).message).toMatch(
      /placard 2 \(M02\), code: "312" is already the code of placard 1 \(M01\): no two placards share a code/,
    );
    expect(broken((f) => (f.pack.placards[24]!.code = '123')).message).toMatch(/placard 25 \(I1\), code: an Inquisitor placard has no code/);
    expect(broken((f) => delete f.pack.placards[0]!.code).message).toMatch(/placard 1 \(M01\): missing field "code"/);
    expect(broken((f) => (f.pack.placards[0]!.code = '512')).message).toMatch(
      /placard 1 \(M01\), code: "512" is not a code: a code is 3 of the symbols' digits \(1 circle, 2 square, 3 diamond, 4 star\)$/,
    );
    expect(broken((f) => (f.pack.placards[0]!.needs = { intel: 0 })).message).toMatch(/needs\.intel: expected a whole number from 1 to 9, got number 0/);
    expect(broken((f) => ((f.pack.placards[0] as Record<string, unknown>).neds = {})).message).toMatch(/unknown field "neds"/);

    const e2 = broken((f) => (f.tokens.mix[5]!.kind = 'droid'));
    expect(e2.message).toBe(
      'host/games/rebel-missions/data/tokens.json: mix[5].kind: expected one of blaster, credits, fuel, intel, tools, chopper, got the text "droid"',
    );
    expect(broken((f) => f.tokens.mix.splice(2, 1)).message).toMatch(/tokens\.json: mix: no tokens of resource "fuel"/);
    expect(broken((f) => (f.tokens.mix[0]!.count = 0)).message).toMatch(/tokens\.json: mix\[0\]\.count: must be a whole number from 1 to 99$/);
    expect(broken((f) => f.tokens.mix.push({ kind: 'fuel', count: 1 })).message).toMatch(/tokens\.json: mix: token kind "fuel" appears more than once$/);
    expect(broken((f) => (f.profiles.profiles[2]!.ability.counts_as = 'force')).message).toMatch(
      /profiles\.json: profiles\[2\] \(hera\)\.ability\.counts_as: expected one of blaster, credits, fuel, intel, tools, got the text "force"$/,
    );
    expect(broken((f) => (f.profiles.profiles[1]!.id = 'kanan')).message).toMatch(/profiles\.json: profiles: profile id "kanan" appears more than once$/);
    expect(broken((f) => (f.dice.faces[5] = 'blank')).message).toMatch(/dice\.json: faces\[5\]: expected \("single-token" \| .*, got the text "blank"$/);
    expect(broken((f) => f.dice.faces.pop()).message).toMatch(/dice\.json: faces: a die has exactly 6 faces$/);
    expect(broken((f) => (f.dice.faces = f.dice.faces.map(() => 'empire'))).message).toMatch(
      /dice\.json: faces: a die made only of Empire faces ends every turn at once$/,
    );
    expect(broken((f) => (f.dice.format = 'rebel-missions-dice/2')).message).toMatch(
      /dice\.json: format: expected "rebel-missions-dice\/1", got the text "rebel-missions-dice\/2"$/,
    );
    expect(broken((f) => (f.rules.players.max = 6)).message).toMatch(
      /rules\.json: players\.max: 6 seats, but each player needs a profile of their own and host\/games\/rebel-missions\/data\/profiles\.json has 5$/,
    );
    expect(
      broken((f) => {
        f.rules.players.min = 4;
        f.rules.players.max = 3;
      }).message,
    ).toMatch(/rules\.json: players: min must not be more than max$/);
    expect(broken((f) => ((f.rules as Record<string, unknown>).playres = {})).message).toMatch(/rules\.json: the file: unknown field "playres"$/);
    expect(broken((f) => (f.pack = 'nope' as unknown as PackFile)).message).toMatch(/rebel-missions\.json: the file: expected an object, got the text "nope"/);
  });
});
