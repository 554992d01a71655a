// `serve`: the web companion from the command line, for the games of the table front end
// (games/index.ts). imperial-timer.ts loads this module (and with it the web server) only
// when `serve` is run. Parses the flags, binds
// 127.0.0.1 (and, with --lan, the machine's LAN address as well), prints the start page's address
// (and the seat links once a match is under way when --lan, or the pass-and-play link of a match
// played on one screen) with how to stop it, and a save that failed with its whole reason, and
// runs until Ctrl-C. A --save-dir that cannot be written is refused before anything is served.
//   serve [--port N] [--lan] [--save-dir DIR]
// A port that cannot be listened on, or a save folder that cannot be written, is a CommandFailure saying what to do.

import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { connectTimer } from '../link/timer-connection.ts';
import type { CliIo } from './io.ts';
import { say } from './io.ts';
import { CommandFailure } from './command-failure.ts';
import { unwritableFolder } from './folder-problem.ts';
import { listPorts } from '../link/serial-transport.ts';
import { parseFlags, parseWhole, UsageError } from './args.ts';
import { linksText } from '../web/match-links.ts';
import { startWebServer, type OpenedTimer, type WebServer } from '../web/server.ts';
import { webGame, type WebGame } from '../web/web-match.ts';
import { TABLE_ENTRIES } from '../games/index.ts';
import type { TimerChoice } from '../web/messages.ts';

/** The command's help, naming the games it serves. */
export function serveUsage(games: readonly { readonly title: string }[]): string {
  return `usage: imperial-timer serve [--port N] [--lan] [--save-dir DIR]

Serves the companion to browsers: a start page (this machine only) where a game is chosen and
started or a saved match resumed, a table page everyone sees and a page per seat, opened through an
unguessable link (shown with a QR code on the table page). Ctrl-C stops it; the match stays saved.
Games: ${games.map((g) => g.title).join(', ')}.
  --port N         the port, 1..65535 (default: a free one, printed)
  --lan            also serve the table and seat pages on this machine's LAN address, for phones,
                   and print the seat links (they still need their tokens)
  --save-dir DIR   where matches are saved (default ~/.imperial-timer); resume one from the start page
  --help           this text`;
}

export interface ServeRequest {
  readonly port: number;
  readonly lan: boolean;
  readonly saveDir: string;
}

/** The request the flags make, or 'help' for --help; a UsageError names a bad flag or value. */
export function parseServeRequest(argv: readonly string[], home: string): ServeRequest | 'help' {
  const flags = parseFlags(
    argv,
    { port: { type: 'string' }, lan: { type: 'boolean' }, 'save-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    'serve',
  );
  if (flags.help === true) return 'help';
  if (flags['save-dir'] === '') throw new UsageError('--save-dir needs a folder, got an empty value');
  return {
    port: flags.port === undefined ? 0 : parseWhole(flags.port, '--port', 1, 65_535),
    lan: flags.lan === true,
    saveDir: flags['save-dir'] ?? join(home, '.imperial-timer'),
  };
}

/** The machine's first LAN (non-internal IPv4) address, or a UsageError saying there is none. */
export function lanAddress(interfaces = networkInterfaces()): string {
  for (const list of Object.values(interfaces)) for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) return i.address;
  throw new UsageError('serve --lan: this machine has no LAN address (no network interface other than loopback is up)');
}

async function openTimer(choice: Exclude<TimerChoice, { kind: 'none' }>): Promise<OpenedTimer> {
  const connection = await connectTimer(choice.kind === 'virtual' ? { kind: 'virtual', seed: 0, realTime: true } : { kind: 'port', path: choice.path });
  return {
    port: connection.link,
    name: `${connection.hello.name ?? 'timer'} ${choice.kind === 'port' ? choice.path : '(built in)'}`,
    ...(connection.virtual === undefined ? {} : { builtIn: connection.virtual.device }),
    onNotice: (listener) => connection.link.onNotice(listener),
    close: () => connection.close(),
  };
}

/** What to say when the server cannot listen. */
function listenProblem(error: unknown, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = port === 0 ? 'a free port' : `port ${port}`;
  if (code === 'EADDRINUSE')
    return `cannot serve on ${where}: it is in use (another companion, or another program). Choose another with --port N, or leave --port out for a free one.`;
  if (code === 'EACCES') return `cannot serve on ${where}: this user may not use it. Choose a port above 1023 with --port N, or leave --port out.`;
  return `cannot serve on ${where}: ${error instanceof Error ? error.message : String(error)}`;
}

/** What `serve` prints once it listens: where to open it, how to stop it, and where the matches are saved (each after every move, and when it stops). */
export function serveStarted(url: string, saveDir: string): string {
  return `${url}\nCtrl-C stops the server; games are saved in ${saveDir} (resume one from the start page).`;
}

/** Runs the server until `io.interrupted`; returns the exit code. */
export async function runServe(request: ServeRequest, games: readonly WebGame[], io: Pick<CliIo, 'stdout' | 'interrupted'>): Promise<number> {
  // A save folder that cannot be written is refused before anything is served (a match there would be lost).
  const unwritable = unwritableFolder(request.saveDir);
  if (unwritable !== null) {
    throw new CommandFailure(
      `cannot save games in ${request.saveDir}: ${unwritable}. Nothing was served; choose a folder you may write in with --save-dir DIR, or leave --save-dir out for ~/.imperial-timer.`,
    );
  }
  const lanHost = request.lan ? lanAddress() : undefined;
  let server: WebServer;
  try {
    server = await startWebServer({
      games,
      port: request.port,
      saveDir: request.saveDir,
      openTimer,
      listPorts: () => listPorts(),
      // A failed save's whole reason (with the save's path) is told here; the pages get it in plain words.
      log: (line) => say(io.stdout, line),
      ...(lanHost === undefined ? {} : { lanHost }),
    });
  } catch (error) {
    throw new CommandFailure(listenProblem(error, request.port));
  }
  say(io.stdout, serveStarted(server.url, request.saveDir));
  let printed = '';
  const printLinks = setInterval(() => {
    if (!request.lan) return;
    const links = server.links();
    const text = links === null ? '' : linksText(links);
    if (text !== printed && text !== '') say(io.stdout, text);
    printed = text;
  }, 500);
  await io.interrupted;
  clearInterval(printLinks);
  await server.close();
  return 0;
}

/** `imperial-timer serve ...`: the games of the table front end, in the browser. */
export async function serveCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const request = parseServeRequest(argv, io.home);
  if (request === 'help') {
    say(io.stdout, serveUsage(TABLE_ENTRIES));
    return 0;
  }
  return await runServe(
    request,
    TABLE_ENTRIES.map((e) => e.use(webGame)),
    io,
  );
}
