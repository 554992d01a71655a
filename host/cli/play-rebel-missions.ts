// `imperial-timer play rebel-missions`: sets up the table (a new game or the saved one), opens
// the timer, binds them in a session, seats the bots, and hands the table to the terminal
// interface or the JSON stream.

import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { BotTable } from '../companion/rebel-missions/bot-table.ts';
import { botRngFor, botsTable } from '../companion/saved-bots.ts';
import { RebelMissionsSession, type RebelMatch } from '../companion/rebel-missions/session.ts';
import { connectTimer, type TimerConnection } from '../companion/timer-connection.ts';
import { rebelMissions, STANDARD_COMPONENTS, type RebelMissionsConfig } from '../games/rebel-missions/index.ts';
import { fitTimerToPack, gamePackFor, gamePackFromFlag, timerWordsOf, type GamePack } from '../pack/game-pack.ts';
import type { FrontEndEnd, TableSetup } from '../ui/front-end.ts';
import { runJsonStream } from '../ui/json/rebel-missions-stream.ts';
import { runTableLoop } from '../ui/terminal/rebel-missions/table-loop.ts';
import { parsePlayers } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import { openMatch as openGameMatch, type OpenedMatch } from './open-match.ts';
import { tableBots } from './table-bots.ts';
import { say, type CliIo } from './io.ts';
import type { PlayRequest } from './play-request.ts';

export const PROFILE_IDS = STANDARD_COMPONENTS.profiles.map((p) => p.id);

/** How often the time left is saved while the countdown runs (ms), besides every move and the moment the table leaves. */
const CHECKPOINT_EVERY_MS = 5000;

export { CommandFailure };

function describeStop(match: RebelMatch['state']): string {
  return `turn ${match.turnNumber}, ${match.codesFound} code${match.codesFound === 1 ? '' : 's'} found`;
}

/** The match to play: the saved one (--resume) or a new one; warnings for the players. */
export function openMatch(
  request: PlayRequest,
  freshSeed: () => number = () => randomInt(0, 0xffff_ffff),
  gamePack: GamePack = gamePackFor(undefined),
): OpenedMatch<RebelMissionsConfig, RebelMatch['state'], RebelMatch['log']['moves'][number]> {
  return openGameMatch(gamePack.game, request, {
    config: () => ({ players: parsePlayers(request.players, PROFILE_IDS), ...(gamePack.identity ? { pack: gamePack.identity } : {}) }),
    describeStop,
    freshSeed,
  });
}

export async function playRebelMissions(request: PlayRequest, io: CliIo): Promise<number> {
  const gamePack = gamePackFromFlag(request.gameFlags['pack']);
  const opened = openMatch(request, undefined, gamePack);
  const { match, warnings, resumed } = opened;
  const seed = match.log.seed;
  const seated = tableBots(opened, request, match.state.seats);
  const { botSeats, botNames } = seated;
  const humans = match.state.seats.filter((s) => !botSeats.includes(s.id)).map((s) => s.id);

  let connection: TimerConnection;
  try {
    connection = await connectTimer(request.timer(request.seed ?? seed));
  } catch (error) {
    throw new CommandFailure(`cannot reach the timer: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    mkdirSync(dirname(request.savePath), { recursive: true });
  } catch (error) {
    await connection.close();
    throw new CommandFailure(
      `cannot create the folder for the save file ${request.savePath}: ${(error as Error).message}. Choose another place with --save FILE.`,
    );
  }

  warnings.push(...(await fitTimerToPack(connection, gamePack, timerWordsOf(request.timer(seed)))));
  const session = new RebelMissionsSession({
    match,
    timer: connection.link,
    savePath: request.savePath,
    assist: connection.assist,
    game: gamePack.game,
    now: connection.now,
    // A crash loses at most this much of the time that passed.
    checkpointEveryMs: CHECKPOINT_EVERY_MS,
  });
  let bots: BotTable | undefined;
  session.saveTableWith(() => botsTable({ seats: botSeats, rng: bots?.rngState ?? seated.rng ?? botRngFor(seed) }));
  const early = session.onUpdate((u) => {
    if (u.kind === 'note') warnings.push(u.text);
    if (u.kind === 'save-failed') warnings.push(u.message);
  });
  session.syncWith(connection.status);
  early();

  const intro = [
    `Timer: ${connection.hello.name} firmware ${connection.hello.firmware}, ${request.timerKind === 'port' ? 'on the serial port' : 'the built-in virtual timer'}${connection.ptyPath ? ` behind the pseudo-terminal ${connection.ptyPath}` : ''}.`,
    `Saved after every move in ${request.savePath}${resumed ? ' (resumed)' : ''}.`,
    `Seed ${seed}: the same seed deals the same game.`,
    ...(botNames.length > 0 ? [`Bots play ${botNames.join(', ')}.`] : []),
  ];
  const table: TableSetup = {
    session,
    humans,
    intro,
    warnings,
    startInfo: {
      game: rebelMissions.id,
      title: rebelMissions.title,
      seed,
      players: match.state.seats.map((s) => ({ id: s.id, name: s.name, profile: s.profile, bot: botSeats.includes(s.id) })),
      timer: {
        name: connection.hello.name,
        firmware: connection.hello.firmware,
        kind: request.timerKind,
        ...(connection.ptyPath ? { pty: connection.ptyPath } : {}),
      },
      savePath: request.savePath,
      resumed,
    },
  };
  bots = new BotTable(session, {
    seats: botSeats,
    delayMs: request.botDelayMs ?? (request.json ? 0 : 700),
    seed,
    rng: seated.rng,
    onError: (message) => say(io.stderr, `bots: ${message}`),
  });
  const frontEnd = { input: io.stdin, output: io.stdout, tty: !request.json && io.stdoutIsTty };
  const ended = request.json ? runJsonStream(table, frontEnd) : runTableLoop(table, frontEnd);
  bots.kick();
  const how: FrontEndEnd | Error = await Promise.race([ended, io.interrupted.then((): FrontEndEnd => 'quit'), connection.failed]);
  bots.stop();
  // The time that passed since the last move counts when the game is resumed.
  if (!session.over) await session.checkpoint();
  session.close();
  await connection.close();
  if (how instanceof Error) throw new CommandFailure(`${how.message}. The game is saved in ${request.savePath}; continue it with --resume.`);
  if (how === 'quit' && !session.over && request.json) say(io.stderr, `The game is saved in ${request.savePath}; continue with --resume.`);
  return 0;
}
