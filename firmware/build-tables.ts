// The firmware's text and command table, built from firmware/text.json and firmware/commands.json
// for firmware/build.ts.
//
// Every word the timer sends or reads is ASCII in one blob (generated/text.ts), each character
// stored in CHARACTER_BITS bits as its index in the table of the characters used: a text is
// a reference, its offset in the blob shifted left by TEXT_LENGTH_BITS, or'ed with its length, so
// the firmware writes it byte by byte from static data (no string objects, no headers). A text
// that is part of another (a command word inside its answer, " need=" in two answers) takes no
// bytes of its own. The command table (generated/commands.ts) gives each command its words, how
// many arguments it takes and the states that allow it: the protocol's state table as data.

/** A data file is wrong: the message names the file, the entry and what to do. */
export class BuildError extends Error {}

/**
 * Bits of a text reference that hold its length; the rest is its offset in the blob less
 * TEXT_OFFSET_BIAS, signed. 5 bits (texts of 1..31 characters) and the bias keep the references of
 * the first 512 characters in -8192..8191, where an `i32.const` of one is 3 bytes instead of 4.
 */
export const TEXT_LENGTH_BITS = 5;
/** A reference holds its text's offset less this (a negative reference is a text of the first 256 characters). */
export const TEXT_OFFSET_BIAS = 256;
/** Bits a character of the blob takes: its index in the table of the characters the texts use. */
export const CHARACTER_BITS = 6;
/** A reference fits 16 bits, signed (list entries and the command table store them as i16). */
const TEXT_REF_LIMIT = 1 << 15;
/** The reference of no text (the second word of a one-word command). */
export const NO_TEXT = 0;

/** The protocol's states, in the firmware's numbering (the `state()` export). */
export const STATE_NAMES = ['ready', 'running', 'paused', 'won', 'lost', 'sleep', 'table'] as const;
/** The most arguments a line can hold (an 80-byte line has at most 40 words). */
const MAX_ARGS = 40;
/** The fewest arguments a command may require at most (its `min` is 2 bits of the table's byte). */
const MAX_MIN_ARGS = 3;
const CONSTANT_PATTERN = /^[A-Z][A-Z0-9_]*$/;
const COMMAND_NAME_PATTERN = /^[a-z][a-zA-Z0-9]*$/;
const WORD_PATTERN = /^[A-Z]{1,16}$/;

export interface TextTable {
  /** Each named text: TEXT_<NAME> in the sources. */
  readonly texts: ReadonlyMap<string, string>;
  /** Each named list of texts: LIST_<NAME>, indexed from 0. */
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

export interface Command {
  /** CMD_<NAME> in the sources (`packBegin` is CMD_PACK_BEGIN). */
  readonly name: string;
  /** The command word, and the subcommand word when it has one (`PACK BEGIN`). */
  readonly words: readonly [string] | readonly [string, string];
  readonly minArgs: number;
  readonly maxArgs: number;
  /** The states it runs in; in the others it is answered `ERR state <state>`. */
  readonly states: readonly (typeof STATE_NAMES)[number][];
}

function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** Checks a parsed text.json: `texts` maps NAME to a string, `lists` maps NAME to strings. */
export function readTextTable(file: string, data: unknown): TextTable {
  const root = (data ?? {}) as { texts?: unknown; lists?: unknown };
  const texts = new Map<string, string>();
  const lists = new Map<string, string[]>();
  if (root.texts === null || typeof root.texts !== 'object' || Array.isArray(root.texts)) {
    throw new BuildError(`${file}: "texts" must be an object mapping each text's NAME (TEXT_<NAME> in the sources) to its ASCII text.`);
  }
  for (const [name, text] of Object.entries(root.texts)) {
    checkText(file, `text ${name}`, name, text);
    texts.set(name, text as string);
  }
  if (root.lists === null || typeof root.lists !== 'object' || Array.isArray(root.lists)) {
    throw new BuildError(`${file}: "lists" must be an object mapping each list's NAME (LIST_<NAME> in the sources) to its texts.`);
  }
  for (const [name, entries] of Object.entries(root.lists)) {
    if (!Array.isArray(entries) || entries.length === 0) throw new BuildError(`${file}: list ${name}: must be a non-empty array of texts.`);
    entries.forEach((text: unknown, i) => {
      checkText(file, `list ${name} entry ${i}`, name, text);
      // The firmware matches a list entry in any case by setting bit 5 of each byte (line.ts, spanIs),
      // which tells letters and digits apart from every other character only.
      if (!/^[A-Za-z0-9]+$/.test(text as string)) {
        throw new BuildError(
          `${file}: list ${name} entry ${i}: must be letters and digits only (lines are matched against it in any case), got ${JSON.stringify(text)}.`,
        );
      }
    });
    lists.set(name, entries as string[]);
  }
  return { texts, lists };
}

function checkText(file: string, entry: string, name: string, text: unknown): void {
  if (!CONSTANT_PATTERN.test(name)) throw new BuildError(`${file}: ${entry}: the name must be upper-case letters, digits and _ (it becomes a constant).`);
  if (typeof text !== 'string' || text.length === 0 || text.length >= 1 << TEXT_LENGTH_BITS || !isPrintableAscii(text)) {
    throw new BuildError(`${file}: ${entry}: must be 1..${(1 << TEXT_LENGTH_BITS) - 1} printable ASCII characters, got ${JSON.stringify(text)}.`);
  }
}

/** Checks a parsed commands.json: a list of `{ name, words, args: [min, max], states }`, in matching order. */
export function readCommands(file: string, data: unknown): Command[] {
  const rows = (data as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(rows) || rows.length === 0) throw new BuildError(`${file}: "commands" must be a non-empty array of commands.`);
  const names = new Set<string>();
  return rows.map((row: { name?: unknown; words?: unknown; args?: unknown; states?: unknown } | null, i): Command => {
    const entry = `command ${typeof row?.name === 'string' ? row.name : `#${i + 1}`}`;
    if (row === null || typeof row !== 'object') throw new BuildError(`${file}: ${entry}: must be an object.`);
    const { name, words, args, states } = row;
    if (typeof name !== 'string' || !COMMAND_NAME_PATTERN.test(name) || names.has(name)) {
      throw new BuildError(`${file}: ${entry}: "name" must be a unique camelCase name (it becomes CMD_<NAME>).`);
    }
    names.add(name);
    const split = typeof words === 'string' ? words.split(' ') : [];
    if (split.length < 1 || split.length > 2 || !split.every((word) => WORD_PATTERN.test(word))) {
      throw new BuildError(`${file}: ${entry}: "words" must be one or two upper-case words of 1..16 letters, got ${JSON.stringify(words)}.`);
    }
    if (
      !Array.isArray(args) ||
      args.length !== 2 ||
      !args.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_ARGS) ||
      args[0] > args[1] ||
      args[0] > MAX_MIN_ARGS
    ) {
      throw new BuildError(`${file}: ${entry}: "args" must be [min, max], whole numbers 0..${MAX_ARGS}, min <= max, min at most ${MAX_MIN_ARGS}.`);
    }
    if (!Array.isArray(states) || states.length === 0 || !states.every((s) => STATE_NAMES.includes(s) && s !== 'sleep')) {
      throw new BuildError(`${file}: ${entry}: "states" must list the states it runs in, of ${STATE_NAMES.filter((s) => s !== 'sleep').join(', ')}.`);
    }
    return {
      name,
      words: split.length === 1 ? [split[0] ?? ''] : [split[0] ?? '', split[1] ?? ''],
      minArgs: args[0],
      maxArgs: args[1],
      states: states as Command['states'],
    };
  });
}

/** How many characters the end of `a` shares with the start of `b` (at most both lengths less one). */
function overlap(a: string, b: string): number {
  for (let n = Math.min(a.length, b.length) - 1; n > 0; n--) if (a.endsWith(b.slice(0, n))) return n;
  return 0;
}

/**
 * The texts as one string, each text a slice of it: a text inside another takes no bytes, and the
 * others are chained greedily, the pairs whose end and start overlap most first, so that each pair's
 * shared characters are stored once (` reason=` ending one text and starting the next).
 */
function superstring(texts: readonly string[], first: ReadonlySet<string> = new Set()): string {
  const unique = [...new Set(texts)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const parts = unique.filter((text, i) => !unique.some((other, j) => j < i && other.includes(text)));
  const pairs: { from: number; to: number; shared: number }[] = [];
  parts.forEach((a, from) => {
    parts.forEach((b, to) => {
      const shared = from === to ? 0 : overlap(a, b);
      if (shared > 0) pairs.push({ from, to, shared });
    });
  });
  pairs.sort((x, y) => y.shared - x.shared || x.from - y.from || x.to - y.to);
  const next = new Map<number, { to: number; shared: number }>();
  const hasPrevious = new Set<number>();
  /** The first part of the chain that `part` ends. */
  const chainStart = parts.map((_, i) => i);
  const chainEnd = parts.map((_, i) => i);
  for (const { from, to, shared } of pairs) {
    if (next.has(from) || hasPrevious.has(to) || chainStart[from] === to) continue;
    next.set(from, { to, shared });
    hasPrevious.add(to);
    const start = chainStart[from] ?? from;
    const end = chainEnd[to] ?? to;
    chainEnd[start] = end;
    chainStart[end] = start;
  }
  const chains: string[] = [];
  parts.forEach((_, start) => {
    if (hasPrevious.has(start)) return;
    let chain = '';
    let part: number | undefined = start;
    let shared = 0;
    while (part !== undefined) {
      chain += (parts[part] ?? '').slice(shared);
      const link = next.get(part);
      part = link?.to;
      shared = link?.shared ?? 0;
    }
    chains.push(chain);
  });
  // The chains in any order make a blob as long: those holding the most texts of `first` for
  // their length come first, so that more of those texts start early (a smaller reference).
  const density = (chain: string): number => [...first].filter((text) => chain.includes(text)).length / chain.length;
  return chains
    .map((chain, i) => ({ chain, i, density: density(chain) }))
    .sort((x, y) => y.density - x.density || x.i - y.i)
    .map(({ chain }) => chain)
    .join('');
}

/** The one blob and each text's reference into it. */
export class TextBlob {
  private readonly blob: string;
  private readonly refs = new Map<string, number>();

  /**
   * Places every text as a slice of one superstring (see `superstring`); the texts of `early` (the
   * ones the code names, whose references are instructions) as early in it as the chains allow.
   */
  constructor(texts: readonly string[], early: readonly string[] = []) {
    this.blob = superstring(texts, new Set(early));
    for (const text of new Set(texts)) {
      const at = this.blob.indexOf(text);
      const ref = ((at - TEXT_OFFSET_BIAS) << TEXT_LENGTH_BITS) | text.length;
      if (ref >= TEXT_REF_LIMIT)
        throw new BuildError(`the text blob outgrew its 16-bit references at ${JSON.stringify(text)}; widen TEXT_LENGTH_BITS's split.`);
      this.refs.set(text, ref);
    }
  }

  ref(text: string): number {
    const ref = this.refs.get(text);
    if (ref === undefined) throw new BuildError(`text ${JSON.stringify(text)} is not in the blob`);
    return ref;
  }

  /** The texts as one string: a reference's offset counts characters of it. */
  get text(): string {
    return this.blob;
  }

  /** The characters the texts use, in code order: a character of the blob is its index here. */
  get characters(): string {
    const characters = [...new Set(this.blob)].sort().join('');
    if (characters.length > 1 << CHARACTER_BITS) {
      throw new BuildError(`the texts use ${characters.length} different characters; at most ${1 << CHARACTER_BITS} fit ${CHARACTER_BITS} bits.`);
    }
    return characters;
  }

  /**
   * The blob as stored: character k's code (its index in `characters`) in bits CHARACTER_BITS * k ..
   * CHARACTER_BITS * (k + 1) - 1, counted from bit 0 of byte 0, then a zero byte so that each
   * character can be read with one 16-bit load.
   */
  get bytes(): number[] {
    const characters = this.characters;
    const bytes = new Array<number>(Math.ceil((this.blob.length * CHARACTER_BITS) / 8) + 1).fill(0);
    [...this.blob].forEach((c, k) => {
      const bit = k * CHARACTER_BITS;
      const value = characters.indexOf(c) << (bit & 7);
      bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (value & 0xff);
      bytes[(bit >> 3) + 1] = (bytes[(bit >> 3) + 1] ?? 0) | (value >> 8);
    });
    return bytes;
  }
}

/** The command constant of a command name: packBegin is CMD_PACK_BEGIN. */
export function commandConstant(name: string): string {
  return `CMD_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

const HEADER = '// Generated by firmware/build.ts from the data files. Do not edit.\n';

function rows(values: readonly number[], perRow = 16): string {
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += perRow) lines.push(`  ${values.slice(i, i + perRow).join(', ')},`);
  return lines.join('\n');
}

/** generated/text.ts: the blob, a TEXT_<NAME> reference per text, a LIST_<NAME> table per list. */
export function generateText(table: TextTable, blob: TextBlob): string {
  const texts = [...table.texts]
    .map(([name, text]) => `/** ${JSON.stringify(text).replace(/\*\//g, '*\\/')} */\nexport const TEXT_${name}: i32 = ${blob.ref(text)};\n`)
    .join('');
  const lists = [...table.lists]
    .map(
      ([name, entries]) =>
        `/** ${entries.join(', ')}: text references, i16 each. */\n` +
        `export const LIST_${name}: usize = memory.data<i16>([${entries.map((text) => blob.ref(text)).join(', ')}]);\n` +
        `export const LIST_${name}_COUNT: i32 = ${entries.length};\n`,
    )
    .join('');
  return (
    `${HEADER}// Sources: firmware/text.json, firmware/commands.json, package.json\n\n` +
    `/** Bits of a text reference that hold its length; the rest is its offset in TEXT less TEXT_OFFSET_BIAS, signed. */\n` +
    `export const TEXT_LENGTH_BITS: i32 = ${TEXT_LENGTH_BITS};\n` +
    `export const TEXT_OFFSET_BIAS: i32 = ${TEXT_OFFSET_BIAS};\n` +
    `/** The reference of no text. */\nexport const NO_TEXT: i32 = ${NO_TEXT};\n` +
    `/** Bits a character of TEXT takes: the character's index in TEXT_CHARACTERS. */\n` +
    `export const TEXT_CHARACTER_BITS: i32 = ${CHARACTER_BITS};\n` +
    `/** The ${blob.characters.length} characters the texts use (ASCII), in code order. */\n` +
    `export const TEXT_CHARACTERS: usize = memory.data<u8>([${[...blob.characters].map((c) => c.charCodeAt(0)).join(', ')}]);\n` +
    `/** Every text the firmware sends or reads, ${blob.text.length} characters of TEXT_CHARACTER_BITS bits in ${blob.bytes.length} bytes. */\n` +
    `export const TEXT: usize = memory.data<u8>([\n${rows(blob.bytes, 24)}\n]);\n\n${texts}\n${lists}`
  );
}

/**
 * generated/commands.ts: COMMAND_TABLE, 6 bytes per command in matching order (the command word and
 * the subcommand word or NO_TEXT, i16 each; min | max << 2 arguments, u8; the mask of the states it
 * runs in, u8), and CMD_<NAME>, each command's row.
 */
export function generateCommands(commands: readonly Command[], blob: TextBlob): string {
  const table = commands.flatMap((command) => {
    const word = blob.ref(command.words[0]);
    const sub = command.words[1] === undefined ? NO_TEXT : blob.ref(command.words[1]);
    const states = command.states.reduce((mask, state) => mask | (1 << STATE_NAMES.indexOf(state)), 0);
    return [word & 0xff, (word >> 8) & 0xff, sub & 0xff, (sub >> 8) & 0xff, command.minArgs | (command.maxArgs << 2), states];
  });
  const constants = commands
    .map(
      (command, row) =>
        `/** ${command.words.join(' ')}: ${command.minArgs}..${command.maxArgs} arguments, in ${command.states.join(', ')}. */\nexport const ${commandConstant(command.name)}: i32 = ${row};\n`,
    )
    .join('');
  return (
    `${HEADER}// Source: firmware/commands.json\n\n` +
    `export const COMMAND_COUNT: i32 = ${commands.length};\n` +
    `/** Per command, 6 bytes: its word and its subcommand word (NO_TEXT: none), i16 each; min | max << 2 arguments; the states it runs in (bit = state). */\n` +
    `export const COMMAND_TABLE: usize = memory.data<u8>([\n${rows(table, 6)}\n]);\n\n${constants}`
  );
}
