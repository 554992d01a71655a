// A mission pack (`imperial-timer-pack/1`: the built-in one, firmware/pack/rebel-missions.json,
// or a user's own placards) read and checked as the timer and Rebel Missions take it: its
// symbols, resource types and placards (codes, printed ids, names, needs). No game rules and
// no I/O: Rebel Missions' components (games/rebel-missions/load.ts), the companion's pack
// files (pack-format.ts) and the browser simulation's pack loading (sim/web/pack-load.ts) all
// read packs here.

import builtinPackJson from '../../firmware/pack/rebel-missions.json' with { type: 'json' };
import { packSum, type TimerCode } from './pack-sum.ts';
import { DataPath, field, readArray, readBoolean, readInteger, readObject, readOneOf, readStrictObject, readString, requireUnique } from '../engine/data.ts';

/** The built-in pack's file, as errors name it. */
export const BUILTIN_PACK_FILE = 'firmware/pack/rebel-missions.json';

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

export interface PackComponents {
  readonly symbols: readonly string[];
  /** The resource types, in the pack's order. */
  readonly resources: readonly string[];
  readonly placards: readonly Placard[];
}

/** Chopper's tokens: a token kind of Rebel Missions' own, never one of a pack's resource types. */
export const CHOPPER = 'chopper';

/** An id-like word: a placard's id, a symbol, a resource, a profile. */
export const ID = /^[a-z0-9][a-z0-9-]*$/i;
/** What the timer takes as a placard id (firmware/PROTOCOL.md, "Packs"). */
export const PRINTED_ID = /^[A-Za-z0-9_-]{1,8}$/;
/** The most codes a timer holds (firmware/PROTOCOL.md, "Packs": `PACK BEGIN <n>`, 1..24). */
export const MAX_CODES = 24;

/**
 * A mission pack (`imperial-timer-pack/1`): the built-in one or a user's own placards, read
 * from `file` (named in every error). Checks what the timer checks of its codes too: at most
 * 24, 3 symbols, no symbol twice in a row, no code twice.
 */
export function readPack(value: unknown, file: string = BUILTIN_PACK_FILE): PackComponents {
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

/** The built-in pack, checked when this module loads: its symbols and resource types are the timer's and the game's. */
export const BUILTIN_PACK: PackComponents = readPack(builtinPackJson, BUILTIN_PACK_FILE);

export class PackFileError extends Error {
  override name = 'PackFileError';
  /** `missing`: there is no such file; `invalid`: the file is not a pack the game and the timer take. */
  constructor(
    message: string,
    readonly kind: 'missing' | 'invalid' = 'invalid',
  ) {
    super(message);
  }
}

/** A pack file's placards as the timer will hold them. */
export interface PackPlacards {
  readonly file: string;
  readonly name: string;
  readonly placards: readonly Placard[];
  /** What goes to the timer, in placard order. */
  readonly timerCodes: readonly TimerCode[];
  /** The sum the timer reports once it holds this pack. */
  readonly sum: string;
}

/** The codes a pack's placards send to the timer, in placard order. */
export function timerCodesOf(placards: readonly Placard[]): TimerCode[] {
  return placards.flatMap((p) => (p.code === null ? [] : [{ digits: p.code, ...(p.printedId === null ? {} : { id: p.printedId }) }]));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A pack file's parsed JSON, checked as the timer and Rebel Missions take it (the built-in pack's symbols and resource types); a PackFileError says what is wrong. */
export function readPackPlacards(value: unknown, file: string): PackPlacards {
  let pack: PackComponents;
  try {
    pack = readPack(value, file);
  } catch (error) {
    throw new PackFileError(error instanceof Error ? error.message : String(error));
  }
  const timerSymbols = BUILTIN_PACK.symbols;
  if (!sameList(pack.symbols, timerSymbols)) {
    throw new PackFileError(`${file}: symbols: the timer's symbols are ${timerSymbols.join(', ')} (in that order), got ${pack.symbols.join(', ')}`);
  }
  if (!sameList(pack.resources, BUILTIN_PACK.resources)) {
    throw new PackFileError(`${file}: resources: the game's tokens are ${BUILTIN_PACK.resources.join(', ')} (in that order), got ${pack.resources.join(', ')}`);
  }
  const rawName = (value as { name?: unknown }).name;
  const name = typeof rawName === 'string' && rawName.trim() !== '' ? rawName : file;
  const timerCodes = timerCodesOf(pack.placards);
  return { file, name, placards: pack.placards, timerCodes, sum: packSum(timerCodes) };
}
