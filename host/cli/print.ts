// `imperial-timer print <game> [--out FILE] [--paper a4|letter] [kit flags]`: a print-and-play
// PDF of everything the game needs besides the timer, drawn from the game's data files. Nothing
// is written unless the whole kit was made: a bad data file, a timer that cannot be asked
// (Rebel Missions' --port / --pty) or an unwritable --out is a clear error and leaves no file behind.

import { renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DataError } from '../engine/data.ts';
import { PackFileError } from '../pack/pack-file.ts';
import { whichTimerAsker } from './which-timer.ts';
import { connectTimer } from '../link/timer-connection.ts';
import { findPrintKit, PRINT_KITS, type KitEnv } from '../print/kits.ts';
import { DEFAULT_PAPER, PAPER_IDS, PAPERS, type PaperId } from '../print/layout.ts';
import { renderKit } from '../print/render.ts';
import { TimerPrintError } from '../print/timer-placards.ts';
import { parseFlags, UsageError } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { say, type CliIo } from './io.ts';

/** The games with a print kit. */
export const PRINT_GAMES: readonly string[] = PRINT_KITS.map((k) => k.id);

const kitIds = PRINT_GAMES.join(', ');

export const PRINT_SUMMARY = `print <game> ...  a print-and-play PDF of the game's cards and tokens (games: ${kitIds})`;

function usage(id: string | undefined): string {
  const kit = id === undefined ? undefined : findPrintKit(id);
  const head = kit
    ? `usage: imperial-timer print ${kit.id} [--out FILE] [--paper a4|letter]${kit.help ? ' [flags]' : ''}

A print-and-play PDF of ${kit.title}: ${kit.holds}, drawn from the game's data files.`
    : `usage: imperial-timer print <game> [--out FILE] [--paper a4|letter]   (games: ${kitIds})

A print-and-play PDF of everything a game needs besides the timer, drawn from its data files.`;
  return `${head}
Print it at 100 % (actual size, not "fit to page"): every page has a 50 mm line to check.
  --out FILE          the PDF to write (default: ./<game>-kit.pdf)
  --paper a4|letter   the paper size (default ${DEFAULT_PAPER}); the cards keep their size in mm on either
${kit?.help ? `${kit.help}\n` : ''}  --help              this text`;
}

function paperOf(text: string | undefined): PaperId {
  if (text === undefined) return DEFAULT_PAPER;
  const id = text.toLowerCase();
  if (!(PAPER_IDS as string[]).includes(id)) throw new UsageError(`--paper must be one of ${PAPER_IDS.join(', ')}, got "${text}"`);
  return id as PaperId;
}

/** Writes `bytes` to `path` whole or not at all (a temporary file beside it, then a rename). */
function writeWhole(path: string, bytes: Buffer): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // never written
    }
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? `the folder ${dirname(path)} does not exist`
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? `no permission to write there (${code})`
          : code === 'EISDIR'
            ? 'it is a folder'
            : code === 'ENOTDIR'
              ? `a part of ${dirname(path)} is a file, not a folder`
              : (error as Error).message;
    throw new CommandFailure(`cannot write ${path}: ${why}. Choose another file with --out FILE.`);
  }
}

/** What the command opens besides files: the timer a kit asks (tests pass one in a chosen state). */
export type PrintDeps = Pick<KitEnv, 'connect'>;

/** The real timer's connection; with two or more timers plugged in, a person at a terminal is asked which. */
const defaultDeps = (io: CliIo): PrintDeps => ({ connect: (choice) => connectTimer(choice, { askWhichTimer: whichTimerAsker(io) }) });

export async function printCommand(argv: readonly string[], io: CliIo, deps: PrintDeps = defaultDeps(io)): Promise<number> {
  const [id, ...rest] = argv;
  if (id === undefined || id === '--help' || id === '-h') {
    say(id === undefined ? io.stderr : io.stdout, usage(undefined));
    return id === undefined ? 2 : 0;
  }
  const kit = findPrintKit(id);
  if (!kit) throw new UsageError(`print: no print kit for "${id}" (games: ${kitIds})`);
  const spec = { out: { type: 'string' }, paper: { type: 'string' }, help: { type: 'boolean', short: 'h' }, ...kit.flags } as const;
  const flags = parseFlags(rest, spec, `print ${kit.id}`) as Record<string, string | boolean | undefined>;
  if (flags['help'] === true) {
    say(io.stdout, usage(kit.id));
    return 0;
  }
  const paper = PAPERS[paperOf(flags['paper'] as string | undefined)];
  const outFlag = flags['out'];
  if (outFlag === '') throw new UsageError('--out needs the name of the PDF to write, e.g. --out kit.pdf');
  const out = resolve(typeof outFlag === 'string' ? outFlag : `${kit.id}-kit.pdf`);
  const kitFlags = Object.fromEntries(Object.keys(kit.flags).map((k) => [k, flags[k]]));
  let made;
  try {
    made = await renderKit(await kit.build(kitFlags, { connect: deps.connect, note: (text) => say(io.stdout, text) }), paper);
  } catch (error) {
    if (error instanceof DataError || error instanceof PackFileError || error instanceof TimerPrintError)
      throw new CommandFailure(`${error.message}. No PDF was written.`);
    throw error;
  }
  writeWhole(out, made.pdf);
  say(io.stdout, `Wrote ${out}: ${made.pages} pages, ${paper.name}. Print at 100 % (actual size): the line at the foot of every page is 50 mm long.`);
  return 0;
}
