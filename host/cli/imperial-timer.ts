// imperial-timer: the companion app's command line.
//   npm run companion -- play <game> --players "Ana,Ben" [flags]   (every game of games/index.ts)
//   npm run companion -- serve [--port N] [--lan] [--save-dir DIR]
//   npm run companion -- pack [--file FILE | --builtin] [--port PATH | --pty]
//   npm run companion -- print <game> [--out FILE] [--paper a4|letter] [kit flags]
//   npm run companion -- check [--port PATH|auto] [--report FILE]
//   npm run companion -- ports
//   npm run companion -- bridge [--seed N] [--store FILE]
// Usage errors exit with code 2 (with a pointer to the help that exists), other failures with 1.

import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startPtyBridge } from '../link/pty-bridge.ts';
import { listPorts, type PortListing } from '../link/serial-transport.ts';
import { VirtualTransport } from '../link/virtual-transport.ts';
import { openStoreFile } from '../../sim/device/node/store-file.ts';
import { parseFlags, parseSeed, UsageError } from './args.ts';
import { say, type CliIo } from './io.ts';
import { CommandFailure } from './command-failure.ts';
import { PRINT_GAMES, PRINT_SUMMARY, printCommand } from './print.ts';
import { packCommand } from './pack.ts';
import { flashCommand } from './flash.ts';
import { checkCommand } from './check.ts';
import { findEntry, TABLE_ENTRIES } from '../games/index.ts';
import { playTable } from './play.ts';

/** Every game `play` runs: the table front end's. */
const gameIds = TABLE_ENTRIES.map((e) => e.id).join(', ');

export const USAGE = `usage: imperial-timer <command> [flags]     (npm run companion -- <command> ...)

commands:
  play <game> ...   play a game at the table with the Imperial Timer (games: ${gameIds})
  serve             the companion in the browser: a table page and a page per seat (${TABLE_ENTRIES.map((e) => e.title).join(', ')})
  pack              your own placards' codes onto the timer (typed in, from a file, or the built-in ones)
  ${PRINT_SUMMARY}
  ports             list the serial ports a timer may be on
  flash [UF2]       a new image onto the timer through its link (no need to open the box)
  check             the bring-up check of a freshly built timer: protocol, lights, sounds, buttons, battery, switch, sleep
  bridge            run the built-in virtual timer behind a pseudo-terminal, for serial terminals
  help [<command>]  this text, or a command's flags (the same as <command> --help)`;

const PORTS_USAGE = `usage: imperial-timer ports

Lists the serial ports on this machine, marking each Imperial Timer found by its USB ids
(hw/pico/usb.json). The timer on its USB cable shows up as /dev/ttyACM* on Linux,
/dev/cu.usbmodem* on macOS; a USB-serial adapter wired to its GP0/GP1 as /dev/ttyUSB* (or
/dev/cu.usbserial*), not told apart from other adapters. With exactly one timer plugged in,
play, pack, print, check and flash --port auto use it by themselves; otherwise pass one with
--port PATH.`;

const BRIDGE_USAGE = `usage: imperial-timer bridge [--seed N] [--store FILE]

Runs the built-in virtual timer (real time) behind a pseudo-terminal and prints its path; open
it with a serial terminal (picocom -b 115200 --omap crlf --imap lfcrlf --echo PATH: a line ends
at \\n, and the timer echoes nothing) or play with --port PATH. Ctrl-C stops it.
  --seed N       the virtual timer's seed, 0..4294967295 (default 0)
  --store FILE   keep the timer's settings in FILE across runs (default: fresh settings); a file
                 that is not a timer store is moved aside to FILE.not-a-store, never written over`;

export async function portsCommand(argv: readonly string[], io: CliIo, list: () => Promise<PortListing> = () => listPorts()): Promise<number> {
  const flags = parseFlags(argv, { help: { type: 'boolean', short: 'h' } }, 'ports');
  if (flags.help) {
    say(io.stdout, PORTS_USAGE);
    return 0;
  }
  const listing = await list();
  if (listing.note) say(io.stderr, `note: ${listing.note}${listing.reason === undefined ? '' : ` (${listing.reason})`}`);
  if (listing.ports.length === 0) {
    say(
      io.stdout,
      "No serial ports found. Plug the timer's USB cable in (or a USB-serial adapter wired to its GP0/GP1, and switch the timer on); without a timer, play with the built-in one (leave out --port).",
    );
    return 0;
  }
  const timers = listing.ports.filter((p) => p.timer);
  for (const port of listing.ports) say(io.stdout, `${port.timer ? 'timer' : '     '}  ${port.path}  ${port.description}`);
  const [only] = timers;
  if (timers.length === 1 && only !== undefined) {
    say(io.stdout, `One Imperial Timer is plugged in (${only.path}): play, pack and the others use it by themselves (--port auto).`);
  } else if (timers.length > 1) {
    say(
      io.stdout,
      `${timers.length} Imperial Timers are plugged in: choose one with --port PATH (e.g. play rebel-missions --port ${timers[0]?.path ?? 'PATH'} --players ...).`,
    );
  } else {
    say(
      io.stdout,
      'None of them is an Imperial Timer by its USB ids (a timer on a USB-serial adapter is not told apart): play with one of them with --port PATH (e.g. play rebel-missions --port PATH --players ...).',
    );
  }
  return 0;
}

async function bridge(argv: readonly string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, { seed: { type: 'string' }, store: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, 'bridge');
  if (flags.help) {
    say(io.stdout, BRIDGE_USAGE);
    return 0;
  }
  const seed = parseSeed(flags.seed, () => 0);
  const store = flags.store === undefined ? undefined : openStoreFile(flags.store, (m) => say(io.stderr, `warning: ${m}`));
  const device = new VirtualTransport({ seed, realTime: true, ...(store ? { store } : {}) });
  let path: string;
  let close: () => Promise<void>;
  let failed: Promise<Error>;
  try {
    ({ path, close, failed } = await startPtyBridge(device));
  } catch (error) {
    await device.close();
    throw new CommandFailure(error instanceof Error ? error.message : String(error));
  }
  say(io.stdout, `The virtual timer (seed ${seed}) is on ${path}`);
  say(io.stdout, `Open it with: picocom -b 115200 --omap crlf --imap lfcrlf --echo ${path}   (or play with --port ${path})`);
  say(io.stdout, 'Ctrl-C stops it.');
  const failure = await Promise.race([io.interrupted.then(() => undefined), failed]);
  await close();
  await device.close();
  if (failure !== undefined) throw new CommandFailure(failure.message);
  return 0;
}

async function play(argv: readonly string[], io: CliIo): Promise<number> {
  const [gameId, ...rest] = argv;
  if (gameId === undefined || gameId === '--help' || gameId === '-h') {
    say(gameId === undefined ? io.stderr : io.stdout, `usage: imperial-timer play <game> [flags]   (games: ${gameIds}; play <game> --help for the flags)`);
    return gameId === undefined ? 2 : 0;
  }
  const entry = findEntry(gameId);
  if (!entry) throw new UsageError(`play: unknown game "${gameId}" (games: ${gameIds})`);
  return await playTable(entry, rest, io);
}

const COMMANDS = ['play', 'serve', 'pack', 'print', 'ports', 'bridge', 'flash', 'check', 'help'] as const;

/** Where a usage error's reader finds the right words: the command's --help, or the list of commands when the command itself is unknown. */
function helpHint(command: string | undefined, rest: readonly string[]): string {
  if (command === undefined || !(COMMANDS as readonly string[]).includes(command)) return 'imperial-timer help lists the commands';
  const games: readonly string[] = command === 'play' ? TABLE_ENTRIES.map((e) => e.id) : PRINT_GAMES;
  if (command === 'play' || command === 'print') {
    const game = rest[0];
    if (game === undefined || !games.includes(game)) return `imperial-timer ${command} --help lists the games`;
    return `imperial-timer ${command} ${game} --help shows the flags`;
  }
  return `imperial-timer ${command} --help shows the flags`;
}

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
        say(io.stderr, USAGE);
        return 2;
      case 'help':
      case '--help':
      case '-h':
        // `help play secret-invasion` is `play secret-invasion --help`.
        if (rest.length > 0 && rest[0] !== 'help') return await runCli([...rest, '--help'], io);
        say(io.stdout, USAGE);
        return 0;
      case 'pack':
        return await packCommand(rest, io);
      case 'ports':
        return await portsCommand(rest, io);
      case 'bridge':
        return await bridge(rest, io);
      case 'flash':
        return await flashCommand(rest, io);
      case 'check':
        return await checkCommand(rest, io);
      case 'play':
        return await play(rest, io);
      case 'print':
        return await printCommand(rest, io);
      case 'serve':
        // The web server (and what it needs) is loaded for `serve` alone.
        return await (await import('./serve.ts')).serveCommand(rest, io);
      default:
        throw new UsageError(`unknown command "${command}" (commands: ${COMMANDS.join(', ')})`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      say(io.stderr, `imperial-timer: ${error.message}\n(${helpHint(command, rest)})`);
      return 2;
    }
    if (error instanceof CommandFailure) {
      say(io.stderr, `imperial-timer: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function processIo(): CliIo {
  const interrupted = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, stdoutIsTty: process.stdout.isTTY === true, home: homedir(), interrupted };
}

/** Runs the command line of this process (argv, stdin/stdout, Ctrl-C) and exits with its code. */
export function main(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  runCli(process.argv.slice(2), processIo()).then(
    (code) => process.stdout.write('', () => process.exit(code)),
    (error: unknown) => {
      process.stderr.write(`imperial-timer: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

// Run as a script (`npm run companion`, tsx); the installed command starts at companion/bin.ts.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
