// Builds the Imperial Timer firmware.
//
// 1. Validates the data files and generates firmware/src/generated/*.ts from them:
//    pack/rebel-missions.json (the printed codes), sounds.json (the sound names, their ids and
//    note sequences), lights.json (the light pattern of each cue), text.json (every text sent or
//    read, with the command words, the sound names and the version in package.json for
//    `HELLO fw=`: one ASCII blob) and commands.json (the command table; build-tables.ts).
// 2. Compiles firmware/src/main.ts with asc to build/firmware.wasm (release) and
//    build/firmware.debug.wasm (debug names, assertions kept).
//
// Prints nothing on standard output. Errors go to standard error; `--verbose` also
// reports what was done. Exits 1 on any error. Skips the compile when both outputs are
// newer than every input; `--force` rebuilds anyway.

import { readFileSync, writeFileSync, mkdirSync, statSync, readdirSync, existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BuildError,
  STATE_NAMES,
  TextBlob,
  commandConstant,
  generateCommands,
  generateText,
  readCommands,
  readTextTable,
  type Command,
  type TextTable,
} from './build-tables.ts';
import { renameToWire } from './abi-rename.ts';
import { mergeDataSegments } from './merge-data.ts';
import { reoptimize } from './reoptimize.ts';

const firmwareDir = dirname(fileURLToPath(import.meta.url));
const rootDir = dirname(firmwareDir);
const srcDir = join(firmwareDir, 'src');
const generatedDir = join(srcDir, 'generated');
const buildDir = join(rootDir, 'build');
const packFile = join(firmwareDir, 'pack', 'rebel-missions.json');
const soundsFile = join(firmwareDir, 'sounds.json');
const lightsFile = join(firmwareDir, 'lights.json');
const textFile = join(firmwareDir, 'text.json');
const commandsFile = join(firmwareDir, 'commands.json');
const ramFile = join(firmwareDir, 'ram.json');
const packageFile = join(rootDir, 'package.json');
const releaseWasm = join(buildDir, 'firmware.wasm');
const debugWasm = join(buildDir, 'firmware.debug.wasm');

/** Fixed linear memory, in 64 KiB pages: the firmware never grows it. */
const MEMORY_PAGES = 1;
/** The number of printed codes a mission pack must hold (the firmware's STATUS/CODES contract). */
const PRINTED_CODES = 24;
const CODE_LENGTH = 3;
const MAX_NOTES_PER_SOUND = 32;
const MAX_FRAMES_PER_CUE = 32;
/** A light frame's length is stored as one byte counting this many ms (5 ms to 1275 ms). */
const FRAME_MS_UNIT = 5;
/**
 * A note's length is stored as one byte: 1..NOTE_MS_EXACT ms as itself, a multiple of NOTE_MS_UNIT up
 * to NOTE_MS_UNIT * 127 ms as 128 + ms / NOTE_MS_UNIT.
 */
const NOTE_MS_EXACT = 127;
const NOTE_MS_UNIT = 10;

/** A note's length as its byte (see NOTE_MS_EXACT). */
function noteMsByte(ms: number): number {
  return ms <= NOTE_MS_EXACT ? ms : 128 + ms / NOTE_MS_UNIT;
}
/** The notes of all sounds, and the frames of all cues, are numbered by one byte each. */
const MAX_TABLE_ENTRIES = 255;
/** A face in lights.json: the 10 bar segments (segment 0 first), '|', the 4 found lights. */
const FACE_PATTERN = /^[#.]{10}\|[#.]{4}$/;
/** Sound and cue names become constants (SOUND_CHIME, CUE_WARN60): lower-case letters and digits. */
const NAME_PATTERN = /^[a-z][a-z0-9]{0,15}$/;

const args = new Set(process.argv.slice(2));
const verbose = args.has('--verbose');
const force = args.has('--force');

/** A sound of sounds.json: its name and its [hz, ms] notes. */
interface Sound {
  name: string;
  notes: [number, number][];
}

/** A cue of lights.json: its name, its [leds mask, ms] frames and the name of the sound it starts with. */
interface Cue {
  name: string;
  frames: [number, number][];
  sound: string;
}

/** What PLAY does with a sound: the cue it shows, or the sound alone (`null`); a sound not listed is not played. */
type PlayCues = Map<string, string | null>;

/** PLAY_CUE's entries besides cue ids. */
const PLAY_SOUND_ALONE = 254;
const PLAY_REFUSED = 255;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function log(message: string): void {
  if (verbose) process.stderr.write(`firmware build: ${message}\n`);
}

function rel(file: string): string {
  return relative(rootDir, file);
}

/** The parsed JSON, unchecked: each loader below validates what it reads. */
// biome-ignore lint/suspicious/noExplicitAny: the loaders check every field of the parsed data by hand.
function readJson(file: string): any {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BuildError(`${rel(file)}: cannot read the file (${messageOf(error)}).`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BuildError(`${rel(file)}: not valid JSON (${messageOf(error)}). Fix the syntax and build again.`);
  }
}

/** Validates the mission pack and returns the printed codes as digit strings, in placard order. */
function loadPackCodes(): string[] {
  const file = rel(packFile);
  const pack = readJson(packFile);
  if (!Array.isArray(pack.symbols) || pack.symbols.length !== 4) {
    throw new BuildError(`${file}: "symbols" must list exactly 4 symbol names (the timer has 4 symbol buttons).`);
  }
  if (!Array.isArray(pack.placards)) {
    throw new BuildError(`${file}: "placards" must be an array of placards.`);
  }
  const codes: string[] = [];
  const seen = new Map<string, string>();
  pack.placards.forEach((placard: { id?: unknown; inquisitor?: unknown; code?: unknown } | null, index: number) => {
    const entry = `placard ${typeof placard?.id === 'string' ? placard.id : `#${index + 1}`}`;
    if (placard === null || typeof placard !== 'object') {
      throw new BuildError(`${file}: ${entry}: must be an object.`);
    }
    if (placard.inquisitor === true) {
      if (placard.code !== undefined) {
        throw new BuildError(`${file}: ${entry}: an inquisitor placard has no code; remove "code".`);
      }
      return;
    }
    const code = placard.code;
    if (typeof code !== 'string' || !new RegExp(`^[1-4]{${CODE_LENGTH}}$`).test(code)) {
      throw new BuildError(`${file}: ${entry}: "code" must be ${CODE_LENGTH} digits, each 1..4 (a symbol number), got ${JSON.stringify(code)}.`);
    }
    for (let i = 1; i < code.length; i++) {
      if (code[i] === code[i - 1]) {
        throw new BuildError(
          `${file}: ${entry}: code ${code} has symbol ${code[i]} twice in a row; no printed code may (it breaks "repeat the last button until BUZZ").`,
        );
      }
    }
    const previous = seen.get(code);
    if (previous !== undefined) {
      throw new BuildError(`${file}: ${entry}: code ${code} is already printed on placard ${previous}; every code must be distinct.`);
    }
    seen.set(code, String(placard.id ?? `#${index + 1}`));
    codes.push(code);
  });
  if (codes.length !== PRINTED_CODES) {
    throw new BuildError(`${file}: the pack must have exactly ${PRINTED_CODES} coded placards (plus inquisitors), found ${codes.length}.`);
  }
  return codes;
}

/**
 * Validates sounds.json and returns its sounds in id order: `{ name, notes }`. The order of the
 * keys is the sound id (the `sound` import, `soundPlaying()`): sounds.json is the one table of
 * sound names, read by this build and by the hosts (sim/device/names.ts).
 */
function loadSounds(): Sound[] {
  const file = rel(soundsFile);
  const data = readJson(soundsFile);
  const sounds = data?.sounds;
  if (sounds === null || typeof sounds !== 'object' || Array.isArray(sounds)) {
    throw new BuildError(`${file}: "sounds" must be an object mapping each sound name to its list of [hz, ms] notes.`);
  }
  if (Object.keys(sounds).length === 0 || Object.keys(sounds).length > 32) {
    throw new BuildError(`${file}: "sounds" must hold 1..32 sounds.`);
  }
  const result = Object.entries(sounds).map(([name, notes]) => {
    if (!NAME_PATTERN.test(name)) {
      throw new BuildError(`${file}: sound name "${name}" must be 1..16 lower-case letters and digits, starting with a letter.`);
    }
    if (!Array.isArray(notes) || notes.length === 0 || notes.length > MAX_NOTES_PER_SOUND) {
      throw new BuildError(`${file}: sound "${name}" must be a list of 1..${MAX_NOTES_PER_SOUND} [hz, ms] notes.`);
    }
    notes.forEach((note, i) => {
      const ok =
        Array.isArray(note) &&
        note.length === 2 &&
        Number.isInteger(note[0]) &&
        Number.isInteger(note[1]) &&
        (note[0] === 0 || (note[0] >= 20 && note[0] <= 20000)) &&
        note[1] >= 1 &&
        (note[1] <= NOTE_MS_EXACT || (note[1] % NOTE_MS_UNIT === 0 && note[1] <= NOTE_MS_UNIT * 127));
      if (!ok) {
        throw new BuildError(
          `${file}: sound "${name}", note ${i + 1}: must be [hz, ms] with hz 0 (rest) or 20..20000 and ms 1..${NOTE_MS_EXACT}, ` +
            `or a multiple of ${NOTE_MS_UNIT} up to ${NOTE_MS_UNIT * 127} (stored as one byte), got ${JSON.stringify(note)}.`,
        );
      }
    });
    if (notes[0][0] === 0 && notes.length === 1) {
      throw new BuildError(`${file}: sound "${name}" is a single rest; give it at least one audible note.`);
    }
    return { name, notes };
  });
  const noteCount = result.reduce((sum, { notes }) => sum + notes.length, 0);
  if (noteCount > MAX_TABLE_ENTRIES) {
    throw new BuildError(`${file}: the sounds hold ${noteCount} notes in all; at most ${MAX_TABLE_ENTRIES} fit the firmware's table.`);
  }
  // A sound a cue of lights.json starts with is used too (the firmware plays it by the cue).
  const cueSounds: unknown = readJson(lightsFile)?.sounds;
  const usedByCues = Object.values(cueSounds !== null && typeof cueSounds === 'object' ? cueSounds : {}).filter((name) => typeof name === 'string');
  checkNamesMatchSources(
    file,
    'sound',
    result.map(({ name }) => name),
    'SOUND',
    ['COUNT', 'FIRST_NOTE'],
    new Map(usedByCues.map((name) => [name, rel(lightsFile)])),
  );
  return result;
}

/**
 * The names a data table must define, found in the firmware's sources: every `<PREFIX>_<NAME>`
 * they use (e.g. SOUND_CHIME, CUE_DECOY), so the data file and the code cannot drift apart.
 */
function namesUsedBySources(prefix: string, notNames: readonly string[]): Map<string, string> {
  const used = new Map<string, string>();
  const pattern = new RegExp(`\\b${prefix}_([A-Z][A-Z0-9_]*)\\b`, 'g');
  for (const source of listSources(srcDir).filter((file) => !file.startsWith(generatedDir))) {
    for (const match of readFileSync(source, 'utf8').matchAll(pattern)) {
      const found = match[1] ?? '';
      if (notNames.includes(found)) continue;
      const name = found.toLowerCase();
      if (!used.has(name)) used.set(name, rel(source));
    }
  }
  return used;
}

/**
 * Every name the firmware uses is defined in the data file, and every defined one is used (by the
 * sources, or by another data file: `alsoUsed`, name to file).
 */
function checkNamesMatchSources(
  file: string,
  kind: string,
  defined: readonly string[],
  prefix: string,
  notNames: readonly string[],
  alsoUsed: ReadonlyMap<string, string> = new Map(),
): void {
  const used = new Map([...alsoUsed, ...namesUsedBySources(prefix, notNames)]);
  for (const [name, source] of used) {
    if (!defined.includes(name)) {
      throw new BuildError(`${file}: ${kind} "${name}" must be a list: the firmware uses it (${prefix}_${name.toUpperCase()} in ${source}). Define it.`);
    }
  }
  for (const name of defined) {
    if (!used.has(name)) {
      throw new BuildError(`${file}: ${kind} "${name}" is not a firmware ${kind}; the firmware uses ${[...used.keys()].join(', ')}.`);
    }
  }
}

/** A face of lights.json as the `leds` mask: bar segment k is bit k, found light j (1..4) bit 9 + j. */
function faceMask(face: string): number {
  const [bar = '', found = ''] = face.split('|');
  let mask = 0;
  [...bar].forEach((c, k) => {
    if (c === '#') mask |= 1 << k;
  });
  [...found].forEach((c, j) => {
    if (c === '#') mask |= 1 << (10 + j);
  });
  return mask;
}

/** Validates lights.json's "play": each sound PLAY plays, with the cue it shows or null. */
function loadPlayCues(soundNames: readonly string[], cues: readonly Cue[]): PlayCues {
  const file = rel(lightsFile);
  const play: unknown = readJson(lightsFile)?.play;
  if (play === null || typeof play !== 'object' || Array.isArray(play)) {
    throw new BuildError(`${file}: "play" must be an object naming, for each sound PLAY plays, the cue it shows (or null).`);
  }
  const result: PlayCues = new Map();
  for (const [sound, cue] of Object.entries(play)) {
    if (!soundNames.includes(sound)) throw new BuildError(`${file}: "play" names sound "${sound}", which sounds.json does not define.`);
    if (cue !== null && !cues.some(({ name }) => name === cue)) {
      throw new BuildError(`${file}: "play" must give sound "${sound}" a cue of "cues" or null, got ${JSON.stringify(cue)}.`);
    }
    result.set(sound, cue);
  }
  return result;
}

/** Validates lights.json and returns its cues in id order: `{ name, frames: [mask, ms][], sound }`. */
function loadLights(soundNames: readonly string[]): Cue[] {
  const file = rel(lightsFile);
  const data = readJson(lightsFile);
  const cues = data?.cues;
  const cueSounds = data?.sounds;
  if (cueSounds === null || typeof cueSounds !== 'object' || Array.isArray(cueSounds)) {
    throw new BuildError(`${file}: "sounds" must be an object naming the sound (of sounds.json) each cue starts with.`);
  }
  if (cues === null || typeof cues !== 'object' || Array.isArray(cues) || Object.keys(cues).length === 0) {
    throw new BuildError(`${file}: "cues" must be an object mapping each cue name to its list of [face, ms] frames.`);
  }
  const result = Object.entries(cues).map(([name, frames]): Cue => {
    if (!NAME_PATTERN.test(name)) {
      throw new BuildError(`${file}: cue name "${name}" must be 1..16 lower-case letters and digits, starting with a letter.`);
    }
    if (!Array.isArray(frames) || frames.length === 0 || frames.length > MAX_FRAMES_PER_CUE) {
      throw new BuildError(`${file}: cue "${name}" must be a list of 1..${MAX_FRAMES_PER_CUE} [face, ms] frames.`);
    }
    return {
      name,
      sound: '',
      frames: frames.map((frame, i) => {
        const ok =
          Array.isArray(frame) &&
          frame.length === 2 &&
          typeof frame[0] === 'string' &&
          FACE_PATTERN.test(frame[0]) &&
          Number.isInteger(frame[1]) &&
          frame[1] % FRAME_MS_UNIT === 0 &&
          frame[1] >= FRAME_MS_UNIT &&
          frame[1] <= FRAME_MS_UNIT * 255;
        if (!ok) {
          throw new BuildError(
            `${file}: cue "${name}", frame ${i + 1}: must be [face, ms] with a face like "##########|#..." ` +
              `(10 bar segments, '|', 4 found lights; '#' lit, '.' dark) and ms a multiple of ${FRAME_MS_UNIT} from ${FRAME_MS_UNIT} to ${FRAME_MS_UNIT * 255}, got ${JSON.stringify(frame)}.`,
          );
        }
        return [faceMask(frame[0]), frame[1]] as [number, number];
      }),
    };
  });
  const frameCount = result.reduce((sum, { frames }) => sum + frames.length, 0);
  if (frameCount > MAX_TABLE_ENTRIES) {
    throw new BuildError(`${file}: the cues hold ${frameCount} frames in all; at most ${MAX_TABLE_ENTRIES} fit the firmware's table.`);
  }
  checkNamesMatchSources(
    file,
    'cue',
    result.map(({ name }) => name),
    'CUE',
    ['COUNT', 'FIRST_FRAME', 'SOUND'],
  );
  if (result.length >= PLAY_SOUND_ALONE) throw new BuildError(`${file}: at most ${PLAY_SOUND_ALONE} cues fit the firmware's tables.`);
  for (const name of Object.keys(cueSounds)) {
    if (!result.some((cue) => cue.name === name)) throw new BuildError(`${file}: "sounds" names cue "${name}", which "cues" does not define.`);
  }
  return result.map((cue) => {
    const sound = cueSounds[cue.name];
    if (typeof sound !== 'string' || !soundNames.includes(sound)) {
      throw new BuildError(`${file}: "sounds" must name the sound of cue "${cue.name}", one of ${soundNames.join(', ')}.`);
    }
    return { ...cue, sound };
  });
}

/** Validates text.json: its texts and lists are the ones the sources use (TEXT_*, LIST_*). */
function loadText(): TextTable {
  const file = rel(textFile);
  const table = readTextTable(file, readJson(textFile));
  const state = table.lists.get('STATE');
  if (state === undefined || state.join() !== STATE_NAMES.join()) {
    throw new BuildError(`${file}: list STATE must be the firmware's states in their numbering: ${STATE_NAMES.join(', ')}.`);
  }
  // TEXT_VERSION and LIST_SOUND come from package.json and sounds.json, TEXT_SYMBOL_NAMES from list BUTTON.
  checkNamesMatchSources(
    file,
    'text',
    [...table.texts.keys()].map((name) => name.toLowerCase()),
    'TEXT',
    ['LENGTH_BITS', 'OFFSET_BIAS', 'CHARACTERS', 'CHARACTER_BITS', 'VERSION', 'SYMBOL_NAMES'],
  );
  checkNamesMatchSources(
    file,
    'list',
    [...table.lists.keys()].map((name) => name.toLowerCase()),
    'LIST',
    ['SOUND'],
  );
  return table;
}

/** Validates commands.json: every command is run by the sources (CMD_*), and only those. */
function loadCommands(): Command[] {
  const file = rel(commandsFile);
  const commands = readCommands(file, readJson(commandsFile));
  checkNamesMatchSources(
    file,
    'command',
    commands.map(({ name }) => commandConstant(name).slice(4).toLowerCase()),
    'CMD',
    [],
  );
  return commands;
}

/** A buffer of ram.json: its name (the constant the sources use), its address and size in bytes. */
interface RamBuffer {
  name: string;
  address: number;
  bytes: number;
}

/** The static data starts at a multiple of this, after the buffers. */
const STATIC_DATA_ALIGN = 16;

/** Validates ram.json and lays its buffers out from address 0, in its order. */
function loadRam(): { buffers: RamBuffer[]; end: number } {
  const file = rel(ramFile);
  const entries = readJson(ramFile)?.buffers;
  if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) {
    throw new BuildError(`${file}: "buffers" must be an object mapping each buffer's name to its { bytes, align, holds }.`);
  }
  const sources = listSources(srcDir)
    .filter((source) => !source.startsWith(generatedDir))
    .map((source) => readFileSync(source, 'utf8'))
    .join('\n');
  const buffers: RamBuffer[] = [];
  let address = 0;
  for (const [name, entry] of Object.entries(entries as Record<string, { bytes?: unknown; align?: unknown; holds?: unknown }>)) {
    const align = entry.align ?? 1;
    if (
      !/^[A-Z][A-Z0-9_]*$/.test(name) ||
      !Number.isInteger(entry.bytes) ||
      Number(entry.bytes) < 1 ||
      (align !== 1 && align !== 2 && align !== 4) ||
      typeof entry.holds !== 'string'
    ) {
      throw new BuildError(
        `${file}: buffer "${name}" must be an UPPER_CASE name with { "bytes": 1 or more, "align": 1, 2 or 4 (optional), "holds": what it holds }.`,
      );
    }
    if (!new RegExp(`\\b${name}\\b`).test(sources)) throw new BuildError(`${file}: buffer "${name}" is not used by firmware/src; remove it.`);
    address = Math.ceil(address / align) * align;
    buffers.push({ name, address, bytes: Number(entry.bytes) });
    address += Number(entry.bytes);
  }
  return { buffers, end: Math.ceil(address / STATIC_DATA_ALIGN) * STATIC_DATA_ALIGN };
}

function generateRam({ buffers, end }: { buffers: readonly RamBuffer[]; end: number }): string {
  const lines = buffers.map(({ name, address, bytes }) => `export const ${name}: usize = ${address};\nexport const ${name}_BYTES: i32 = ${bytes};\n`);
  return (
    `${HEADER}// Source: firmware/ram.json\n\n` +
    `// Each buffer's address and size in bytes; the static data starts at RAM_END (asc --memoryBase).\n${lines.join('')}` +
    `export const RAM_END: usize = ${end};\n`
  );
}

function loadVersion() {
  const version = readJson(packageFile).version;
  if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]{1,32}$/.test(version)) {
    throw new BuildError(`${rel(packageFile)}: "version" must be a semver string without spaces, got ${JSON.stringify(version)}.`);
  }
  return version;
}

const HEADER = '// Generated by firmware/build.ts from the data files. Do not edit.\n';

function list(values: readonly (number | string)[]): string {
  return values.join(', ');
}

function generatePack(codes: readonly string[]): string {
  // Each symbol 1..4 as 2 bits (symbol - 1), four to a byte, the first in the lowest bits.
  const packed: number[] = [];
  codes
    .flatMap((code) => [...code].map(Number))
    .forEach((symbol, i) => {
      packed[i >> 2] = (packed[i >> 2] ?? 0) | ((symbol - 1) << ((i & 3) * 2));
    });
  return (
    `${HEADER}// Source: firmware/pack/rebel-missions.json\n\n` +
    `/** How many codes are printed on the placards. */\n` +
    `export const PRINTED_CODE_COUNT: i32 = ${codes.length};\n` +
    `/** Symbols per code. */\n` +
    `export const CODE_LENGTH: i32 = ${CODE_LENGTH};\n` +
    `/**\n * The printed codes in placard order, ${CODE_LENGTH} symbols each: symbol k of them all (0-based) is\n` +
    ` * 1 + bits 2(k % 4) .. 2(k % 4) + 1 of byte k / 4.\n */\n` +
    `export const PRINTED_CODE_SYMBOLS: usize = memory.data<u8>([${list(packed)}]);\n`
  );
}

function constantName(prefix: string, name: string): string {
  return `${prefix}_${name.toUpperCase()}`;
}

function generateSounds(sounds: readonly Sound[]): string {
  const starts: number[] = [];
  const hz: number[] = [];
  const ms: number[] = [];
  for (const { notes } of sounds) {
    starts.push(hz.length);
    for (const [noteHz, noteMs] of notes) {
      hz.push(noteHz);
      ms.push(noteMs);
    }
  }
  starts.push(hz.length);
  const ids = sounds.map(({ name }, id) => `export const ${constantName('SOUND', name)}: i32 = ${id};\n`).join('');
  return (
    `${HEADER}// Source: firmware/sounds.json\n\n` +
    `// Sound ids, in the order of sounds.json.\n${ids}` +
    `/** Number of sounds (ids 0..SOUND_COUNT-1). */\n` +
    `export const SOUND_COUNT: i32 = ${sounds.length};\n` +
    `/** Sound id i plays notes SOUND_FIRST_NOTE[i] .. SOUND_FIRST_NOTE[i + 1] - 1 (u8 each). */\n` +
    `export const SOUND_FIRST_NOTE: usize = memory.data<u8>([${list(starts)}]);\n` +
    `/** Note frequencies in Hz (0 = rest), u16 each. */\n` +
    `export const NOTE_HZ: usize = memory.data<u16>([${list(hz)}]);\n` +
    `/** Note lengths, u8 each: 1..NOTE_MS_EXACT ms as itself, else 128 + ms / NOTE_MS_UNIT. */\n` +
    `export const NOTE_MS_EXACT: u32 = ${NOTE_MS_EXACT};\n` +
    `export const NOTE_MS_UNIT: u32 = ${NOTE_MS_UNIT};\n` +
    `export const NOTE_MS: usize = memory.data<u8>([${list(ms.map(noteMsByte))}]);\n`
  );
}

function generateLights(cues: readonly Cue[], sounds: readonly Sound[], play: PlayCues): string {
  const starts: number[] = [];
  const masks: number[] = [];
  const ms: number[] = [];
  for (const { frames } of cues) {
    starts.push(masks.length);
    for (const [mask, frameMs] of frames) {
      masks.push(mask);
      ms.push(frameMs);
    }
  }
  starts.push(masks.length);
  const ids = cues.map(({ name }, id) => `export const ${constantName('CUE', name)}: i32 = ${id};\n`).join('');
  return (
    `${HEADER}// Source: firmware/lights.json\n\n` +
    `// Cue ids, in the order of lights.json.\n${ids}` +
    `/** Number of cues. */\n` +
    `export const CUE_COUNT: i32 = ${cues.length};\n` +
    `/** Cue i shows frames CUE_FIRST_FRAME[i] .. CUE_FIRST_FRAME[i + 1] - 1 (u8 each). */\n` +
    `export const CUE_FIRST_FRAME: usize = memory.data<u8>([${list(starts)}]);\n` +
    `/** Each frame's \`leds\` mask (bits 0..9 the bar, 10..13 the found lights), u16 each. */\n` +
    `export const FRAME_MASK: usize = memory.data<u16>([${list(masks)}]);\n` +
    `/** Each frame's length in units of FRAME_MS_UNIT ms, u8 each. */\n` +
    `export const FRAME_MS_UNIT: u32 = ${FRAME_MS_UNIT};\n` +
    `export const FRAME_MS: usize = memory.data<u8>([${list(ms.map((frameMs) => frameMs / FRAME_MS_UNIT))}]);\n` +
    `/** The sound id each cue starts with, u8 each. */\n` +
    `export const CUE_SOUND: usize = memory.data<u8>([${list(cues.map(({ sound }) => sounds.findIndex(({ name }) => name === sound)))}]);\n` +
    `/** PLAY_CUE's entry of a sound PLAY plays alone, and of one it does not play. */\n` +
    `export const PLAY_SOUND_ALONE: i32 = ${PLAY_SOUND_ALONE};\n` +
    `export const PLAY_REFUSED: i32 = ${PLAY_REFUSED};\n` +
    `/** For each sound id, the cue PLAY shows with it, PLAY_SOUND_ALONE or PLAY_REFUSED, u8 each. */\n` +
    `export const PLAY_CUE: usize = memory.data<u8>([${list(
      sounds.map(({ name }) => {
        const cue = play.get(name);
        if (cue === undefined) return PLAY_REFUSED;
        return cue === null ? PLAY_SOUND_ALONE : cues.findIndex((c) => c.name === cue);
      }),
    )}]);\n`
  );
}

/** Writes a file only when its content changes, so unchanged data does not force a recompile. */
function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  writeFileSync(file, content);
  log(`wrote ${rel(file)}`);
}

function listSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSources(path));
    else if (entry.name.endsWith('.ts')) files.push(path);
  }
  return files;
}

function mtime(file: string): number {
  return statSync(file).mtimeMs;
}

function upToDate(): boolean {
  if (!existsSync(releaseWasm) || !existsSync(debugWasm)) return false;
  const inputs = [
    ...listSources(srcDir),
    fileURLToPath(import.meta.url),
    join(firmwareDir, 'build-tables.ts'),
    join(firmwareDir, 'merge-data.ts'),
    join(firmwareDir, 'reoptimize.ts'),
    join(firmwareDir, 'wasm-reader.ts'),
  ];
  const newestInput = Math.max(...inputs.map(mtime));
  return Math.min(mtime(releaseWasm), mtime(debugWasm)) > newestInput;
}

/**
 * Compiles to a temporary file, passes the module through `finish`, then renames it into place,
 * so that a test run reading the module while another build runs never sees a half-written file.
 */
async function compile(
  outFile: string,
  extraArgs: readonly string[],
  finish: (module: Uint8Array) => Uint8Array | Promise<Uint8Array> = (module) => module,
): Promise<void> {
  const asc = await import('assemblyscript/asc');
  const tempFile = `${outFile}.${process.pid}.tmp`;
  let errors = '';
  const stream = {
    write: (chunk: unknown) => {
      errors += String(chunk);
      return true;
    },
  };
  const { error } = await asc.main(
    [
      'firmware/src/main.ts',
      '--outFile',
      rel(tempFile),
      '--runtime',
      'stub',
      '--use',
      'abort=firmware/src/abort/abortFirmware',
      '--initialMemory',
      String(MEMORY_PAGES),
      '--maximumMemory',
      String(MEMORY_PAGES),
      '--noExportMemory',
      ...extraArgs,
    ],
    { stdout: stream, stderr: stream },
  );
  if (error) {
    rmSync(tempFile, { force: true });
    throw new BuildError(`asc failed to compile firmware/src/main.ts:\n${errors.trim() || error.message}`);
  }
  try {
    writeFileSync(tempFile, await finish(readFileSync(tempFile)));
  } catch (finishError) {
    rmSync(tempFile, { force: true });
    throw finishError;
  }
  renameSync(tempFile, outFile);
  log(`compiled ${rel(outFile)} (${statSync(outFile).size} bytes)`);
}

/** The module with the ABI's wire names (abi.json); every import and export must be one of the ABI's. */
function withWireNames(module: Uint8Array): Uint8Array {
  const renamed = renameToWire(module);
  if (renamed.unknown.length > 0) {
    throw new BuildError(
      `firmware/src imports or exports ${renamed.unknown.join(', ')}, which firmware/abi.json does not list: ` +
        'give each import and export of the ABI its wire name there (and its line in firmware/README.md, The ABI).',
    );
  }
  return renamed.module;
}

/**
 * The firmware allocates nothing at run time: the debug build, which keeps every function's name,
 * must hold no allocator (`new`, a string or an array built at run time would compile one in).
 */
function checkNoAllocator(): void {
  const names = readFileSync(debugWasm);
  for (const allocator of ['~lib/rt/stub/__alloc', '~lib/rt/stub/__new']) {
    if (names.includes(allocator)) {
      rmSync(releaseWasm, { force: true });
      throw new BuildError(
        `firmware/src allocates at run time (the module holds ${allocator}): keep every buffer in static memory (memory.data) and every text in firmware/text.json.`,
      );
    }
  }
}

async function build() {
  const codes = loadPackCodes();
  const sounds = loadSounds();
  const cues = loadLights(sounds.map(({ name }) => name));
  const playCues = loadPlayCues(
    sounds.map(({ name }) => name),
    cues,
  );
  const version = loadVersion();
  const text = loadText();
  const commands = loadCommands();
  const ram = loadRam();
  // The texts of the data files with the command words, the sound names and the version.
  const allText: TextTable = {
    // SYMBOL_NAMES: HELLO's `symbols=` value, the symbol buttons' names of list BUTTON (its entries 1..4).
    texts: new Map([...text.texts, ['VERSION', version], ['SYMBOL_NAMES', (text.lists.get('BUTTON') ?? []).slice(1).join(',')]]),
    lists: new Map([...text.lists, ['SOUND', sounds.map(({ name }) => name)]]),
  };
  // The texts (TEXT_*) are named by the code: their references are instructions, the lists' and command words' are table entries.
  const blob = new TextBlob(
    [...allText.texts.values(), ...[...allText.lists.values()].flat(), ...commands.flatMap(({ words }) => words)],
    [...allText.texts.values()],
  );
  mkdirSync(generatedDir, { recursive: true });
  rmSync(join(generatedDir, 'version.ts'), { force: true });
  writeIfChanged(join(generatedDir, 'pack.ts'), generatePack(codes));
  writeIfChanged(join(generatedDir, 'sounds.ts'), generateSounds(sounds));
  writeIfChanged(join(generatedDir, 'lights.ts'), generateLights(cues, sounds, playCues));
  writeIfChanged(join(generatedDir, 'text.ts'), generateText(allText, blob));
  writeIfChanged(join(generatedDir, 'commands.ts'), generateCommands(commands, blob));
  writeIfChanged(join(generatedDir, 'ram.ts'), generateRam(ram));

  if (!force && upToDate()) {
    log('build/firmware.wasm is up to date');
    return;
  }
  mkdirSync(buildDir, { recursive: true });
  const previousCwd = process.cwd();
  process.chdir(rootDir);
  try {
    // -Oz: the smallest binary; speed is irrelevant at a few calls per second.
    // The release module is optimized once more by binaryen with a higher inlining limit than asc
    // allows (reoptimize.ts), then its close data segments are joined (merge-data.ts): fewer
    // segment headers.
    // Both modules hold the ABI's wire names (abi.json), the names every runtime binds.
    // The buffers of ram.json lie below the static data.
    const memoryBase = ['--memoryBase', String(ram.end)];
    await compile(releaseWasm, [...memoryBase, '--optimizeLevel', '3', '--shrinkLevel', '2', '--converge', '--noAssert'], async (module) =>
      withWireNames(await reoptimize(mergeDataSegments(module))),
    );
    await compile(debugWasm, [...memoryBase, '--debug'], withWireNames);
    checkNoAllocator();
  } finally {
    process.chdir(previousCwd);
  }
}

try {
  await build();
} catch (error) {
  if (error instanceof BuildError) {
    process.stderr.write(`firmware build: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
