// `imperial-timer pack`: your own placards' codes onto the timer. Without --file or --builtin it
// walks you through typing them (host/pack/walkthrough.ts), saves the pack file, then writes it
// to the timer and reads it back; `--file F` loads a saved pack file; `--builtin` returns the
// timer to its built-in pack. Nothing is saved until the summary is confirmed, and a file is
// never replaced without asking.

import { existsSync } from 'node:fs';
import { whichTimerAsker } from './which-timer.ts';
import { connectTimer, type TimerChoice, type TimerConnection } from '../link/timer-connection.ts';
import { STANDARD_COMPONENTS } from '../games/rebel-missions/index.ts';
import { linePrompter, type LinePrompter } from '../pack/line-prompter.ts';
import {
  defaultPackPath,
  PackFileError,
  packJson,
  packText,
  parsePack,
  readPackFile,
  writePackFile,
  timerCodesOf,
  type LoadedPack,
} from '../pack/pack-file.ts';
import { heldText, restoreBuiltinPack, TimerPackError, writePackToTimer } from '../pack/timer-pack.ts';
import { runWalkthrough } from '../pack/walkthrough.ts';
import { WALKTHROUGH_LIMITS } from '../pack/walkthrough-limits.ts';
import { symbolGlyph } from '../games/rebel-missions/glyphs.ts';
import { parseBaud, parseFlags, UsageError } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { say, type CliIo } from './io.ts';
import { resolve } from 'node:path';

export const PACK_USAGE = `usage: imperial-timer pack [--out FILE] [timer]        type your placards' codes, save them, load them
       imperial-timer pack --file FILE [timer]         load a saved pack file onto the timer
       imperial-timer pack --builtin [timer]           the timer's built-in pack again

Your own placards on the timer: the walkthrough asks how many placards have a code, then each
code (the symbols' digits 1-4 or their names, shown back as symbols and checked as the timer
checks them), the id printed on each placard (optional), their names and needs (the companion's
own, or typed in), and the number of Inquisitor placards; then a summary to confirm or correct
(any placard's code, id, name or needs; the Inquisitor placards and their number). The pack is
saved as a file, written to the timer and read back (CODES, PACK) to check it.
  --out FILE     where to save the pack (default ~/.imperial-timer/packs/my-placards.json; an
                 existing file is replaced only if you say so)
  --file FILE    load this saved pack file instead of typing one
  --builtin      return the timer to its built-in pack (the loaded one is erased)
timer:
  --port PATH    a real timer on this serial port (see \`npm run -s companion -- ports\`); --port auto:
                 the Imperial Timer plugged in on USB (the default when exactly one is)
  --baud N       with --port: the port's speed (default 115200, the timer's)
  --pty          the built-in virtual timer behind a pseudo-terminal
                 (neither: the one timer plugged in on USB, else the built-in virtual timer,
                 which forgets the pack when the command ends; \`play rebel-missions --pack
                 FILE\` loads it onto the built-in timer itself)
  --help         this text`;

const FLAGS = {
  out: { type: 'string' },
  file: { type: 'string' },
  builtin: { type: 'boolean' },
  port: { type: 'string' },
  baud: { type: 'string' },
  pty: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface PackDeps {
  /** Opens the timer (tests pass one in a chosen state). */
  readonly connect: (choice: TimerChoice) => Promise<TimerConnection>;
}

/** The real timer's connection; with two or more timers plugged in, a person at a terminal is asked which. */
const defaultDeps = (io: CliIo): PackDeps => ({ connect: (choice) => connectTimer(choice, { askWhichTimer: whichTimerAsker(io) }) });

const SYMBOLS = { names: STANDARD_COMPONENTS.symbols, glyph: symbolGlyph };

interface TimerFlags {
  readonly choice: TimerChoice;
  /** The flags that pick this timer again, for the messages ("--port /dev/ttyACM0"). */
  readonly words: string;
}

function timerFlags(flags: { port?: string | undefined; baud?: string | undefined; pty?: boolean | undefined }): TimerFlags {
  if (flags.port !== undefined && flags.pty)
    throw new UsageError('--port and --pty exclude each other: --port talks to a real timer, --pty to the built-in one behind a pseudo-terminal');
  if (flags.baud !== undefined && flags.port === undefined) throw new UsageError('--baud goes with --port (the serial port of a real timer)');
  if (flags.port === '')
    throw new UsageError(
      '--port needs the path of the serial port, e.g. --port /dev/ttyACM0, or auto for the timer plugged in on USB (see `npm run -s companion -- ports`)',
    );
  const baud = parseBaud(flags.baud);
  const baudWords = flags.baud === undefined ? '' : ` --baud ${baud}`;
  if (flags.port === 'auto') return { choice: { kind: 'auto', seed: 0, realTime: true, baud, required: true }, words: ` --port auto${baudWords}` };
  if (flags.port !== undefined) return { choice: { kind: 'port', path: flags.port, baud }, words: ` --port ${flags.port}${baudWords}` };
  if (flags.pty) return { choice: { kind: 'pty', seed: 0, realTime: true }, words: ' --pty' };
  // Neither: the one Imperial Timer plugged in on USB, else the built-in one.
  return { choice: { kind: 'auto', seed: 0, realTime: true, baud, required: false }, words: '' };
}

function quoted(path: string): string {
  return /^[\w./~-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** Runs `work` on the timer; `again` is the command that does it all again, told when the timer cannot be reached. */
async function withTimer<T>(deps: PackDeps, timer: TimerFlags, again: string, work: (connection: TimerConnection) => Promise<T>): Promise<T> {
  let connection: TimerConnection;
  try {
    connection = await deps.connect(timer.choice);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).trim();
    throw new CommandFailure(
      `cannot reach the timer: ${/[.!?]\)?$/.test(reason) ? reason : `${reason}.`} The timer was not changed; once it answers, run ${again}`,
    );
  }
  try {
    return await work(connection);
  } catch (error) {
    if (error instanceof TimerPackError) throw new CommandFailure(error.message);
    throw error;
  } finally {
    await connection.close();
  }
}

function timerName(connection: TimerConnection): string {
  if (connection.port !== undefined) return `the timer on ${connection.port}`;
  return connection.ptyPath ? `the built-in virtual timer (behind ${connection.ptyPath})` : 'the built-in virtual timer';
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

async function loadOnto(deps: PackDeps, timer: TimerFlags, pack: LoadedPack, io: CliIo): Promise<void> {
  const again = `npm run -s companion -- pack --file ${quoted(pack.file)}${timer.words}`;
  await withTimer(deps, timer, again, async (connection) => {
    const { info, before, already } = await writePackToTimer(connection.link, pack.timerCodes, again);
    const counted = `${info.n} code${info.n === 1 ? '' : 's'}, sum ${info.sum}`;
    if (already) say(io.stdout, `${capital(timerName(connection))} holds this pack already: ${counted} (read back with CODES and PACK), so nothing was sent.`);
    else {
      say(
        io.stdout,
        `${capital(timerName(connection))} holds the pack now: ${counted} (read back with CODES and PACK: the same; before, it held ${heldText(before, info)}).`,
      );
    }
    if (connection.port === undefined) {
      say(
        io.stdout,
        `The built-in virtual timer forgets it when this command ends; \`play rebel-missions --pack ${quoted(pack.file)}\` loads it onto the built-in timer for each game.`,
      );
    }
  });
  say(io.stdout, `Play with these placards: npm run -s companion -- play rebel-missions --pack ${quoted(pack.file)}${timer.words} --players ...`);
}

/** Asks where to save when `path` exists; null when the input ended. */
async function choosePath(prompter: LinePrompter, path: string): Promise<{ path: string; overwrite: boolean } | null> {
  let target = path;
  for (;;) {
    if (!existsSync(target)) return { path: target, overwrite: false };
    const answer = await prompter.ask(`${target} already exists. Replace it? y = replace, n = save under another name [n] `);
    if (answer === null) return null;
    const text = answer.trim().toLowerCase();
    if (text === 'y' || text === 'yes') return { path: target, overwrite: true };
    if (text !== '' && text !== 'n' && text !== 'no') {
      prompter.say('  ✗ type y to replace it or n to choose another name');
      continue;
    }
    let free = 2;
    const stem = target.replace(/\.json$/, '').replace(/-\d+$/, '');
    while (existsSync(`${stem}-${free}.json`)) free++;
    const suggestion = `${stem}-${free}.json`;
    const named = await prompter.ask(`Save it as [${suggestion}] `);
    if (named === null) return null;
    target = named.trim() === '' ? suggestion : resolve(named.trim());
  }
}

/** Saves the confirmed pack, asking again where a file cannot be written (the typed pack is kept meanwhile); null when the input ended. */
async function savePack(prompter: LinePrompter, out: string, text: string): Promise<string | null> {
  let wanted = out;
  for (;;) {
    const target = await choosePath(prompter, wanted);
    if (target === null) return null;
    try {
      writePackFile(target.path, text, target.overwrite);
      return target.path;
    } catch (error) {
      if (!(error instanceof PackFileError)) throw error;
      prompter.say(`  ✗ ${error.message}`);
      const other = await prompter.ask('Save it where instead? (a file name; Ctrl-C gives up) ');
      if (other === null) return null;
      if (other.trim() !== '') wanted = resolve(other.trim());
    }
  }
}

async function walkthrough(deps: PackDeps, timer: TimerFlags, out: string, io: CliIo): Promise<number> {
  const prompter = linePrompter(io.stdin, io.stdout, io.interrupted);
  let savedPath: string | null;
  try {
    const draft = await runWalkthrough(prompter, { symbols: SYMBOLS, builtin: STANDARD_COMPONENTS, limits: WALKTHROUGH_LIMITS });
    if (draft === null) {
      say(io.stderr, 'Stopped before the pack was confirmed: nothing was saved and the timer was not changed.');
      return 1;
    }
    const json = packJson(draft);
    parsePack(json, out);
    savedPath = await savePack(prompter, out, packText(json));
  } finally {
    prompter.close();
  }
  if (savedPath === null) {
    say(io.stderr, 'Stopped before the pack was saved: nothing was saved and the timer was not changed.');
    return 1;
  }
  const pack = readPackFile(savedPath);
  say(io.stdout, `Saved the pack in ${savedPath} (${pack.timerCodes.length} code${pack.timerCodes.length === 1 ? '' : 's'}, sum ${pack.sum}).`);
  try {
    await loadOnto(deps, timer, pack, io);
  } catch (error) {
    if (error instanceof CommandFailure) throw new CommandFailure(`${error.message}\nThe pack is saved in ${savedPath}.`);
    throw error;
  }
  return 0;
}

export async function packCommand(argv: readonly string[], io: CliIo, deps: PackDeps = defaultDeps(io)): Promise<number> {
  const flags = parseFlags(argv, FLAGS, 'pack');
  if (flags.help) {
    say(io.stdout, PACK_USAGE);
    return 0;
  }
  const timer = timerFlags(flags);
  if (flags.file !== undefined && flags.builtin)
    throw new UsageError('--file and --builtin exclude each other: --file loads a pack, --builtin returns to the built-in one');
  if (flags.out !== undefined && (flags.file !== undefined || flags.builtin))
    throw new UsageError('--out names where the walkthrough saves a new pack: leave it out with --file or --builtin');
  if (flags.file === '' || flags.out === '') throw new UsageError(`--${flags.file === '' ? 'file' : 'out'} needs a file name`);
  if (flags.builtin) {
    const builtin = timerCodesOf(STANDARD_COMPONENTS.placards);
    const again = `npm run -s companion -- pack --builtin${timer.words}`;
    await withTimer(deps, timer, again, async (connection) => {
      const info = await restoreBuiltinPack(connection.link, builtin, again);
      say(io.stdout, `${capital(timerName(connection))} plays its built-in pack again: ${info.n} codes, sum ${info.sum}.`);
    });
    return 0;
  }
  if (flags.file !== undefined) {
    let pack: LoadedPack;
    try {
      pack = readPackFile(flags.file);
    } catch (error) {
      if (error instanceof PackFileError) throw new CommandFailure(`${error.message}. The timer was not changed.`);
      throw error;
    }
    await loadOnto(deps, timer, pack, io);
    return 0;
  }
  return walkthrough(deps, timer, resolve(flags.out ?? defaultPackPath(io.home)), io);
}
