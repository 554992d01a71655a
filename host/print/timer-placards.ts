// `print rebel-missions --port PATH | --pty`: the placards of the pack the timer holds. The timer
// answers `CODES` (its codes and printed ids, in placard order) and `PACK` (source, n, sum;
// firmware/PROTOCOL.md, "Packs"). With the built-in pack the kit is the built-in one. A loaded
// pack carries only codes: its names and needs come from a pack file of the same sum (`--pack F`),
// or else from the companion's own coded placards in order (as the `pack` walkthrough's "keep the
// companion's names and needs" does), with its Inquisitor placards. Whatever the timer says that
// does not add up (a sum that is not its codes', a code the timer could not hold, more codes than
// placards) is a TimerPrintError, and no kit is made.

import { basename } from 'node:path';
import { parseBaud, UsageError } from '../cli/args.ts';
import type { TimerChoice, TimerConnection } from '../link/timer-connection.ts';
import { STANDARD_COMPONENTS, type Components } from '../games/rebel-missions/index.ts';
import { CommandError, LinkError, type ListedCode, type PackInfo } from '../link/protocol-client.ts';
import { PackFileError, packJson, parsePack, timerCodesOf, type LoadedPack } from '../pack/pack-format.ts';
import { packSum, type TimerCode } from '../pack/pack-sum.ts';
import { timerWordsOf } from '../pack/game-pack.ts';
import { codesDiffer } from '../pack/timer-pack.ts';

/** What this needs of a timer (a TimerLink, or a fake in tests). */
export interface PrintTimer {
  codeList(): Promise<ListedCode[]>;
  pack(): Promise<PackInfo>;
}

/** The timer could not be asked, answered oddly, or disagrees with --pack; the message says what to do. */
export class TimerPrintError extends Error {
  override name = 'TimerPrintError';
}

export interface TimerPlacards {
  readonly components: Components;
  /** Where the placards' codes, names and needs come from, for the kit's rules page. */
  readonly origin: string;
  /** The same for the command line. */
  readonly note: string;
  /**
   * The printed placards as a pack file's JSON (`--save-pack`) when no file has them: a loaded
   * pack's codes on the companion's names and needs. Undefined for the built-in pack or a --pack file.
   */
  readonly packJson?: Record<string, unknown>;
}

export interface TimerAsked {
  /** "the timer on /dev/ttyACM0", for messages. */
  readonly name: string;
  /** The flags that pick this timer again (" --port /dev/ttyACM0"), for commands in messages. */
  readonly words: string;
}

const quoted = (path: string): string => (/^[\w./~-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const codesWord = (n: number): string => `${n} code${n === 1 ? '' : 's'}`;

async function ask(timer: PrintTimer, who: TimerAsked): Promise<{ listed: ListedCode[]; info: PackInfo | null }> {
  let listed: ListedCode[];
  try {
    listed = await timer.codeList();
  } catch (error) {
    throw new TimerPrintError(`${who.name} did not list its codes (CODES: ${reasonOf(error)}); check that it is a timer and switched on, then print again`);
  }
  try {
    return { listed, info: await timer.pack() };
  } catch (error) {
    // A firmware older than packs knows only its built-in pack.
    if (error instanceof CommandError && error.reason === 'unknown') return { listed, info: null };
    throw new TimerPrintError(
      `${who.name} did not say which pack it plays (PACK: ${reasonOf(error)}); print again, and if it keeps failing, check the timer's firmware version`,
    );
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof CommandError) return `it answered "${error.line}"`;
  if (error instanceof LinkError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The timer's codes as it would be loaded with them; throws when its answers do not add up. */
function checkedCodes(listed: readonly ListedCode[], info: PackInfo | null, who: TimerAsked): TimerCode[] {
  const odd = (what: string): TimerPrintError =>
    new TimerPrintError(`${who.name} answered oddly: ${what}. Switch it off and on and print again; if it persists, check its firmware version`);
  const codes = listed.map((c, i): TimerCode => {
    if (c.index !== i + 1) throw odd(`its code ${i + 1} came as number ${c.index}`);
    if (!/^[1-4]{3}$/.test(c.digits)) throw odd(`its code ${i + 1} is "${c.digits}", not 3 of the symbols 1-4`);
    return { digits: c.digits, ...(c.id === undefined ? {} : { id: c.id }) };
  });
  if (codes.length === 0) throw odd('it lists no codes');
  if (info === null) return codes;
  if (info.n !== codes.length) throw odd(`PACK says n=${info.n} but CODES lists ${codesWord(codes.length)}`);
  const sum = packSum(codes);
  if (info.sum !== sum) throw odd(`PACK says sum=${info.sum} but the codes it lists make sum ${sum}`);
  return codes;
}

function disagreement(file: LoadedPack, who: TimerAsked, plays: string): TimerPrintError {
  // The virtual timer behind --pty starts afresh for every command: a pack loaded onto it is gone by the next.
  const loadFirst =
    who.words === ' --pty' ? '' : `load it onto the timer first (\`npm run -s companion -- pack --file ${quoted(file.file)}${who.words}\`), or `;
  return new TimerPrintError(
    `${who.name} ${plays}, but ${file.file} is another pack (${codesWord(file.timerCodes.length)}, sum ${file.sum}). ` +
      `Either print the timer's placards: leave out --pack, or give the pack file of the timer's pack; ` +
      `or print ${file.file}'s placards: ${loadFirst}leave out${who.words} to print the file without asking the timer`,
  );
}

/**
 * The placards to print for the pack `timer` holds; `file` is the pack file given with --pack.
 * Throws TimerPrintError when the timer cannot be asked, answers oddly, holds more codes than the
 * companion has placards, or holds another pack than `file`.
 */
export async function timerPlacards(timer: PrintTimer, file: LoadedPack | undefined, who: TimerAsked): Promise<TimerPlacards> {
  const { listed, info } = await ask(timer, who);
  const codes = checkedCodes(listed, info, who);
  const sum = packSum(codes);
  const builtinCodes = timerCodesOf(STANDARD_COMPONENTS.placards);
  if (info === null || info.source === 'builtin') {
    const differ = codesDiffer(listed, builtinCodes);
    if (differ !== null) {
      throw new TimerPrintError(
        `${who.name} plays a built-in pack that is not this companion's (${differ}): its firmware is another version. Update the timer's firmware or the companion so they match, or print a pack file of its codes with --pack FILE and without${who.words}`,
      );
    }
    const plays = `plays its built-in pack (${codesWord(codes.length)}, sum ${sum})`;
    if (file !== undefined && file.sum !== sum) throw disagreement(file, who, plays);
    if (file !== undefined) {
      return {
        components: file.components,
        origin: `Printed from ${basename(file.file)}, whose codes are those of the built-in pack the timer played (${codesWord(codes.length)}, sum ${sum}).`,
        note: `${capital(who.name)} ${plays}: the placards are those of ${file.file}, which has the same codes.`,
      };
    }
    return {
      components: STANDARD_COMPONENTS,
      origin: `Printed from the pack the timer played: its built-in pack (${codesWord(codes.length)}, sum ${sum}).`,
      note: `${capital(who.name)} ${plays}: the kit holds the built-in placards.`,
    };
  }
  const plays = `holds a loaded pack (${codesWord(codes.length)}, sum ${sum})`;
  if (file !== undefined) {
    if (file.sum !== sum) throw disagreement(file, who, plays);
    const differ = codesDiffer(listed, file.timerCodes);
    if (differ !== null) throw disagreement(file, who, `${plays} (${differ})`);
    return {
      components: file.components,
      origin: `Printed from the pack the timer holds (${codesWord(codes.length)}, sum ${sum}), with the names and needs of ${basename(file.file)}.`,
      note: `${capital(who.name)} ${plays}, the pack of ${file.file}: the kit holds its placards.`,
    };
  }
  return { ...onBuiltinPlacards(codes, who), ...borrowedWords(codes.length, sum, who, plays) };
}

function borrowedWords(n: number, sum: string, who: TimerAsked, plays: string): { origin: string; note: string } {
  const builtinCoded = STANDARD_COMPONENTS.placards.filter((p) => !p.inquisitor).length;
  const inquisitors = STANDARD_COMPONENTS.placards.length - builtinCoded;
  const left = builtinCoded - n;
  const dropped = left > 0 ? `; the companion's other ${left} coded placards are left out` : '';
  const words = `The timer holds only codes, so the names and needs on the ${n} coded placard${n === 1 ? '' : 's'} are the companion's own, in order (its placards 1 to ${n}), with its ${inquisitors} Inquisitor placards${dropped}. Check them against your placards, or print with --pack FILE, the pack file of the timer's pack, for their own names and needs.`;
  return {
    origin: `Printed from the pack the timer holds (${codesWord(n)}, sum ${sum}): its codes and the ids printed on them. ${words}`,
    note: `${capital(who.name)} ${plays}: the kit holds its codes. ${words}`,
  };
}

/** The timer's codes on the companion's own coded placards' names and needs, in order, with its Inquisitor placards. */
function onBuiltinPlacards(codes: readonly TimerCode[], who: TimerAsked): { components: Components; packJson: Record<string, unknown> } {
  const coded = STANDARD_COMPONENTS.placards.filter((p) => !p.inquisitor);
  if (codes.length > coded.length) {
    throw new TimerPrintError(
      `${who.name} holds ${codesWord(codes.length)}, more than the companion's ${coded.length} coded placards to print them on: give the pack file of the timer's pack with --pack FILE`,
    );
  }
  const draft = {
    id: `timer-${packSum(codes)}`,
    name: `the timer's pack (sum ${packSum(codes)})`,
    coded: codes.map((c, i) => ({ digits: c.digits, printedId: c.id ?? null, name: coded[i]!.name, needs: coded[i]!.needs })),
    inquisitors: STANDARD_COMPONENTS.placards.filter((p) => p.inquisitor).map((p) => ({ name: p.name, needs: p.needs })),
  };
  const json = packJson(draft);
  try {
    return { components: parsePack(json, `the pack of ${who.name}`).components, packJson: json };
  } catch (error) {
    if (error instanceof PackFileError) throw new TimerPrintError(`${who.name} answered oddly: its codes are not a pack the game plays (${error.message})`);
    throw error;
  }
}

/** The timer a print asks, as the command line chose it. */
export interface TimerToAsk extends TimerAsked {
  readonly choice: TimerChoice;
}

/** The timer's flags (`--port PATH|auto [--baud N]`, `--pty`); undefined when neither is given (no timer is asked). */
export function timerToAsk(flags: Readonly<Record<string, string | boolean | undefined>>): TimerToAsk | undefined {
  const port = flags['port'];
  const baudText = flags['baud'];
  const pty = flags['pty'] === true;
  if (typeof port === 'string' && pty)
    throw new UsageError('--port and --pty exclude each other: --port asks a real timer, --pty the built-in one behind a pseudo-terminal');
  if (baudText !== undefined && port === undefined) throw new UsageError('--baud goes with --port (the serial port of a real timer)');
  if (port === '')
    throw new UsageError(
      '--port needs the path of the serial port, e.g. --port /dev/ttyACM0, or auto for the timer plugged in on USB (see `npm run -s companion -- ports`)',
    );
  if (port === 'auto') {
    const baud = parseBaud(typeof baudText === 'string' ? baudText : undefined);
    const choice = { kind: 'auto', seed: 0, realTime: true, baud, required: true } as const;
    return { choice, name: 'the Imperial Timer plugged in on USB', words: timerWordsOf(choice) };
  }
  if (typeof port === 'string') {
    const baud = parseBaud(typeof baudText === 'string' ? baudText : undefined);
    return { choice: { kind: 'port', path: port, baud }, name: `the timer on ${port}`, words: timerWordsOf({ kind: 'port', path: port, baud }) };
  }
  if (pty) return { choice: { kind: 'pty', seed: 0, realTime: true }, name: 'the built-in virtual timer (behind a pseudo-terminal)', words: ' --pty' };
  return undefined;
}

/** Opens the timer, reads its placards (timerPlacards) and closes it; an unreachable timer is a TimerPrintError. */
export async function readTimerPlacards(
  connect: (choice: TimerChoice) => Promise<Pick<TimerConnection, 'link' | 'close'>>,
  timer: TimerToAsk,
  file: LoadedPack | undefined,
): Promise<TimerPlacards> {
  let connection;
  try {
    connection = await connect(timer.choice);
  } catch (error) {
    const reason = reasonOf(error).replace(/\.$/, '');
    const check = /ports|\?$/.test(reason)
      ? ''
      : timer.choice.kind === 'port' || timer.choice.kind === 'auto'
        ? '; check that the timer is plugged in and switched on and that the port is right (`npm run -s companion -- ports` lists them)'
        : '';
    // A reason that ends its own sentence ("...dialout group.)") takes no second full stop.
    const told = `${reason}${check}`;
    throw new TimerPrintError(
      `cannot reach ${timer.name}: ${told}${/\.\)?$/.test(told) ? '' : '.'} Leave out${timer.words} to print the kit without asking a timer`,
    );
  }
  try {
    return await timerPlacards(connection.link, file, timer);
  } finally {
    await connection.close();
  }
}
