// `imperial-timer play secret-invasion`: sets up the table (a new game or the saved one), opens
// the timer as a table device (or none with --no-timer), binds them in a session, seats the
// bots, and hands the table to the pass-and-play terminal or the JSON stream.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBot } from '../engine/index.ts';
import { botsTable } from '../companion/saved-bots.ts';
import { BotSeats, type SecretInvasionBot } from '../companion/secret-invasion/bot-seats.ts';
import { SecretInvasionSession, type SecretInvasionMatch } from '../companion/secret-invasion/session.ts';
import { connectTimer, type TimerConnection } from '../companion/timer-connection.ts';
import { STANDARD_DECK } from '../games/secret-invasion/deck.ts';
import { secretInvasion } from '../games/secret-invasion/game.ts';
import type { SecretInvasionConfig } from '../games/secret-invasion/model.ts';
import { TURN_SECONDS } from '../games/secret-invasion/timer-commands.ts';
import { trackingBot } from '../games/secret-invasion/tracking-bot.ts';
import type { FrontEndEnd } from '../ui/front-end.ts';
import { runSecretInvasionStream } from '../ui/json/secret-invasion-stream.ts';
import { runSecretInvasionLoop } from '../ui/terminal/secret-invasion/table-loop.ts';
import { parseWhole, UsageError, type FlagSpec } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { say, type CliIo } from './io.ts';
import { openMatch } from './open-match.ts';
import { tableBots } from './table-bots.ts';
import type { PlayRequest } from './play-request.ts';

export const SECRET_INVASION_FLAGS = {
  'turn-clock': { type: 'string' },
  'no-timer': { type: 'boolean' },
  bot: { type: 'string' },
  as: { type: 'string' },
} as const satisfies FlagSpec;

export const SECRET_INVASION_HELP = `  --players "Ana,Ben,Cy"  the players' names, youngest first (the youngest starts), 2 to 4; not with --resume
  --turn-clock S          a turn clock of S seconds (${TURN_SECONDS.min}..${TURN_SECONDS.max}) on the timer, restarted at every turn; when
                          it runs out the player is reminded (nothing is played for them). Default: none
  --no-timer              play without a timer (the game is the same; no sounds, no turn clock)
  --bot tracking|random   how the bots play (default tracking: it counts the cards it has seen)
  --as NAME               with --json: the stream of NAME's seat only (every other seat is a bot)`;

const BOT_KINDS = ['tracking', 'random'] as const;
type BotKind = (typeof BOT_KINDS)[number];
const isBotKind = (text: string | undefined): text is BotKind => (BOT_KINDS as readonly (string | undefined)[]).includes(text);

export interface SecretInvasionOptions {
  readonly turnSeconds: number | null;
  readonly noTimer: boolean;
  /** --bot as given; undefined when not given (the saved game's bot, or tracking). */
  readonly bot: BotKind | undefined;
  readonly as: string | undefined;
}

/** This game's own flags, checked (a UsageError names what is wrong). */
export function secretInvasionOptions(request: PlayRequest): SecretInvasionOptions {
  const flags = request.gameFlags;
  const text = (key: string): string | undefined => (typeof flags[key] === 'string' ? (flags[key] as string) : undefined);
  const clock = text('turn-clock');
  const noTimer = flags['no-timer'] === true;
  if (noTimer && request.timerKind !== 'virtual') {
    throw new UsageError(`--no-timer and --${request.timerKind} exclude each other: --${request.timerKind} chooses the timer to play with`);
  }
  if (clock !== undefined && noTimer) throw new UsageError('--turn-clock runs on the timer: it cannot go with --no-timer');
  const bot = text('bot');
  if (bot !== undefined && !isBotKind(bot)) throw new UsageError(`--bot must be one of ${BOT_KINDS.join(', ')}, got "${bot}"`);
  const as = text('as');
  if (as !== undefined && !request.json) throw new UsageError('--as goes with --json: it chooses whose seat the JSON stream is told from');
  return {
    turnSeconds: clock === undefined ? null : parseWhole(clock, '--turn-clock', TURN_SECONDS.min, TURN_SECONDS.max),
    noTimer,
    bot,
    as,
  };
}

/** `--players "Ana,Ben,Cy"`: names, youngest first, distinct. */
export function parseSecretInvasionPlayers(text: string | undefined): SecretInvasionConfig {
  const example = '--players "Ana,Ben,Cy"';
  if (text === undefined || text.trim() === '') throw new UsageError(`--players is required: the players' names, youngest first (2 to 4), e.g. ${example}`);
  const names = text.split(',').map((s) => s.trim());
  const blank = names.indexOf('');
  if (blank >= 0) throw new UsageError(`--players: name ${blank + 1} is empty; give each player a name, e.g. ${example}`);
  const profiled = names.find((n) => n.includes(':'));
  if (profiled !== undefined) throw new UsageError(`--players: "${profiled}": Secret Invasion seats have names only (no profiles), e.g. ${example}`);
  const lower = names.map((n) => n.toLowerCase());
  const twice = lower.find((n, i) => lower.indexOf(n) !== i);
  if (twice !== undefined) throw new UsageError(`--players: the name "${twice}" is given twice; each player needs a different name`);
  const { min, max } = STANDARD_DECK.rules.players;
  if (names.length < min || names.length > max) throw new UsageError(`--players: Secret Invasion is played by ${min} to ${max} players, got ${names.length}`);
  return { players: names.map((name) => ({ name })) };
}

function describeStop(state: SecretInvasionMatch['state']): string {
  return `round ${state.round}, turn ${state.turn}; tokens ${state.seats.map((s) => `${s.name} ${s.tokens}`).join(', ')}`;
}

export async function playSecretInvasion(request: PlayRequest, io: CliIo): Promise<number> {
  const options = secretInvasionOptions(request);
  const opened = openMatch(secretInvasion, request, {
    config: () => parseSecretInvasionPlayers(request.players),
    describeStop,
  });
  const { match, warnings, resumed } = opened;
  const seed = match.log.seed;
  const seats = match.state.seats;
  const names = seats.map((s) => s.name);
  const seated = tableBots(opened, request, seats);
  let botNames = seated.botNames;
  const botKind: BotKind = options.bot ?? (isBotKind(seated.savedKind) ? seated.savedKind : 'tracking');
  let viewer: string | null = null;
  if (options.as !== undefined) {
    const wanted = options.as.toLowerCase();
    const seat = seats.find((s) => s.name.toLowerCase() === wanted);
    if (!seat) throw new UsageError(`--as: "${options.as}" is not at the table; the players are ${names.join(', ')}`);
    if (botNames.includes(seat.name))
      throw new UsageError(`--as ${seat.name}: that seat is given to the bots with --bots; the stream's own seat is played from the input`);
    viewer = seat.id;
    botNames = names.filter((n) => n !== seat.name);
  }
  const botSeats = seats.filter((s) => botNames.includes(s.name)).map((s) => s.id);
  const humans = seats.filter((s) => !botSeats.includes(s.id)).map((s) => s.id);

  let connection: TimerConnection | null = null;
  if (!options.noTimer) {
    try {
      connection = await connectTimer(request.timer(request.seed ?? seed));
    } catch (error) {
      throw new CommandFailure(`cannot reach the timer: ${error instanceof Error ? error.message : String(error)}. Play without it with --no-timer.`);
    }
  }
  try {
    mkdirSync(dirname(request.savePath), { recursive: true });
  } catch (error) {
    await connection?.close();
    throw new CommandFailure(
      `cannot create the folder for the save file ${request.savePath}: ${(error as Error).message}. Choose another place with --save FILE.`,
    );
  }

  const session = new SecretInvasionSession({ match, timer: connection?.link ?? null, savePath: request.savePath, turnSeconds: options.turnSeconds });
  if (connection !== null && (connection.status.state === 'running' || connection.status.state === 'paused')) {
    warnings.push(`The timer is running a Rebel Missions countdown; it will not play sounds for this game until that countdown ends or is reset.`);
  }
  const timerLine = connection
    ? `Timer: ${connection.hello.name} firmware ${connection.hello.firmware}, ${request.timerKind === 'port' ? 'on the serial port' : 'the built-in virtual timer'}${connection.ptyPath ? ` behind the pseudo-terminal ${connection.ptyPath}` : ''}, as the table's sound box${options.turnSeconds === null ? '' : ` and a ${options.turnSeconds} s turn clock`} (each sound it plays is shown here too).`
    : 'No timer: the game plays the same, without sounds or a turn clock.';
  const intro = [
    timerLine,
    `Saved after every move in ${request.savePath}${resumed ? ' (resumed)' : ''}.`,
    // The seed deals every hand: telling it during the game would tell everyone every card.
    'The deal is secret: its seed is told when the game ends, to deal the same game again with --seed.',
    ...(botSeats.length > 0 ? [`Bots (${botKind}) play ${botNames.join(', ')}.`] : []),
  ];
  const bot: SecretInvasionBot = botKind === 'random' ? randomBot() : trackingBot();
  const bots = new BotSeats(session, {
    seats: botSeats,
    bot,
    delayMs: request.botDelayMs ?? (request.json ? 0 : 700),
    seed,
    ...(seated.rng === undefined ? {} : { rng: seated.rng }),
  });
  session.saveTableWith(() => botsTable({ seats: botSeats, kind: botKind, rng: bots.rngState }));
  const frontEnd = { input: io.stdin, output: io.stdout, tty: !request.json && io.stdoutIsTty };
  void session.begin();
  let ended: Promise<FrontEndEnd>;
  if (request.json) {
    ended = runSecretInvasionStream(
      {
        session,
        humans,
        viewer,
        intro,
        warnings,
        startInfo: {
          game: secretInvasion.id,
          title: secretInvasion.title,
          players: seats.map((s) => ({ id: s.id, name: s.name, bot: botSeats.includes(s.id) })),
          timer: connection
            ? {
                name: connection.hello.name,
                firmware: connection.hello.firmware,
                kind: request.timerKind,
                ...(connection.ptyPath ? { pty: connection.ptyPath } : {}),
              }
            : null,
          turnClock: options.turnSeconds,
          savePath: request.savePath,
          resumed,
        },
      },
      frontEnd,
    );
    bots.kick();
  } else {
    ended = runSecretInvasionLoop({ session, humans, bots, intro, warnings }, frontEnd);
  }
  const failed = connection?.failed ?? new Promise<Error>(() => undefined);
  const how: FrontEndEnd | Error = await Promise.race([ended, io.interrupted.then((): FrontEndEnd => 'quit'), failed]);
  bots.stop();
  if (!(how instanceof Error)) await session.whenSent();
  session.close();
  await connection?.close();
  if (how instanceof Error)
    throw new CommandFailure(
      `${how.message}. The game is saved in ${request.savePath}; continue it with --resume (or without the timer: --resume --no-timer).`,
    );
  if (how === 'quit' && !session.over && request.json) say(io.stderr, `The game is saved in ${request.savePath}; continue with --resume.`);
  return 0;
}
