// A mission pack (`imperial-timer-pack/1`: the built-in one, firmware/pack/rebel-missions.json,
// or a user's own placards) read and checked as the timer and Rebel Missions take it: its
// symbols, resource types and placards (codes, printed ids, names, needs). No game rules and
// no I/O: Rebel Missions' components (games/rebel-missions/load.ts), the companion's pack
// files (pack-format.ts) and the browser simulation's pack loading (sim/web/pack-load.ts) all
// read packs here.

import builtinPackJson from '../../firmware/pack/rebel-missions.json' with { type: 'json' };
import { packSum, type TimerCode } from './pack-sum.ts';
import { DataError, DataPath } from '../engine/data.ts';
import { isUnknownField, problemOf, v } from '../engine/schema-issues.ts';

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

/** An id-like word (a placard's id, a symbol, a resource): letters, digits and -, starting with a letter or a digit. */
function idOf(what: string) {
  return v.pipe(
    v.string(),
    v.regex(ID, (issue) => `${JSON.stringify(issue.input)} cannot be ${what}: use letters, digits and -, starting with a letter or a digit`),
  );
}

const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/** How many of a resource a mission may need, with what was there. */
const needWords = (issue: v.BaseIssue<unknown>): string => `expected a whole number from 1 to 9, got number ${String(issue.input)}`;

/** A placard as a pack writes it; what depends on the pack's symbols and resources, or on other placards, is checked in readPack. */
const PlacardSchema = v.strictObject({
  id: idOf("a placard's id"),
  name: Text,
  code: v.optional(v.string()),
  printedId: v.optional(v.string()),
  inquisitor: v.optional(v.boolean()),
  needs: v.record(v.string(), v.pipe(v.number(), v.integer(needWords), v.minValue(1, needWords), v.maxValue(9, needWords))),
});
type PlacardEntry = v.InferOutput<typeof PlacardSchema>;
const PLACARD_FIELDS = Object.keys(PlacardSchema.entries);

/** The shape of a pack file (`imperial-timer-pack/1`); other fields (its name, a description) are the pack's own. */
const PackFileSchema = v.looseObject({
  format: v.literal('imperial-timer-pack/1'),
  symbols: v.pipe(v.array(idOf('a symbol')), v.minLength(2, 'a pack has at least 2 symbols'), v.maxLength(9, 'at most 9 symbols fit in one-digit codes')),
  resources: v.pipe(v.array(idOf('a resource')), v.minLength(1, 'a pack has at least 1 resource type')),
  placards: v.pipe(v.array(PlacardSchema), v.minLength(1, 'a pack has at least 1 placard')),
});

/** The lists whose entries a person names in words: "placard 4 (M04)", "symbol 2". */
const ENTRY_NOUNS: Readonly<Record<string, string>> = { placards: 'placard', symbols: 'symbol', resources: 'resource' };

/** Where an issue sits, named as a person editing the pack reads it: `placard 4 (M04), needs.fuel`. */
function pathOf(file: string, path: readonly v.IssuePathItem[]): DataPath {
  let at = new DataPath(file);
  path.forEach((item, i) => {
    const noun = i === 1 ? ENTRY_NOUNS[String(path[0]?.key)] : undefined;
    if (item.type === 'array' && noun !== undefined) {
      const element = (item.input as unknown[])[item.key as number];
      const id = typeof element === 'object' && element !== null ? (element as { id?: unknown }).id : undefined;
      at = at.item(item.key as number, noun, typeof id === 'string' ? id : undefined);
    } else if (item.type === 'array') {
      at = at.index(item.key as number);
    } else {
      at = at.key(String(item.key));
    }
  });
  return at;
}

/** The first problem of a pack that does not fit its shape, as a DataError in a pack editor's words. */
function packErrorOf(file: string, issues: readonly v.BaseIssue<unknown>[]): DataError {
  const issue = issues[0] as v.BaseIssue<unknown>;
  const path = issue.path ?? [];
  const last = path[path.length - 1];
  if (last !== undefined && isUnknownField(issue)) {
    const at = pathOf(file, path.slice(0, -1));
    return new DataError(file, at.entry, `unknown field "${String(last.key)}" (allowed: ${PLACARD_FIELDS.join(', ')})`);
  }
  if (last !== undefined && issue.kind === 'schema' && issue.input === undefined) {
    return new DataError(file, pathOf(file, path.slice(0, -1)).entry, `missing field "${String(last.key)}"`);
  }
  return new DataError(file, pathOf(file, path).entry, problemOf(issue));
}

/** Fails at `at` naming the first entry listed twice. */
function requireEachOnce(ids: readonly string[], at: DataPath, what: string): void {
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) at.fail(`${what} "${twice}" appears more than once`);
}

/**
 * A mission pack (`imperial-timer-pack/1`): the built-in one or a user's own placards, read
 * from `file` (named in every error). Checks what the timer checks of its codes too: at most
 * 24, 3 symbols, no symbol twice in a row, no code twice.
 */
export function readPack(value: unknown, file: string = BUILTIN_PACK_FILE): PackComponents {
  const parsed = v.safeParse(PackFileSchema, value);
  if (!parsed.success) throw packErrorOf(file, parsed.issues);
  const { symbols, resources } = parsed.output;
  const at = new DataPath(file);
  requireEachOnce(symbols, at.key('symbols'), 'symbol');
  requireEachOnce(resources, at.key('resources'), 'resource');
  if (resources.includes(CHOPPER)) at.key('resources').fail(`"${CHOPPER}" is a token kind of its own, not a resource type`);

  const placardsAt = at.key('placards');
  const codePattern = new RegExp(`^[1-${symbols.length}]{3}$`);
  const digitsWords = `3 of the symbols' digits (${symbols.map((s, i) => `${i + 1} ${s}`).join(', ')})`;
  const placardAt = parsed.output.placards.map((p, i) => placardsAt.item(i, 'placard', p.id));
  const placards = parsed.output.placards.map((p, i) => placardOf(p, placardAt[i] as DataPath, resources, symbols, codePattern, digitsWords));
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

/** One placard checked against the pack's symbols and resources: a code of 3 of its symbols (none on an Inquisitor placard), needs of its resource types. */
function placardOf(p: PlacardEntry, at: DataPath, resources: readonly string[], symbols: readonly string[], codePattern: RegExp, digitsWords: string): Placard {
  const inquisitor = p.inquisitor ?? false;
  let code: string | null = null;
  let printedId: string | null = null;
  if (inquisitor) {
    if (p.code !== undefined) at.key('code').fail('an Inquisitor placard has no code');
    if (p.printedId !== undefined) at.key('printedId').fail('an Inquisitor placard has no code, so nothing of it goes to the timer');
  } else {
    if (p.code === undefined) at.fail('missing field "code" (every placard has a code, unless it is an Inquisitor placard: "inquisitor": true)');
    code = p.code;
    if (!codePattern.test(code)) at.key('code').fail(`${JSON.stringify(code)} is not a code: a code is ${digitsWords}`);
    if (/(.)\1/.test(code))
      at.key('code').fail(`"${code}" has the same symbol twice in a row, which the timer refuses (it makes "repeat the last button until BUZZ" work)`);
    if (p.printedId !== undefined) {
      printedId = p.printedId;
      if (!PRINTED_ID.test(printedId)) at.key('printedId').fail(`${JSON.stringify(printedId)} is not 1 to 8 letters, digits, - or _ (what the timer takes)`);
    }
  }
  const needsAt = at.key('needs');
  for (const kind of Object.keys(p.needs)) {
    if (!resources.includes(kind)) needsAt.fail(`expected one of ${resources.join(', ')}, got the text ${JSON.stringify(kind)}`);
  }
  if (Object.keys(p.needs).length === 0) needsAt.fail('a mission needs at least one resource');
  const codeSymbols = code === null ? [] : [...code].map((d) => symbols[Number(d) - 1] as string);
  return { id: p.id, name: p.name, inquisitor, code, codeSymbols, printedId, needs: { ...p.needs } };
}

/** " (M01)": a placard's id, for a message that names it by number. */
function placardLabel(placard: Placard | undefined): string {
  return placard === undefined ? '' : ` (${placard.id})`;
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
