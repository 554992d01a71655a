// `imperial-timer play <game> ...`: the flags every game shares, parsed once; each game then
// reads its own table (players, bots) from them.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { TimerChoice } from '../link/timer-connection.ts';
import { parseBaud, parseFlags, parseSeed, UsageError, type FlagSpec } from './args.ts';

export const PLAY_FLAGS = {
  players: { type: 'string' },
  seed: { type: 'string' },
  port: { type: 'string' },
  baud: { type: 'string' },
  pty: { type: 'boolean' },
  save: { type: 'string' },
  resume: { type: 'boolean' },
  new: { type: 'boolean' },
  json: { type: 'boolean' },
  bots: { type: 'string' },
  'bot-delay': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface PlayRequest {
  readonly gameId: string;
  /** --players as typed; each game parses it. */
  readonly players: string | undefined;
  /** --seed, or undefined to take the saved game's seed or a fresh random one. */
  readonly seed: number | undefined;
  /** Which timer; the virtual ones take the game's seed once it is known. */
  readonly timer: (seed: number) => TimerChoice;
  /** The timer flag given: --port (a path or auto), --pty, or neither ('virtual': the built-in timer, or the one plugged in on USB). */
  readonly timerKind: 'port' | 'pty' | 'virtual';
  readonly savePath: string;
  readonly resume: boolean;
  readonly newGame: boolean;
  readonly json: boolean;
  readonly bots: string | undefined;
  /** Pause before each bot move, ms; undefined for the front end's default. */
  readonly botDelayMs: number | undefined;
  /** The game's own flags (those it declared beyond the shared ones), as typed; each game checks them. */
  readonly gameFlags: Readonly<Record<string, string | boolean | undefined>>;
  /** What the players should hear before the game (a stale lock taken over), shown with the opening warnings. */
  readonly notes: readonly string[];
}

/** `unlisted`: game flags this game refuses (parsed to say why), left out of the unknown-flag message's list. */
export function parsePlayRequest(
  gameId: string,
  argv: readonly string[],
  home: string,
  gameFlagSpec: FlagSpec = {},
  unlisted: readonly string[] = [],
): PlayRequest | 'help' {
  const all = parseFlags(argv, { ...PLAY_FLAGS, ...gameFlagSpec }, `play ${gameId}`, unlisted) as Record<string, string | boolean | undefined>;
  const flags = all as ReturnType<typeof parseFlags<typeof PLAY_FLAGS>>;
  const gameFlags = Object.fromEntries(
    Object.keys(gameFlagSpec)
      .filter((k) => !(k in PLAY_FLAGS))
      .map((k) => [k, all[k]]),
  );
  if (flags.help) return 'help';
  if (flags.port !== undefined && flags.pty)
    throw new UsageError('--port and --pty exclude each other: --port talks to a real timer, --pty to the built-in one behind a pseudo-terminal');
  if (flags.baud !== undefined && flags.port === undefined) throw new UsageError('--baud goes with --port (the serial port of a real timer)');
  if (flags.resume && flags.new) throw new UsageError('--resume and --new exclude each other: --resume continues the saved game, --new replaces it');
  if (flags.resume && flags.players !== undefined) throw new UsageError('--players is taken from the saved game with --resume: leave it out');
  if (flags.port === '')
    throw new UsageError(
      '--port needs the path of the serial port, e.g. --port /dev/ttyACM0, or auto for the timer plugged in on USB (see `npm run -s companion -- ports`)',
    );
  if (flags.save === '') throw new UsageError(`--save needs a file name, e.g. --save ${gameId}.save.json`);
  if (flags.save !== undefined && isFolder(flags.save)) {
    throw new UsageError(`--save ${flags.save} is a folder: give the save file's name, e.g. --save ${join(flags.save, `${gameId}.save.json`)}`);
  }
  const baud = parseBaud(flags.baud);
  const seed = flags.seed === undefined ? undefined : parseSeed(flags.seed, () => 0);
  const port = flags.port;
  // No timer flag: the one Imperial Timer plugged in on USB, else the built-in one (auto, not required).
  const timer = (gameSeed: number): TimerChoice =>
    port === 'auto'
      ? { kind: 'auto', seed: gameSeed, realTime: true, baud, required: true }
      : port !== undefined
        ? { kind: 'port', path: port, baud }
        : flags.pty
          ? { kind: 'pty', seed: gameSeed, realTime: true }
          : { kind: 'auto', seed: gameSeed, realTime: true, baud, required: false };
  let botDelayMs: number | undefined;
  if (flags['bot-delay'] !== undefined) {
    const text = flags['bot-delay'];
    if (!/^[0-9]{1,6}$/.test(text)) throw new UsageError(`--bot-delay must be a whole number of milliseconds from 0 to 999999, got "${text}"`);
    botDelayMs = Number(text);
  }
  return {
    gameId,
    players: flags.players,
    seed,
    timer,
    timerKind: port !== undefined ? 'port' : flags.pty ? 'pty' : 'virtual',
    savePath: flags.save ?? join(home, '.imperial-timer', `${gameId}.save.json`),
    resume: flags.resume ?? false,
    newGame: flags.new ?? false,
    json: flags.json ?? false,
    bots: flags.bots,
    botDelayMs,
    gameFlags,
    notes: [],
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
