// The components of Rebel Missions, loaded from data files and validated when loaded: the
// mission placards and their printed codes (from the firmware's mission pack, the single
// source of codes), the resource tokens, the Rebel profiles, the dice and the table limits.
// A problem in a file is reported with the file, the entry and what is wrong.

import packJson from '../../../firmware/pack/rebel-missions.json' with { type: 'json' };
import diceJson from './data/dice.json' with { type: 'json' };
import profilesJson from './data/profiles.json' with { type: 'json' };
import rulesJson from './data/rules.json' with { type: 'json' };
import tokensJson from './data/tokens.json' with { type: 'json' };
import { DataPath, field, readArray, readBoolean, readInteger, readObject, readOneOf, readStrictObject, readString, requireUnique } from '../../engine/data.ts';

export const CHOPPER = 'chopper';

export const DIE_FACES = ['single-token', 'double-token', 'play', 'all-play', 'empire'] as const;
export type DieFace = (typeof DIE_FACES)[number];

export interface Placard {
  readonly id: string;
  readonly name: string;
  readonly inquisitor: boolean;
  /** The printed code as digits ("312"), null on an Inquisitor placard. */
  readonly code: string | null;
  /** The printed code as symbol names, empty on an Inquisitor placard. */
  readonly codeSymbols: readonly string[];
  /**
   * The id printed on a user's own placard, sent to the timer with its code (`PACK CODE i
   * <digits> <id>`) and listed by `CODES`; null when none (the built-in pack has none).
   */
  readonly printedId: string | null;
  /** Resources required, by type; only types that are needed appear. */
  readonly needs: Readonly<Record<string, number>>;
}

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

const ID = /^[a-z0-9][a-z0-9-]*$/i;
/** What the timer takes as a placard id (firmware/PROTOCOL.md, "Packs"). */
export const PRINTED_ID = /^[A-Za-z0-9_-]{1,8}$/;
/** The most codes a timer holds (firmware/PROTOCOL.md, "Packs": `PACK BEGIN <n>`, 1..24). */
export const MAX_CODES = 24;

export type PackComponents = Pick<Components, 'symbols' | 'resources' | 'placards'>;

/**
 * A mission pack (`imperial-timer-pack/1`): the built-in one or a user's own placards, read
 * from `file` (named in every error). Checks what the timer checks of its codes too: at most
 * 24, 3 symbols, no symbol twice in a row, no code twice.
 */
export function readPack(value: unknown, file: string = FILE_NAMES.pack): PackComponents {
  const at = new DataPath(file);
  const pack = readObject(value, at);
  const format = readString(field(pack, 'format', at), at.key('format'));
  if (format !== 'imperial-timer-pack/1') at.key('format').fail(`expected "imperial-timer-pack/1", got "${format}"`);
  const symbolsAt = at.key('symbols');
  const symbols = readArray(field(pack, 'symbols', at), symbolsAt, 2).map((s, i) => readId(s, symbolsAt.item(i, 'symbol'), 'a symbol'));
  if (symbols.length > 9) symbolsAt.fail('at most 9 symbols fit in one-digit codes');
  requireUnique(symbols, symbolsAt, 'symbol');
  const resourcesAt = at.key('resources');
  const resources = readArray(field(pack, 'resources', at), resourcesAt, 1).map((r, i) => readId(r, resourcesAt.item(i, 'resource'), 'a resource'));
  requireUnique(resources, resourcesAt, 'resource');
  if (resources.includes(CHOPPER)) resourcesAt.fail(`"${CHOPPER}" is a token kind of its own, not a resource type`);

  const placardsAt = at.key('placards');
  const codePattern = new RegExp(`^[1-${symbols.length}]{3}$`);
  const digitsWords = `3 of the symbols' digits (${symbols.map((s, i) => `${i + 1} ${s}`).join(', ')})`;
  const placardAt: DataPath[] = [];
  const placards = readArray(field(pack, 'placards', at), placardsAt, 1).map((raw, i): Placard => {
    const rawId = (raw as { id?: unknown } | null)?.id;
    const entryAt = placardsAt.item(i, 'placard', typeof rawId === 'string' ? rawId : undefined);
    placardAt.push(entryAt);
    const p = readStrictObject(raw, entryAt, ['id', 'name', 'code', 'printedId', 'inquisitor', 'needs']);
    const id = readId(field(p, 'id', entryAt), entryAt.key('id'), "a placard's id");
    const name = readString(field(p, 'name', entryAt), entryAt.key('name'));
    const inquisitor = 'inquisitor' in p ? readBoolean(p.inquisitor, entryAt.key('inquisitor')) : false;
    let code: string | null = null;
    let printedId: string | null = null;
    if (inquisitor) {
      if ('code' in p) entryAt.key('code').fail('an Inquisitor placard has no code');
      if ('printedId' in p) entryAt.key('printedId').fail('an Inquisitor placard has no code, so nothing of it goes to the timer');
    } else {
      code = readString(field(p, 'code', entryAt), entryAt.key('code'));
      if (!codePattern.test(code)) entryAt.key('code').fail(`"${code}" is not a code: a code is ${digitsWords}`);
      if (/(.)\1/.test(code))
        entryAt.key('code').fail(`"${code}" has the same symbol twice in a row, which the timer refuses (it makes "repeat the last button until BUZZ" work)`);
      if ('printedId' in p) {
        printedId = readString(p.printedId, entryAt.key('printedId'));
        if (!PRINTED_ID.test(printedId)) entryAt.key('printedId').fail(`"${printedId}" is not 1 to 8 letters, digits, - or _ (what the timer takes)`);
      }
    }
    const needsAt = entryAt.key('needs');
    const needsRaw = readObject(field(p, 'needs', entryAt), needsAt);
    const needs: Record<string, number> = {};
    for (const [kind, count] of Object.entries(needsRaw)) {
      readOneOf(kind, needsAt, resources);
      needs[kind] = readInteger(count, needsAt.key(kind), 1, 9);
    }
    if (Object.keys(needs).length === 0) needsAt.fail('a mission needs at least one resource');
    const codeSymbols = code === null ? [] : [...code].map((d) => symbols[Number(d) - 1] as string);
    return { id, name, inquisitor, code, codeSymbols, printedId, needs };
  });
  const sameAs = (i: number, key: (p: Placard) => string | null, field: string, what: string, fix: string): void => {
    const value = key(placards[i] as Placard);
    if (value === null) return;
    const other = placards.findIndex((p) => key(p) === value);
    if (other < i) placardAt[i]?.key(field).fail(`"${value}" is already ${what} placard ${other + 1}${placardLabel(placards[other])}: ${fix}`);
  };
  placards.forEach((_, i) => {
    sameAs(i, (p) => p.id, 'id', 'the "id" of', 'give each placard an "id" of its own');
    sameAs(i, (p) => p.code, 'code', 'the code of', 'no two placards share a code (check the codes printed on both placards)');
    sameAs(i, (p) => p.printedId, 'printedId', 'the id of', 'no two placards share the id printed on them (check both placards, or leave printedId out)');
  });
  if (!placards.some((p) => !p.inquisitor)) placardsAt.fail('the pack needs at least one coded placard');
  const coded = placards.filter((p) => !p.inquisitor).length;
  if (coded > MAX_CODES) placardsAt.fail(`${coded} coded placards, but a timer holds at most ${MAX_CODES} codes`);
  return { symbols, resources, placards };
}

/** " (M01)": a placard's id, for a message that names it by number. */
function placardLabel(placard: Placard | undefined): string {
  return placard === undefined ? '' : ` (${placard.id})`;
}

/** An id-like word (a placard's id, a symbol, a resource): letters, digits and -, starting with a letter or digit. */
function readId(value: unknown, at: DataPath, what: string): string {
  const id = readString(value, at);
  if (!ID.test(id)) at.fail(`"${id}" cannot be ${what}: use letters, digits and -, starting with a letter or a digit`);
  return id;
}

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
