// The companion in the browser: an HTTP server for the pages and a WebSocket live channel per
// page. The Node process stays the host: it holds the match (a `TableHost`), judges every move,
// saves, plays the bots and talks to the timer; a page only shows what it is sent and sends moves.
// This file opens and replaces the match being served and puts the parts together, each in a
// module of its own:
//   http-routes.ts     the pages, the bundle, the icon (security headers, host names)
//   live-channels.ts   the live channels: the start pages' and each table or seat page's, their messages
//   current-match.ts   the match being served, and which page a path names (by its token)
//   match-links.ts     its links as addresses, the seat links' QR codes, `serve --lan`'s lines
//   match-notices.ts   the built-in timer's sound and its link's notices to the pages, a failed save to the terminal
//   web-match.ts       a match's host updates as page messages (messages.ts: their one type)

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { WallClock } from '../../sim/device/real-time-driver.ts';
import { damagedPathOf, SaveError } from '../engine/save.ts';
import { bundlePages, type PageBundle } from './bundle.ts';
import { ConnectionGuard, totalCap } from './connection-limits.ts';
import type { CurrentMatch, OpenedTimer } from './current-match.ts';
import { httpRoutes } from './http-routes.ts';
import { loadLimits, type Limits } from './limits.ts';
import { readLinks, writeLinks, type MatchLinks } from './links-file.ts';
import { LiveChannels } from './live-channels.ts';
import { linksMessage, matchUrls } from './match-links.ts';
import { watchMatchNotices } from './match-notices.ts';
import type { MatchUrls, MessageOf, PageMessage, ServerMessage, TimerChoice } from './messages.ts';
import { sharedPortListing } from './port-listing.ts';
import { newToken } from './tokens.ts';
import { freshSeed, type WebGame, type WebMatch } from './web-match.ts';

export type { OpenedTimer };

export interface WebServerOptions {
  readonly games: readonly WebGame[];
  /**
   * The machine's LAN address, to serve the table and seat pages to phones there as well (the
   * start page stays on 127.0.0.1, which is always bound); the links then name this address.
   */
  readonly lanHost?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Where matches are saved (`<dir>/<game>.web.save.json`); null keeps nothing. */
  readonly saveDir: string | null;
  readonly limits?: Limits;
  /** The pause before each bot move. */
  readonly botDelayMs?: number;
  /** Opens the timer a start page chose (none: no timer). */
  readonly openTimer?: (choice: Exclude<TimerChoice, { kind: 'none' }>) => Promise<OpenedTimer>;
  /** The serial ports a timer may be on (a listing that fails says why, and the page shows it). */
  readonly listPorts?: () => Promise<{ ports: { path: string; description: string }[]; note?: string }>;
  /** Where the quick windows' time comes from (default: the system clock; tests give a manual one). */
  readonly clock?: WallClock;
  /** Called with every message sent to any page (the tests check each one for hidden cards). */
  readonly tap?: (viewer: string, message: ServerMessage) => void;
  /** A line for the computer's own terminal (`serve` prints it): a save that failed, with its whole reason. */
  readonly log?: (line: string) => void;
}

export interface WebServer {
  /** The start page. */
  readonly url: string;
  readonly port: number;
  /** The current match's links (null when there is none): a match played pass-and-play is played on its `pass` page alone. */
  links(): MatchUrls | null;
  /** The match being played, if any. */
  match(): WebMatch | null;
  /** Starts or resumes a match as the start page does; returns the problem, or null. */
  handle(message: PageMessage): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * A save that cannot be resumed (damaged, and no good backup; or none at all), told as the command
 * line tells it: what is wrong, and what to do. Nothing was changed; a new match sets a damaged
 * file aside (`clearForNewGame`) before it takes the save's place.
 */
function resumeProblem(error: SaveError, savePath: string): string {
  const reason = error.message.replace(/[.\s]+$/, '');
  const instead = existsSync(savePath)
    ? `start a new match instead (the damaged file is then kept as ${damagedPathOf(savePath)})`
    : 'start a new match instead';
  return `cannot resume: ${reason}; ${instead}`;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const limits = options.limits ?? loadLimits();
  const bundle: PageBundle = await bundlePages();
  let current: CurrentMatch | null = null;
  let origin = '';
  let port = 0;
  let opening: Promise<unknown> = Promise.resolve();
  // One idle or flooding client must not cost the others their answers (connection-limits.ts).
  const connections = new ConnectionGuard({
    perAddress: limits.maxConnectionsPerAddress,
    total: totalCap(limits.maxConnections),
    idleMs: limits.idleMs,
  });
  const listPorts = sharedPortListing(options.listPorts ?? (async () => ({ ports: [], note: 'this server lists no serial ports' })), limits.portListCacheMs);

  const savePathOf = (game: WebGame): string | null => (options.saveDir === null ? null : join(options.saveDir, `${game.id}.web.save.json`));

  const linksNow = (): MatchUrls | null => (current === null ? null : matchUrls(current, origin));

  const lobbyState = (): MessageOf<'lobby'> => {
    const urls = linksNow();
    return {
      type: 'lobby',
      games: options.games.map((g) => ({
        id: g.id,
        title: g.title,
        players: g.meta.players,
        options: g.meta.options,
        bots: g.bots,
        defaultBot: g.defaultBot,
        usesTimer: g.usesTimer,
        chance: g.meta.chance,
        // Dice the table may roll itself: the start page offers "table dice" for these only.
        dice: g.meta.dice === true,
      })),
      current: current === null || urls === null ? null : { game: current.game.id, title: current.game.title, finished: current.match.finished(), ...urls },
    };
  };

  const live = new LiveChannels({
    limits,
    port: () => port,
    lanHost: options.lanHost,
    current: () => current,
    lobbyState,
    listPorts,
    open: (message) => handle(message),
    links: async () => {
      const urls = linksNow();
      return urls === null ? null : linksMessage(urls);
    },
    ...(options.tap === undefined ? {} : { tap: options.tap }),
  });

  const closeCurrent = async (code: 4000 | 1012): Promise<void> => {
    if (current === null) return;
    const old = current;
    current = null;
    old.stopNotices();
    live.disconnectPages(code);
    await old.match.close();
    await old.timer?.close();
  };

  const open = async (message: Extract<PageMessage, { type: 'start' | 'resume' }>): Promise<string | null> => {
    const game = options.games.find((g) => g.id === message.game);
    if (game === undefined) return `no game "${message.game}" (the games are ${options.games.map((g) => g.id).join(', ')})`;
    const savePath = savePathOf(game);
    if (message.type === 'resume' && savePath === null) return 'this server keeps no saves, so there is nothing to resume';
    // The command line refuses --no-timer for a game on the timer's countdown: without one its match would wait forever on the first press.
    if (message.timer.kind === 'none' && game.usesTimer === 'external')
      return `${game.title} is played on the timer's countdown, so it needs a timer: choose the built-in timer or a serial port under Timer`;
    if (message.type === 'start' && message.chance === 'table' && game.meta.dice !== true)
      return `${game.title} has no dice to roll at the table (its shuffles and draws are the companion's); start it without table dice`;
    const seed = message.type === 'start' ? (message.seed ?? freshSeed()) : 0;
    let timer: OpenedTimer | null = null;
    let opened: { match: WebMatch; notes: readonly string[] } | undefined;
    try {
      // The match being played is closed only once the new one is open: a start or resume that is
      // refused (a save locked by another server, a bad bot, a damaged save) changes nothing.
      // A new match on the current one's save (the same game) cannot take that save's lock while
      // this server holds it: what could refuse it is checked first, then the current one closed.
      const sharesSave = current !== null && savePath !== null && current.match.savePath === savePath;
      if (sharesSave) {
        if (message.type === 'start') game.checkStart({ seats: message.seats, options: message.options, seed });
        else game.checkResume(savePath as string);
      }
      if (message.timer.kind !== 'none') {
        if (options.openTimer === undefined) return 'this server cannot open a timer';
        if (game.usesTimer === null) return `${game.title} does not use the timer; choose no timer`;
        timer = await options.openTimer(message.timer);
      }
      if (sharesSave) await closeCurrent(4000);
      // The host presses the built-in timer's buttons when asked (start, resume, pause, the code); a real timer's are the players'.
      const hostOptions = {
        savePath,
        command: 'serve',
        timer: timer?.port ?? null,
        botDelayMs: options.botDelayMs ?? 0,
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        assist: timer?.builtIn !== undefined,
        // Pass-and-play: the pass page counts each person's quick-window time from when their screen shows.
        windowClock: message.passAndPlay === true ? 'front-end' : 'host',
      } as const;
      opened =
        message.type === 'start'
          ? game.start({ seats: message.seats, options: message.options, seed }, { ...hostOptions, chance: message.chance ?? 'sample' })
          : game.resume({ ...hostOptions, savePath: savePath as string });
      if (!sharesSave) await closeCurrent(4000);
      const people = opened.match.seats.filter((s) => s.bot === null).map((s) => s.id);
      const kept = message.type === 'resume' && savePath !== null ? readLinks(savePath, people) : null;
      const links: MatchLinks = kept ?? {
        table: newToken(limits.tokenBytes),
        seats: Object.fromEntries(people.map((id) => [id, newToken(limits.tokenBytes)])),
      };
      if (savePath !== null) writeLinks(savePath, links);
      let stopNotices: () => void = () => undefined;
      const now: CurrentMatch = {
        game,
        match: opened.match,
        links,
        timer,
        stopNotices: () => stopNotices(),
        linkDown: null,
        passAndPlay: message.passAndPlay === true,
      };
      stopNotices = watchMatchNotices(opened.match, timer, {
        toPages: (m) => live.toPages(m),
        linkDown: (m) => {
          now.linkDown = m;
        },
        ...(options.log === undefined ? {} : { log: options.log }),
      });
      current = now;
      // A resumed match catches up with the timer (its countdown may have gone on, or been lost).
      if (timer !== null)
        opened.match.syncTimer().catch((e: unknown) => {
          live.toLobbies({ type: 'note', text: `the timer's STATUS could not be read (${e instanceof Error ? e.message : String(e)}); play goes on` });
        });
      live.toLobbies(lobbyState());
      for (const text of opened.notes) live.toLobbies({ type: 'note', text });
      return null;
    } catch (error) {
      // A match opened but not put in place (its links could not be written) lets go of its save.
      if (opened !== undefined && current?.match !== opened.match) await opened.match.close().catch(() => undefined);
      await timer?.close();
      if (message.type === 'resume' && savePath !== null && error instanceof SaveError) return resumeProblem(error, savePath);
      return error instanceof Error ? error.message : String(error);
    }
  };

  const handle = (message: PageMessage): Promise<string | null> => {
    const next = opening.then(async () => {
      if (message.type === 'start' || message.type === 'resume') return open(message);
      return `a ${message.type} message is not for the start page`;
    });
    opening = next.catch(() => undefined);
    return next;
  };

  const onRequest = httpRoutes({ bundle, port: () => port, lanHost: options.lanHost, current: () => current });

  const listen = (host: string, port: number): Promise<Server> =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(connections.serverOptions, onRequest);
      connections.watch(server);
      server.on('upgrade', live.onUpgrade);
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  const servers: Server[] = [await listen('127.0.0.1', options.port ?? 0)];
  port = (servers[0]!.address() as AddressInfo).port;
  if (options.lanHost !== undefined) {
    try {
      servers.push(await listen(options.lanHost, port));
    } catch (error) {
      await new Promise<void>((resolve) => servers[0]?.close(() => resolve()));
      throw error;
    }
  }
  const originOf = (host: string): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  origin = originOf(options.lanHost ?? '127.0.0.1');

  return {
    url: `${originOf('127.0.0.1')}/`,
    port,
    links: linksNow,
    match: () => current?.match ?? null,
    handle,
    async close() {
      await opening;
      live.closeLobbies();
      await closeCurrent(1012);
      live.close();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
