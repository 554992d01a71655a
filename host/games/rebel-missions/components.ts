// The components of Rebel Missions, loaded from data files and validated when loaded: the
// mission placards and their printed codes (from the firmware's mission pack, the single
// source of codes), the resource tokens, the Rebel profiles, the dice and the table limits.
// A problem in a file is reported with the file, the entry and what is wrong.

import packJson from '../../../firmware/pack/rebel-missions.json' with { type: 'json' };
import diceJson from './data/dice.json' with { type: 'json' };
import profilesJson from './data/profiles.json' with { type: 'json' };
import rulesJson from './data/rules.json' with { type: 'json' };
import tokensJson from './data/tokens.json' with { type: 'json' };
import { DataPath, field, readArray, readInteger, readOneOf, readStrictObject, readString, requireUnique } from '../../engine/data.ts';
import { CHOPPER, ID, readPack, type Placard } from '../../pack/pack-placards.ts';

export { CHOPPER, MAX_CODES, PRINTED_ID, readPack, type PackComponents, type Placard } from '../../pack/pack-placards.ts';

export const DIE_FACES = ['single-token', 'double-token', 'play', 'all-play', 'empire'] as const;
export type DieFace = (typeof DIE_FACES)[number];

export interface Token {
  readonly id: string;
  /** A resource type, or "chopper". */
  readonly kind: string;
}

export interface Profile {
  readonly id: string;
  readonly name: string;
  readonly ability: { readonly name: string; readonly text: string; readonly countsAs: string };
}

export interface Components {
  readonly symbols: readonly string[];
  /** The resource types, in the pack's order. */
  readonly resources: readonly string[];
  readonly placards: readonly Placard[];
  readonly tokens: readonly Token[];
  readonly profiles: readonly Profile[];
  readonly dice: { readonly count: number; readonly faces: readonly DieFace[] };
  readonly players: { readonly min: number; readonly max: number };
  readonly representativeStartMs: number;
}

export interface ComponentFiles {
  readonly pack: unknown;
  /** The pack's file name for errors (default the built-in pack's). */
  readonly packFile?: string;
  readonly tokens: unknown;
  readonly profiles: unknown;
  readonly dice: unknown;
  readonly rules: unknown;
}

export const FILE_NAMES = {
  pack: 'firmware/pack/rebel-missions.json',
  tokens: 'host/games/rebel-missions/data/tokens.json',
  profiles: 'host/games/rebel-missions/data/profiles.json',
  dice: 'host/games/rebel-missions/data/dice.json',
  rules: 'host/games/rebel-missions/data/rules.json',
} as const;

function readTokens(value: unknown, resources: readonly string[]): Token[] {
  const at = new DataPath(FILE_NAMES.tokens);
  const file = readStrictObject(value, at, ['format', 'description', 'mix']);
  if (field(file, 'format', at) !== 'rebel-missions-tokens/1') at.key('format').fail('expected "rebel-missions-tokens/1"');
  const mixAt = at.key('mix');
  const kinds = [...resources, CHOPPER];
  const tokens: Token[] = [];
  const seen: string[] = [];
  readArray(field(file, 'mix', at), mixAt, 1).forEach((raw, i) => {
    const entryAt = mixAt.index(i);
    const entry = readStrictObject(raw, entryAt, ['kind', 'count']);
    const kind = readOneOf(field(entry, 'kind', entryAt), entryAt.key('kind'), kinds);
    const count = readInteger(field(entry, 'count', entryAt), entryAt.key('count'), 1, 99);
    seen.push(kind);
    for (let n = 1; n <= count; n++) tokens.push({ id: `${kind}-${n}`, kind });
  });
  requireUnique(seen, mixAt, 'token kind');
  for (const r of resources) {
    if (!seen.includes(r)) mixAt.fail(`no tokens of resource "${r}": missions needing it could only be won with abilities`);
  }
  return tokens;
}

function readProfiles(value: unknown, resources: readonly string[]): Profile[] {
  const at = new DataPath(FILE_NAMES.profiles);
  const file = readStrictObject(value, at, ['format', 'description', 'profiles']);
  if (field(file, 'format', at) !== 'rebel-missions-profiles/1') at.key('format').fail('expected "rebel-missions-profiles/1"');
  const listAt = at.key('profiles');
  const profiles = readArray(field(file, 'profiles', at), listAt, 1).map((raw, i): Profile => {
    const rawId = (raw as { id?: unknown } | null)?.id;
    const entryAt = listAt.index(i, typeof rawId === 'string' ? rawId : undefined);
    const p = readStrictObject(raw, entryAt, ['id', 'name', 'ability']);
    const abilityAt = entryAt.key('ability');
    const a = readStrictObject(field(p, 'ability', entryAt), abilityAt, ['name', 'text', 'counts_as']);
    return {
      id: readString(field(p, 'id', entryAt), entryAt.key('id'), ID),
      name: readString(field(p, 'name', entryAt), entryAt.key('name')),
      ability: {
        name: readString(field(a, 'name', abilityAt), abilityAt.key('name')),
        text: readString(field(a, 'text', abilityAt), abilityAt.key('text')),
        countsAs: readOneOf(field(a, 'counts_as', abilityAt), abilityAt.key('counts_as'), resources),
      },
    };
  });
  requireUnique(
    profiles.map((p) => p.id),
    listAt,
    'profile id',
  );
  return profiles;
}

function readDice(value: unknown): Components['dice'] {
  const at = new DataPath(FILE_NAMES.dice);
  const file = readStrictObject(value, at, ['format', 'description', 'count', 'faces']);
  if (field(file, 'format', at) !== 'rebel-missions-dice/1') at.key('format').fail('expected "rebel-missions-dice/1"');
  const count = readInteger(field(file, 'count', at), at.key('count'), 2, 2);
  const facesAt = at.key('faces');
  const faces = readArray(field(file, 'faces', at), facesAt, 6).map((f, i) => readOneOf(f, facesAt.index(i), DIE_FACES));
  if (faces.length !== 6) facesAt.fail(`a die has 6 faces, got ${faces.length}`);
  if (faces.every((f) => f === 'empire')) facesAt.fail('a die made only of Empire faces ends every turn at once');
  return { count, faces };
}

function readRules(value: unknown, profileCount: number): Pick<Components, 'players' | 'representativeStartMs'> {
  const at = new DataPath(FILE_NAMES.rules);
  const file = readStrictObject(value, at, ['format', 'description', 'players', 'representativeStartMs']);
  if (field(file, 'format', at) !== 'rebel-missions-rules/1') at.key('format').fail('expected "rebel-missions-rules/1"');
  const playersAt = at.key('players');
  const players = readStrictObject(field(file, 'players', at), playersAt, ['min', 'max']);
  const min = readInteger(field(players, 'min', playersAt), playersAt.key('min'), 1, profileCount);
  const max = readInteger(field(players, 'max', playersAt), playersAt.key('max'), min, profileCount);
  const representativeStartMs = readInteger(field(file, 'representativeStartMs', at), at.key('representativeStartMs'), 1000, 3_600_000);
  return { players: { min, max }, representativeStartMs };
}

/** Validate the component files; throws DataError naming the file, the entry and the problem. */
export function buildComponents(files: ComponentFiles): Components {
  const pack = readPack(files.pack, files.packFile);
  const tokens = readTokens(files.tokens, pack.resources);
  const profiles = readProfiles(files.profiles, pack.resources);
  return {
    ...pack,
    tokens,
    profiles,
    dice: readDice(files.dice),
    ...readRules(files.rules, profiles.length),
  };
}

const STANDARD_FILES: ComponentFiles = {
  pack: packJson as unknown,
  tokens: tokensJson as unknown,
  profiles: profilesJson as unknown,
  dice: diceJson as unknown,
  rules: rulesJson as unknown,
};

/** The standard components, validated once when this module loads. */
export const STANDARD_COMPONENTS: Components = buildComponents(STANDARD_FILES);

/** The standard tokens, profiles, dice and rules with the placards of another pack (a user's own). */
export function componentsWithPack(pack: unknown, packFile: string): Components {
  return buildComponents({ ...STANDARD_FILES, pack, packFile });
}
