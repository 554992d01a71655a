// `imperial-timer play rebel-missions`: sets up the table (a new game or the saved one), opens
// the timer, binds them in a session, seats the bots, and hands the table to the terminal
// interface or the JSON stream.

import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { BotTable } from '../companion/rebel-missions/bot-table.ts';
import { RebelMissionsSession, type RebelMatch } from '../companion/rebel-missions/session.ts';
import { connectTimer, type TimerConnection } from '../companion/timer-connection.ts';
import { GameConfigError, readSave, readSaveOrBackup, SaveError, startMatch } from '../engine/index.ts';
import { rebelMissions, STANDARD_COMPONENTS } from '../games/rebel-missions/index.ts';
import type { FrontEndEnd, TableSetup } from '../ui/front-end.ts';
import { runJsonStream } from '../ui/json/rebel-missions-stream.ts';
import { runTableLoop } from '../ui/terminal/rebel-missions/table-loop.ts';
import { parseBots, parsePlayers, UsageError } from './args.ts';
import { say, type CliIo } from './io.ts';
import type { PlayRequest } from './play-request.ts';

export const PROFILE_IDS = STANDARD_COMPONENTS.profiles.map((p) => p.id);

/** A problem that stops the command (not a usage error): exit code 1. */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
}

function describeStop(match: RebelMatch): string {
  const s = match.state;
  return `turn ${s.turnNumber}, ${s.codesFound} code${s.codesFound === 1 ? '' : 's'} found`;
}

/** The match to play: the saved one (--resume) or a new one; warnings for the players. */
export function openMatch(request: PlayRequest, freshSeed: () => number = () => randomInt(0, 0xffff_ffff)): { match: RebelMatch; warnings: string[]; resumed: boolean } {
  const warnings: string[] = [];
  if (request.resume) {
    let loaded;
    try {
      loaded = readSaveOrBackup(rebelMissions, request.savePath);
    } catch (error) {
      if (error instanceof SaveError) throw new CommandFailure(`cannot resume: ${error.message}`);
      throw error;
    }
    if (loaded.source === 'backup') {
      warnings.push(`${loaded.problem ?? 'the save file could not be read'}. Continuing from the previous good save (${request.savePath}.bak), which may be a move or two behind.`);
    }
    const match: RebelMatch = { state: loaded.state, log: loaded.log };
    const result = rebelMissions.result(match.state);
    if (result.finished) throw new CommandFailure(`the saved game in ${request.savePath} is already over (${result.summary}); start a new one without --resume`);
    return { match, warnings, resumed: true };
  }
  const seats = parsePlayers(request.players, PROFILE_IDS);
  if (existsSync(request.savePath) && !request.newGame) {
    let unfinished: RebelMatch | undefined;
    try {
      const saved = readSave(rebelMissions, request.savePath);
      if (!rebelMissions.result(saved.state).finished) unfinished = { state: saved.state, log: saved.log };
    } catch {
      unfinished = undefined; // a damaged save is replaced (writing keeps no backup of it)
    }
    if (unfinished) {
      throw new CommandFailure(
        `a game in progress is saved in ${request.savePath} (${describeStop(unfinished)}). Continue it with --resume, or start a new game with --new (the saved one is then kept as ${request.savePath}.bak).`,
      );
    }
  }
  const seed = request.seed ?? freshSeed();
  try {
    return { match: startMatch(rebelMissions, { players: seats }, seed), warnings, resumed: false };
  } catch (error) {
    if (error instanceof GameConfigError) throw new UsageError(`--players: ${error.message}`);
    throw error;
  }
}

export async function playRebelMissions(request: PlayRequest, io: CliIo): Promise<number> {
  const { match, warnings, resumed } = openMatch(request);
  const seed = match.log.seed;
  const names = match.state.seats.map((s) => s.name);
  const botNames = parseBots(request.bots, names);
  const botSeats = match.state.seats.filter((s) => botNames.includes(s.name)).map((s) => s.id);
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
    throw new CommandFailure(`cannot create the folder for the save file ${request.savePath}: ${(error as Error).message}. Choose another place with --save FILE.`);
  }

  const session = new RebelMissionsSession({ match, timer: connection.link, savePath: request.savePath, assist: connection.assist });
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
      timer: { name: connection.hello.name, firmware: connection.hello.firmware, kind: request.timerKind, ...(connection.ptyPath ? { pty: connection.ptyPath } : {}) },
      savePath: request.savePath,
      resumed,
    },
  };
  const bots = new BotTable(session, {
    seats: botSeats,
    delayMs: request.botDelayMs ?? (request.json ? 0 : 700),
    seed,
    onError: (message) => say(io.stderr, `bots: ${message}`),
  });
  const frontEnd = { input: io.stdin, output: io.stdout, tty: !request.json && io.stdoutIsTty };
  const ended = request.json ? runJsonStream(table, frontEnd) : runTableLoop(table, frontEnd);
  bots.kick();
  const how: FrontEndEnd = await Promise.race([ended, io.interrupted.then((): FrontEndEnd => 'quit')]);
  bots.stop();
  session.close();
  await connection.close();
  if (how === 'quit' && !session.over && request.json) say(io.stderr, `The game is saved in ${request.savePath}; continue with --resume.`);
  return 0;
}
