// `imperial-timer play <game>` for every game of the table front end (`games/index.ts`): opens
// the timer (a real one on --port, the built-in one behind --pty, the built-in one in this
// process, or none with --no-timer), starts a new `TableHost` or resumes the saved one (a save in
// an older format is refused, saying what to do: `open-match.ts`), and runs the pass-and-play terminal or
// the JSON stream on it. The flags every game shares come from `play-request.ts`; the seats, the
// bots and the options come from the game's entry and metadata, so `--help` is built from them.
//
// The process behaviour: usage errors exit 2, other failures 1 with what to do; the save's lock
// is held from before the save is read to the end (released on every way out); a new game never
// replaces an unfinished one without --new (kept under a name of its own, and said where); the
// game stays saved when the input ends, on q / quit, on Ctrl-C, and when the timer's port
// vanishes for good (then exit 1, saying how to continue).

import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readSave, writeSave } from '../engine/save.ts';
import { GameConfigError, type MoveBase } from '../engine/table-game.ts';
import { lockSave, SaveLockedError, type SaveLock } from '../engine/save-lock.ts';
import { removeLeftoverTemps } from '../engine/save.ts';
import type { OptionSpec, OptionValue } from '../engine/meta.ts';
import { resolveOptions } from '../engine/meta.ts';
import { connectTimer, type TimerConnection } from '../link/timer-connection.ts';
import { whichTimerAsker } from './which-timer.ts';
import type { RegisteredEntry } from '../games/index.ts';
import { TABLE, type TableEntry } from '../table/entry.ts';
import { TableHost, TableHostError, type SeatPlan } from '../table/host.ts';
import { runTableJson } from '../table/json-stream.ts';
import { runTableTerminal } from '../table/terminal.ts';
import type { FrontEndEnd } from '../ui/front-end.ts';
import { parseBots, parseWhole, UsageError, type FlagSpec } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { folderProblem } from './folder-problem.ts';
import { say, type CliIo } from './io.ts';
import { openMatch } from './open-match.ts';
import { PLAY_FLAGS, parsePlayRequest, type PlayRequest } from './play-request.ts';
import playGames from './play-games.json' with { type: 'json' };
import { playVariantOf, type ChosenEntry } from './play-variants.ts';
import { savedSeatsOf, type SavedSeats } from './saved-seats.ts';
import { timerWordsOf } from '../pack/game-pack.ts';

/** The protocol's limits for `TIMER <s>` (protocol v1: 1..3600), the turn clock's. */
export const TURN_CLOCK_SECONDS = { min: 1, max: 3600 } as const;

/** The flags of every table game beyond the shared ones (`PLAY_FLAGS`). */
const TABLE_FLAGS = {
  bot: { type: 'string' },
  as: { type: 'string' },
  'no-timer': { type: 'boolean' },
  'turn-clock': { type: 'string' },
  'table-dice': { type: 'boolean' },
} as const satisfies FlagSpec;

/** How often the time left is saved while a game's countdown runs on the timer (ms), besides every move and the moment the table leaves. */
const CHECKPOINT_EVERY_MS = 5000;

/** What a game says of its seats in the help and the errors, beyond its metadata (`play-games.json`). */
interface SeatWords {
  /** How the seats are ordered, e.g. "youngest first (the youngest starts)". */
  readonly order: string;
  /**
   * The options, one a seat, that `--players "Ana:hera"` sets after a name (their ids are this
   * prefix and the seat's number, e.g. "profile-" for `profile-1`..), or undefined: names only.
   */
  readonly seatOption?: string;
  /** What that option is called in the help and the errors, e.g. "Rebel profile". */
  readonly seatOptionWord?: string;
}

function seatWords(gameId: string): SeatWords {
  const words = (playGames as Record<string, Partial<SeatWords> | undefined>)[gameId];
  return {
    order: words?.order ?? 'in seat order (the first seat plays first)',
    ...(words?.seatOption === undefined ? {} : { seatOption: words.seatOption, seatOptionWord: words.seatOptionWord ?? 'choice' }),
  };
}

/** An option's flag: `--<id> VALUE` (a boolean option takes on or off). */
function optionFlags(options: readonly OptionSpec[]): FlagSpec {
  const spec: FlagSpec = {};
  for (const o of options) {
    if (o.id in PLAY_FLAGS || o.id in TABLE_FLAGS) throw new Error(`the option "${o.id}" has the name of a play flag`);
    spec[o.id] = { type: 'string' };
  }
  return spec;
}

/** A help line: the flag, then its text from column 22 (or after two spaces when the flag is longer). */
function flagLine(flag: string, text: string): string {
  const head = `  ${flag}`;
  return `${head.length + 2 <= 22 ? head.padEnd(22) : `${head}  `}${text}`;
}

function optionHelp(o: OptionSpec): string {
  const values = o.kind === 'boolean' ? 'on|off' : o.kind === 'choice' ? o.choices.join('|') : `${o.min}..${o.max}`;
  const shown = o.kind === 'boolean' ? (o.default ? 'on' : 'off') : String(o.default);
  return flagLine(`--${o.id} ${values}`, `${o.text} (default ${shown})`);
}

function optionValue(o: OptionSpec, text: string): OptionValue {
  switch (o.kind) {
    case 'boolean': {
      const word = text.toLowerCase();
      if (['on', 'yes', 'true'].includes(word)) return true;
      if (['off', 'no', 'false'].includes(word)) return false;
      throw new UsageError(`--${o.id} is on or off, got "${text}"`);
    }
    case 'choice':
      if (!o.choices.includes(text)) throw new UsageError(`--${o.id} must be one of ${o.choices.join(', ')}, got "${text}"`);
      return text;
    case 'number':
      return parseWhole(text, `--${o.id}`, o.min, o.max);
  }
}

/** A game's refusal of the table (its GameConfigError's message) as a usage error naming the flag to change. */
export function configUsage(message: string, options: readonly OptionSpec[]): string {
  // A set-up refusal that names its option first ("first-player: seat 3 is not at a table of 2")
  // is about that option's flag; any other is about the table, `--players`.
  const named = /^([a-z0-9-]+): ([\s\S]*)$/.exec(message);
  const option = named === null ? undefined : options.find((o) => o.id === named[1]);
  if (named !== null && option !== undefined) return `--${option.id}: ${inFlagWords(named[2] as string, options)}`;
  return `--players: ${inFlagWords(message, options)}`;
}

/**
 * The engine's words on options (`option "include-lose-the-game" set to true needs option "bonus"
 * set to true: ...`) as the flags a person types on this command line (`--include-lose-the-game on
 * needs --bonus on: ...`).
 */
export function inFlagWords(message: string, options: readonly OptionSpec[]): string {
  let text = message;
  for (const o of options) {
    const id = o.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text
      .replace(new RegExp(`option "${id}" set to (true|false|"[^"]*"|[0-9]+)`, 'g'), (_, value: string) => {
        const typed = value === 'true' ? 'on' : value === 'false' ? 'off' : value.replace(/^"|"$/g, '');
        return `--${o.id} ${typed}`;
      })
      .replace(new RegExp(`option "${id}"`, 'g'), `--${o.id}`);
  }
  return text;
}

/** `play <game> --help`, from the game's metadata and entry. */
export function tablePlayUsage(registered: RegisteredEntry): string {
  return registered.use((entry) => {
    const meta = entry.game.meta;
    const { min, max } = meta.players;
    const count = min === max ? `${min}` : `${min} to ${max}`;
    const words = seatWords(meta.id);
    const blurb = (playGames as Record<string, { blurb?: string } | undefined>)[meta.id]?.blurb;
    const choices = seatChoices(meta, words);
    const players =
      choices.length > 0
        ? [
            `  --players "Ana:${choices[2] ?? choices[0]},Ben"  the players' names, ${words.order}, ${count}, each with a`,
            `                      ${words.seatOptionWord} after a colon if wanted (${choices.join(', ')}; a player`,
            '                      without one gets the first one free); not with --resume',
          ]
        : [`  --players "Ana,Ben"  the players' names, ${words.order}, ${count}; not with --resume`];
    const own = playVariantOf(meta.id)?.help ?? [];
    const timer =
      entry.timer === null || entry.timer.kind === 'external'
        ? []
        : [
            '  --no-timer          play without a timer (the game is the same; no sounds, no turn clock)',
            ...(entry.timer.kind === 'device'
              ? [
                  `  --turn-clock S      a turn clock of S seconds (${TURN_CLOCK_SECONDS.min}..${TURN_CLOCK_SECONDS.max}) on the timer, restarted whenever people are to`,
                  '                      move; when it runs out they are reminded (nothing is played for them). Default: none',
                ]
              : []),
          ];
    return `usage: imperial-timer play ${meta.id} [flags]

${meta.title} at the table${blurb === undefined ? '.' : `: ${blurb}`}
${[...players, ...own].join('\n')}
  --seed N            the deal's and the virtual timer's seed, 0..4294967295 (default: random; told at the end
                      of a game with hidden cards, since it deals every hand)
  --port PATH         a real timer on this serial port (see \`npm run -s companion -- ports\`); --port auto:
                      the Imperial Timer plugged in on USB (the default when exactly one is)
  --baud N            with --port: the port's speed (default 115200, the timer's)
  --pty               the built-in virtual timer behind a pseudo-terminal (through the serial stack)
                      (neither: the one Imperial Timer plugged in on USB, else the built-in virtual
                      timer, in this process)
${timer.join('\n')}${timer.length > 0 ? '\n' : ''}  --save FILE         the save file (default ~/.imperial-timer/${meta.id}.save.json), written after every move
  --resume            continue the saved game (after a crash, a pulled cable, a closed window)
  --new               start a new game even though an unfinished one is saved (it is kept as
                      FILE.kept-<time>.json, and the message says how to continue it)
  --json              a JSON object per line on stdout; menu numbers or moves as JSON lines on stdin
  --as NAME           with --json: the stream of NAME's seat only (every other seat is a bot)
  --bots all|NAMES    seats the companion's bots play, e.g. --bots all or --bots Ben (with --resume:
                      instead of the saved seats)
${flagLine(`--bot ${entry.bots.map((b) => b.id).join('|')}`, '')}how the bots play (default ${entry.defaultBot}): ${entry.bots.map((b) => `${b.id} ${b.text}`).join('; ')}
  --bot-delay MS      pause before each bot move (default 700, 0 with --json)
${
  meta.dice === true
    ? `  --table-dice        roll the game's dice at the table and type the faces in (secret draws stay the
                      companion's)
`
    : ''
}${meta.options.map(optionHelp).join('\n')}${meta.options.length > 0 ? '\n' : ''}  --help              this text`;
  });
}

/** The choices of a seat option (`--players "Ana:hera"`), from seat 1's option; empty when the game has none. */
function seatChoices(meta: { readonly options: readonly OptionSpec[] }, words: SeatWords): readonly string[] {
  const first = words.seatOption === undefined ? undefined : meta.options.find((o) => o.id === `${words.seatOption}1`);
  return first?.kind === 'choice' ? first.choices : [];
}

/** `--players "Ana,Ben,Cy"` (or `"Ana:hera,Ben"` where a seat takes an option): names in seat order, distinct, as many as the game seats. */
function parseNames(
  text: string | undefined,
  meta: { readonly title: string; readonly players: { min: number; max: number }; readonly options: readonly OptionSpec[] },
  words: SeatWords,
): { names: string[]; seatOptions: Record<string, string> } {
  const { min, max } = meta.players;
  const choices = seatChoices(meta, words);
  const example = choices.length > 0 ? `--players "Ana:${choices[2] ?? choices[0]},Ben"` : '--players "Ana,Ben,Cy"';
  const count = min === max ? `${min}` : `${min} to ${max}`;
  if (text === undefined || text.trim() === '') {
    const what =
      choices.length > 0
        ? `the players' names, each with a ${words.seatOptionWord} after a colon if wanted (${words.seatOptionWord}s: ${choices.join(', ')})`
        : "the players' names";
    throw new UsageError(`--players is required: ${what}, ${words.order}, ${count}, e.g. ${example}`);
  }
  if (/^\s*[0-9]+\s*$/.test(text)) {
    throw new UsageError(`--players takes the players' names, not how many there are: ${words.order}, ${count}, e.g. ${example}`);
  }
  const parts = text.split(',').map((s) => s.trim());
  const names: string[] = [];
  const seatOptions: Record<string, string> = {};
  parts.forEach((part, i) => {
    const [name = '', choice, extra] = part.split(':').map((s) => s.trim());
    if (name === '') throw new UsageError(`--players: name ${i + 1} is empty; give each player a name, e.g. ${example}`);
    if (choice !== undefined && choices.length === 0)
      throw new UsageError(`--players: "${part}": ${meta.title} seats have names only (no profiles), e.g. ${example}`);
    if (extra !== undefined || choice === '') throw new UsageError(`--players: "${part}" is not name or name:${words.seatOptionWord}, e.g. ${example}`);
    if (choice !== undefined) {
      const id = choice.toLowerCase();
      if (!choices.includes(id)) throw new UsageError(`--players: ${name}'s ${words.seatOptionWord} "${choice}" is not one of ${choices.join(', ')}`);
      seatOptions[`${words.seatOption}${i + 1}`] = id;
    }
    names.push(name);
  });
  const lower = names.map((n) => n.toLowerCase());
  const twice = lower.find((n, i) => lower.indexOf(n) !== i);
  if (twice !== undefined) throw new UsageError(`--players: the name "${twice}" is given twice; each player needs a different name`);
  if (names.length < min || names.length > max) throw new UsageError(`--players: ${meta.title} is played by ${count} players, got ${names.length}`);
  return { names, seatOptions };
}

/**
 * Every seat's option, for `seats` seats: the ones given (`--players`, then `--<option>N`, which
 * may not say it twice), each of the others the first choice no other seat has, so that a seat
 * given one never clashes with another's default. Two seats given the same is an error.
 */
function seatOptionsFor(
  seats: number,
  given: Readonly<Record<string, string>>,
  flags: Readonly<Record<string, OptionValue>>,
  choices: readonly string[],
  words: SeatWords,
): Record<string, string> {
  const prefix = words.seatOption as string;
  const chosen: Record<string, string> = {};
  for (let i = 1; i <= seats; i++) {
    const id = `${prefix}${i}`;
    const fromFlag = flags[id];
    if (given[id] !== undefined && fromFlag !== undefined)
      throw new UsageError(`--${id}: seat ${i}'s ${words.seatOptionWord} is given in --players already; leave one out`);
    const value = given[id] ?? (fromFlag === undefined ? undefined : String(fromFlag));
    if (value === undefined) continue;
    const other = Object.keys(chosen).find((k) => chosen[k] === value);
    if (other !== undefined)
      throw new UsageError(
        `--players: seats ${other.slice(prefix.length)} and ${i} both have the ${words.seatOptionWord} "${value}"; each player needs a different one`,
      );
    chosen[id] = value;
  }
  const taken = new Set(Object.values(chosen));
  for (let i = 1; i <= seats; i++) {
    const id = `${prefix}${i}`;
    if (chosen[id] !== undefined) continue;
    const free = choices.find((c) => !taken.has(c));
    if (free === undefined) break; // more seats than choices: the game's set-up says so
    chosen[id] = free;
    taken.add(free);
  }
  return chosen;
}

/**
 * The timer flags a game does not take (`tableFlags` refuses them in words): --no-timer and
 * --turn-clock go with a game that uses the timer as its sound box only; a game on the timer's
 * countdown needs the timer, and a game without one has neither.
 */
function refusedTimerFlags(kind: 'external' | 'device' | null): readonly string[] {
  return kind === 'device' ? [] : ['no-timer', 'turn-clock'];
}

/** The table flags, checked against the entry (a UsageError names what is wrong). */
interface TableFlags {
  readonly bot: string | undefined;
  readonly as: string | undefined;
  readonly noTimer: boolean;
  readonly turnSeconds: number | null;
  readonly tableDice: boolean;
  readonly options: Readonly<Record<string, OptionValue>>;
  /** The options given as flags (before the defaults). */
  readonly chosen: Readonly<Record<string, OptionValue>>;
}

function tableFlags<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, request: PlayRequest): TableFlags {
  const flags = request.gameFlags;
  const text = (key: string): string | undefined => (typeof flags[key] === 'string' ? (flags[key] as string) : undefined);
  const noTimer = flags['no-timer'] === true;
  if (noTimer && request.timerKind !== 'virtual') {
    throw new UsageError(`--no-timer and --${request.timerKind} exclude each other: --${request.timerKind} chooses the timer to play with`);
  }
  if (noTimer && entry.timer === null) throw new UsageError(`--no-timer: ${entry.game.meta.title} does not use the timer anyway; leave it out`);
  if (noTimer && entry.timer?.kind === 'external') {
    throw new UsageError(
      `--no-timer: ${entry.game.meta.title} is played on the timer's countdown, so it needs a timer: a real one (--port PATH) or the built-in one (no flag)`,
    );
  }
  const clock = text('turn-clock');
  if (clock !== undefined && noTimer) throw new UsageError('--turn-clock runs on the timer: it cannot go with --no-timer');
  if (clock !== undefined && entry.timer?.kind !== 'device') {
    throw new UsageError(
      `--turn-clock: in ${entry.game.meta.title} the timer ${entry.timer === null ? 'is not used' : "runs the game's own clock"}; leave it out`,
    );
  }
  if (flags['table-dice'] === true && entry.game.meta.dice !== true) {
    throw new UsageError(
      `--table-dice: ${entry.game.meta.title} has no dice to roll at the table (its shuffles and draws are secret: the companion makes them); leave it out`,
    );
  }
  const bot = text('bot');
  if (bot !== undefined && !entry.bots.some((b) => b.id === bot)) {
    throw new UsageError(`--bot must be one of ${entry.bots.map((b) => b.id).join(', ')}, got "${bot}"`);
  }
  const as = text('as');
  if (as !== undefined && !request.json) throw new UsageError('--as goes with --json: it chooses whose seat the JSON stream is told from');
  const chosen: Record<string, OptionValue> = {};
  for (const o of entry.game.meta.options) {
    const value = text(o.id);
    if (value !== undefined) chosen[o.id] = optionValue(o, value);
  }
  if (request.resume && Object.keys(chosen).length > 0) {
    throw new UsageError(`--${Object.keys(chosen)[0]}: the options are taken from the saved game with --resume; leave them out`);
  }
  let options: Readonly<Record<string, OptionValue>>;
  try {
    options = resolveOptions(entry.game.meta, chosen);
  } catch (error) {
    if (error instanceof GameConfigError) throw new UsageError(inFlagWords(error.message, entry.game.meta.options));
    throw error;
  }
  return {
    bot,
    as,
    noTimer,
    turnSeconds: clock === undefined ? null : parseWhole(clock, '--turn-clock', TURN_CLOCK_SECONDS.min, TURN_CLOCK_SECONDS.max),
    tableDice: flags['table-dice'] === true,
    options,
    chosen,
  };
}

/** This program's hold on the save file (one companion per save), and the leftovers of an interrupted save cleaned up. */
function takeSaveLock(savePath: string, command: string, home: string): { lock: SaveLock; notes: string[] } {
  let lock: SaveLock;
  try {
    lock = lockSave(savePath, command);
  } catch (error) {
    if (error instanceof SaveLockedError) throw new CommandFailure(error.message);
    // The lock is the first thing written beside the save: a folder that cannot be written is told as such, not as the lock's file.
    const folder = dirname(savePath);
    throw new CommandFailure(
      `cannot save the game in ${folder}: ${folderProblem(folder, error)}. Nothing was written; choose a folder you may write in with --save FILE, e.g. --save ${join(home, '.imperial-timer', basename(savePath))}.`,
    );
  }
  const notes: string[] = [];
  const stale = lock.tookOverFrom;
  if (stale !== undefined) {
    notes.push(
      `The save file's lock was left by ${stale.command} (process ${stale.pid}, started ${stale.started}), which is no longer running; this companion took it over.`,
    );
  }
  removeLeftoverTemps(savePath);
  return { lock, notes };
}

/** Whom the bots play: `--bots` names, or every seat but the `--as` one; checked against each other. */
function botNames(names: readonly string[], request: PlayRequest, as: string | undefined): string[] | undefined {
  const chosen = request.bots === undefined ? undefined : parseBots(request.bots, names);
  if (as === undefined) return chosen;
  const seat = names.find((n) => n.toLowerCase() === as.toLowerCase());
  if (seat === undefined) throw new UsageError(`--as: "${as}" is not at the table; the players are ${names.join(', ')}`);
  if (chosen?.includes(seat)) throw new UsageError(`--as ${seat}: that seat is given to the bots with --bots; the stream's own seat is played from the input`);
  return names.filter((n) => n !== seat);
}

/** The entry as registered, for a game without flags of its own. */
function plainChoice(registered: RegisteredEntry): ChosenEntry {
  return { registered, fitTimer: async () => [] };
}

/** Runs `play <game>` for a game of the table front end; resolves with the exit code. */
export async function playTable(registered: RegisteredEntry, argv: readonly string[], io: CliIo): Promise<number> {
  const variant = playVariantOf(registered.id);
  const request = registered.use((entry) =>
    parsePlayRequest(
      registered.id,
      argv,
      io.home,
      { ...TABLE_FLAGS, ...optionFlags(entry.game.meta.options), ...(variant?.flags ?? {}) },
      refusedTimerFlags(entry.timer?.kind ?? null),
    ),
  );
  if (request === 'help') {
    say(io.stdout, tablePlayUsage(registered));
    return 0;
  }
  const chosen = variant?.choose(request.gameFlags) ?? plainChoice(registered);
  return chosen.registered.use((entry) => playEntry(entry, request, chosen, io));
}

async function playEntry<Config, State, Move extends MoveBase, View, Event>(
  gameEntry: TableEntry<Config, State, Move, View, Event>,
  request: PlayRequest,
  chosen: ChosenEntry,
  io: CliIo,
): Promise<number> {
  const game = gameEntry.game;
  const id = game.meta.id;
  const flags = tableFlags(gameEntry, request);
  // Without a timer, the game's binding is left out: no sounds are sent, nor shown as sent.
  const entry: TableEntry<Config, State, Move, View, Event> = flags.noTimer ? { ...gameEntry, timer: null } : gameEntry;
  const timerWanted = gameEntry.timer !== null && !flags.noTimer;
  const words = seatWords(id);
  const command = `play ${id}`;

  // A new game's table is checked before anything on disk is touched.
  let names: string[] | undefined;
  let bots: string[] | undefined;
  let options = flags.options;
  if (!request.resume) {
    const parsed = parseNames(request.players, game.meta, words);
    names = parsed.names;
    bots = botNames(names, request, flags.as);
    const choices = seatChoices(game.meta, words);
    if (choices.length > 0) {
      try {
        options = resolveOptions(game.meta, { ...flags.chosen, ...seatOptionsFor(names.length, parsed.seatOptions, flags.chosen, choices, words) });
      } catch (error) {
        if (error instanceof GameConfigError) throw new UsageError(inFlagWords(error.message, game.meta.options));
        throw error;
      }
    }
  }

  const held = takeSaveLock(request.savePath, command, io.home);
  let connection: TimerConnection | null = null;
  let host: TableHost<Config, State, Move, View, Event> | undefined;
  let leaveTerminal = (): void => undefined;
  try {
    const opened = openMatch(
      game,
      { ...request, notes: [...request.notes, ...held.notes] },
      {
        config: () => entry.configFor(names ?? [], options),
        configUsage: (message) => configUsage(message, game.meta.options),
        describeStop: (state) =>
          game
            .prompt(state, TABLE)
            .replace(/\.$/, '')
            .replace(/^./, (c) => c.toLowerCase()),
      },
    );
    const warnings = opened.warnings;
    const seed = opened.match.log.seed;
    let seats: SeatPlan[];
    if (opened.resumed) {
      const saved: SavedSeats = savedSeatsOf(opened.table, request.savePath);
      const seatNames = saved.seats.map((s) => s.name);
      const override = botNames(seatNames, request, flags.as);
      const bot = flags.bot;
      seats = saved.seats.map((s) => {
        const played = override === undefined ? s.bot !== null : override.includes(s.name);
        return { name: s.name, bot: played ? (bot ?? s.bot ?? entry.defaultBot) : null };
      });
      // The table's part is written again when it changed (a backup put back in place, --bots or
      // --bot changed): the file before is kept as the backup.
      const table = { seats, botRng: saved.botRng, chance: flags.tableDice ? 'table' : saved.chance };
      if (JSON.stringify(opened.table) !== JSON.stringify(table) || !savedInPlace(game, request.savePath)) {
        writeSave(game, request.savePath, opened.match.log, { table });
      }
    } else {
      const botSeats = bots ?? [];
      seats = (names ?? []).map((name) => ({ name, bot: botSeats.includes(name) ? (flags.bot ?? entry.defaultBot) : null }));
    }

    if (timerWanted) {
      try {
        connection = await connectTimer(request.timer(request.seed ?? seed), { askWhichTimer: whichTimerAsker(io, request.json) });
      } catch (error) {
        throw new CommandFailure(timerFailure(error, entry.timer?.kind === 'device', opened.moved));
      }
      warnings.push(...(await chosen.fitTimer(connection, timerWordsOf(request.timer(seed)))));
    }
    try {
      mkdirSync(dirname(request.savePath), { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new CommandFailure(
        `cannot create the folder for the save file ${request.savePath}: ${(error as Error).message}. Choose another place with --save FILE.`,
      );
    }

    // The host takes the save's lock itself: this program's is handed over (released, then taken
    // again at once, with nothing in between).
    held.lock.release();
    const hostOptions = {
      savePath: request.savePath,
      command,
      ...(flags.tableDice || !opened.resumed ? { chance: flags.tableDice ? ('table' as const) : ('sample' as const) } : {}),
      timer: connection?.link ?? null,
      turnSeconds: flags.turnSeconds,
      botDelayMs: request.botDelayMs ?? (request.json ? 0 : 700),
      // A game on the timer's countdown: the built-in timer's buttons may be pressed from here, its
      // time is counted on its own clock, and the time left is saved now and then.
      assist: connection?.assist ?? false,
      ...(connection === null ? {} : { now: connection.now }),
      checkpointEveryMs: CHECKPOINT_EVERY_MS,
      // Pass-and-play counts each person's time in a quick window from when their screen shows;
      // the JSON stream's readers see the host's one countdown at once.
      windowClock: request.json ? ('host' as const) : ('front-end' as const),
    };
    try {
      host = opened.resumed ? TableHost.resume(entry, hostOptions).host : TableHost.start(entry, { seats, options, seed }, hostOptions).host;
    } catch (error) {
      if (error instanceof SaveLockedError || error instanceof TableHostError) throw new CommandFailure(error.message);
      if (error instanceof GameConfigError) throw new UsageError(configUsage(error.message, game.meta.options));
      throw error;
    }

    if (connection !== null && (connection.status.state === 'running' || connection.status.state === 'paused') && entry.timer?.kind === 'device') {
      warnings.push('The timer is running a Rebel Missions countdown; it will not play sounds for this game until that countdown ends or is reset.');
    }
    // A game on the timer's countdown catches up with the timer's STATUS before anyone plays (its
    // countdown may have gone on while the table was away, or been lost); what it finds is told
    // with the opening notes.
    if (connection !== null && entry.timer?.kind === 'external') {
      const stopListening = host.subscribe(TABLE, (update) => {
        if (update.kind === 'note') warnings.push(update.text);
      });
      try {
        await host.syncTimer();
      } catch (error) {
        warnings.push(`The timer's STATUS could not be read (${error instanceof Error ? error.message : String(error)}); play goes on.`);
      } finally {
        stopListening();
      }
    }
    const botSeats = host.seats.filter((s) => s.bot !== null);
    const timerLine = connection
      ? `Timer: ${connection.hello.name} firmware ${connection.hello.firmware}, ${connection.port !== undefined ? `on the serial port ${connection.port}` : 'the built-in virtual timer'}${connection.ptyPath ? ` behind the pseudo-terminal ${connection.ptyPath}` : ''}${entry.timer?.kind === 'device' ? `, as the table's sound box${flags.turnSeconds === null ? '' : ` and a ${flags.turnSeconds} s turn clock`} (each sound it plays is shown here too)` : ''}.`
      : gameEntry.timer === null
        ? null
        : 'No timer: the game plays the same, without sounds or a turn clock.';
    const intro = [
      ...(timerLine === null ? [] : [timerLine]),
      `Saved after every move in ${request.savePath}${opened.resumed ? ' (resumed)' : ''}.`,
      // The seed deals every hand: telling it during the game would tell everyone every card.
      ...(game.meta.hiddenInformation
        ? ['The deal is secret: its seed is told when the game ends, to deal the same game again with --seed.']
        : [`Seed ${seed}: --seed ${seed} deals the same game again.`]),
      ...botSeats.map((s) => `Bot (${s.bot}) plays ${s.name}.`),
    ];
    const seedInfo = { seed };

    const frontEnd = { input: io.stdin, output: io.stdout, tty: !request.json && io.stdoutIsTty };
    const asSeat = flags.as === undefined ? null : (host.seats.find((s) => s.name.toLowerCase() === flags.as?.toLowerCase())?.id ?? null);
    if (flags.as !== undefined && asSeat === null) {
      throw new UsageError(`--as: "${flags.as}" is not at the table; the players are ${host.seats.map((s) => s.name).join(', ')}`);
    }
    let ended: Promise<FrontEndEnd>;
    // Ctrl-C, a timer gone for good or an error end the terminal from outside: it clears a private screen first.
    const leave = new AbortController();
    leaveTerminal = () => leave.abort();
    if (request.json) {
      ended = runTableJson(host, frontEnd, {
        as: asSeat,
        notes: warnings,
        resumed: opened.resumed,
        startInfo: {
          timer: connection
            ? {
                name: connection.hello.name,
                firmware: connection.hello.firmware,
                kind: connection.port !== undefined ? 'port' : request.timerKind,
                ...(connection.ptyPath ? { pty: connection.ptyPath } : {}),
              }
            : null,
          turnClock: flags.turnSeconds,
          // The seed deals nothing secret in a game without hidden information: told at the start, as on the terminal.
          ...(game.meta.hiddenInformation ? {} : { seed }),
          savePath: request.savePath,
          intro,
        },
        resultInfo: () => seedInfo,
      });
    } else {
      ended = runTableTerminal(host, frontEnd, { intro, notes: warnings, holdIntro: true, leave: leave.signal });
    }
    // The first turn's clock (or a resumed game's), once the front end listens and the opening (a deal) is played.
    const started = host;
    if (flags.turnSeconds !== null) void started.settled().then(() => started.startTurnClock());
    const failed = connection?.failed ?? new Promise<Error>(() => undefined);
    const how: FrontEndEnd | Error = await Promise.race([ended, io.interrupted.then((): FrontEndEnd => 'quit'), failed]);
    leave.abort();
    const over = host.result.finished;
    await host.close();
    host = undefined;
    if (how instanceof Error) {
      throw new CommandFailure(
        `${how.message}. The game is saved in ${request.savePath}; continue it with --resume${entry.timer?.kind === 'device' ? ' (or without the timer: --resume --no-timer)' : ''}.`,
      );
    }
    if (over && !request.json) say(io.stdout, `Seed ${seed}: --seed ${seed} deals the same game again.`);
    if (!over) {
      if (request.json) say(io.stderr, `The game is saved in ${request.savePath}; continue with --resume.`);
      else say(io.stdout, `The game is saved in ${request.savePath}. Continue it later with --resume.`);
    }
    return 0;
  } finally {
    leaveTerminal();
    held.lock.release();
    await host?.close();
    await connection?.close();
  }
}

/**
 * Why the game cannot start on the timer, what else to try, and what was moved aside to make way
 * for it (an unfinished game kept under a name of its own with --new, a damaged save): the
 * players must hear where those files went even though the game never started.
 */
function timerFailure(error: unknown, canPlayWithout: boolean, moved: readonly string[]): string {
  const reason = (error instanceof Error ? error.message : String(error)).trim();
  const sentence = /[.)!?]$/.test(reason) ? reason : `${reason}.`;
  return [`cannot reach the timer: ${sentence}`, ...(canPlayWithout ? ['Play without it with --no-timer.'] : []), ...moved].join(' ');
}

/** Whether the save file itself (not only its backup) holds the game. */
function savedInPlace(game: Parameters<typeof readSave>[0], path: string): boolean {
  try {
    readSave(game, path, { mentionBackup: false });
    return true;
  } catch {
    return false;
  }
}
