// The components of Rebel Missions, loaded from data files and validated when loaded: the
// mission placards and their printed codes (from the firmware's mission pack, the single
// source of codes), the resource tokens, the Rebel profiles, the dice and the table limits.
// Each file is checked against its schema (schema.ts), then against the pack it is used with
// (a token kind or an ability naming one of its resources). A problem in a file is reported
// with the file, the entry and what is wrong.

import packJson from '../../../firmware/pack/rebel-missions.json' with { type: 'json' };
import diceJson from './data/dice.json' with { type: 'json' };
import profilesJson from './data/profiles.json' with { type: 'json' };
import rulesJson from './data/rules.json' with { type: 'json' };
import tokensJson from './data/tokens.json' with { type: 'json' };
import { DataPath } from '../../engine/data.ts';
import { parseData } from '../../engine/schema.ts';
import { CHOPPER, readPack, type Placard } from '../../pack/pack-placards.ts';
import { DiceFileSchema, ProfilesFileSchema, RulesFileSchema, TokensFileSchema, type DieFace } from './schema.ts';

export { CHOPPER, MAX_CODES, PRINTED_ID, readPack, type PackComponents, type Placard } from '../../pack/pack-placards.ts';

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

/** Fails at `at` naming the first id listed twice. */
function requireEachOnce(ids: readonly string[], at: DataPath, what: string): void {
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) at.fail(`${what} "${twice}" appears more than once`);
}

/** A value the pack must know (a token kind, an ability's resource), or an error naming the ones it knows. */
function requireOneOf(value: string, at: DataPath, known: readonly string[]): void {
  if (!known.includes(value)) at.fail(`expected one of ${known.join(', ')}, got the text ${JSON.stringify(value)}`);
}

/** The tokens of tokens.json (ids `blaster-1`...), each kind one of the pack's resources or Chopper, and every resource among them. */
function readTokens(value: unknown, resources: readonly string[]): Token[] {
  const file = parseData(TokensFileSchema, value, FILE_NAMES.tokens);
  const mixAt = new DataPath(FILE_NAMES.tokens).key('mix');
  const kinds = [...resources, CHOPPER];
  file.mix.forEach((entry, i) => requireOneOf(entry.kind, mixAt.index(i).key('kind'), kinds));
  const seen = file.mix.map((entry) => entry.kind);
  requireEachOnce(seen, mixAt, 'token kind');
  for (const r of resources) {
    if (!seen.includes(r)) mixAt.fail(`no tokens of resource "${r}": missions needing it could only be won with abilities`);
  }
  return file.mix.flatMap(({ kind, count }) => Array.from({ length: count }, (_, n) => ({ id: `${kind}-${n + 1}`, kind })));
}

/** The profiles of profiles.json, each ability counting as one of the pack's resources, no id twice. */
function readProfiles(value: unknown, resources: readonly string[]): Profile[] {
  const file = parseData(ProfilesFileSchema, value, FILE_NAMES.profiles);
  const listAt = new DataPath(FILE_NAMES.profiles).key('profiles');
  const profiles = file.profiles.map((p, i): Profile => {
    requireOneOf(p.ability.counts_as, listAt.index(i, p.id).key('ability').key('counts_as'), resources);
    return { id: p.id, name: p.name, ability: { name: p.ability.name, text: p.ability.text, countsAs: p.ability.counts_as } };
  });
  requireEachOnce(
    profiles.map((p) => p.id),
    listAt,
    'profile id',
  );
  return profiles;
}

/** The dice of dice.json: how many, and the faces of each. */
function readDice(value: unknown): Components['dice'] {
  const { count, faces } = parseData(DiceFileSchema, value, FILE_NAMES.dice);
  return { count, faces };
}

/** The table sizes of rules.json (at most one seat per profile) and the representative START reading. */
function readRules(value: unknown, profileCount: number): Pick<Components, 'players' | 'representativeStartMs'> {
  const file = parseData(RulesFileSchema, value, FILE_NAMES.rules);
  if (file.players.max > profileCount) {
    new DataPath(FILE_NAMES.rules)
      .key('players')
      .key('max')
      .fail(`${file.players.max} seats, but each player needs a profile of their own and ${FILE_NAMES.profiles} has ${profileCount}`);
  }
  return { players: file.players, representativeStartMs: file.representativeStartMs };
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
