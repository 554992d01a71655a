// The companion in the browser: an HTTP server for the pages and a WebSocket live channel per
// page. The Node process stays the host: it holds the match (a `TableHost`), judges every move,
// saves, plays the bots and talks to the timer; a page only shows what it is sent and sends moves.
//
//   GET /                 the start page            (only to this machine: see `isLocal`)
//   GET /table/<token>    the table page            (the public view; the seat links and QR codes)
//   GET /seat/<token>     a seat page               (that seat's view and moves)
//   GET /pass/<token>     pass-and-play on one screen (the table's token: it opens every person's seat)
//   GET /app/<file>       the bundled scripts and style
//   WS  /live/lobby, /live/table/<token>, /live/seat/<token>
//
// Every page message is size-limited, rate-limited and checked (messages.ts) before it reaches
// the host; a bad one gets `{type:"error", problem}` and changes nothing. A seat connection can
// only move its own seat (its identity comes from its token, never from the message).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import QRCode from 'qrcode';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ActorId } from '../engine/table-game.ts';
import type { TableTimerPort } from '../table/host.ts';
import type { WallClock } from '../../sim/device/real-time-driver.ts';
import { bundlePages, type PageBundle } from './bundle.ts';
import { loadLimits, type Limits } from './limits.ts';
import { parsePageMessage, type PageMessage, type TimerChoice } from './messages.ts';
import { pageHtml, type PageKind } from './page-html.ts';
import { RateLimit } from './rate-limit.ts';
import { ConnectionGuard, Heartbeat, totalCap } from './connection-limits.ts';
import { sharedPortListing } from './port-listing.ts';
import { readLinks, writeLinks, type MatchLinks } from './links-file.ts';
import { freshSeed, TABLE, type SeatInfo, type Send, type ServerMessage, type WebGame, type WebMatch } from './web-match.ts';
import { findByToken, newToken } from './tokens.ts';
import { TIMER_GAINS, watchTimerTones } from './timer-tones.ts';
import type { VirtualDevice } from '../../sim/device/index.ts';
import type { LinkNotice } from '../link/timer-link.ts';
import { timerLinkMessage } from './timer-link-notice.ts';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { damagedPathOf, SaveError } from '../engine/save.ts';

/** A timer the server opened for a match. */
export interface OpenedTimer {
  readonly port: TableTimerPort;
  readonly name: string;
  /** The built-in timer's device, whose sound the pages play (absent: a real timer, which makes its own). */
  readonly builtIn?: VirtualDevice;
  /** The link's notices (lost, trying again, back), told to every page: a pulled cable is seen at the table. */
  readonly onNotice?: (listener: (notice: LinkNotice) => void) => () => void;
  close(): Promise<void>;
}

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
}

export interface WebServer {
  /** The start page. */
  readonly url: string;
  readonly port: number;
  /** The current match's links (null when there is none). */
  links(): { readonly table: string; readonly seats: readonly (SeatInfo & { readonly url: string })[] } | null;
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

/** A connection from this machine, arriving on its loopback interface: the start page's only audience. */
function isLocal(socket: Socket): boolean {
  const loopback = (address: string | undefined): boolean => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  return loopback(socket.remoteAddress) && loopback(socket.localAddress);
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // Nothing is loaded from outside this server; the tokens in the URL never travel as a referrer.
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** The pages' icon: the simulator's (one drawing of the timer for both), answered for /favicon.svg and the /favicon.ico browsers ask for. */
const FAVICON = readFileSync(new URL('../../sim/web/favicon.svg', import.meta.url));

function send(response: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  send(response, status, 'text/plain; charset=utf-8', `${text}\n`);
}

interface Current {
  readonly game: WebGame;
  readonly match: WebMatch;
  readonly links: MatchLinks;
  readonly timer: OpenedTimer | null;
  /** Stops sending the built-in timer's sound and its link's notices to the pages. */
  readonly stopTones: () => void;
  /** The link's last notice while it is not back (a page that joins then is told). */
  linkDown: ServerMessage | null;
  /** Played on one screen passed around (`/pass/` only; the start or resume request said so). */
  readonly passAndPlay: boolean;
}

/**
 * Why a page is not served for the current match: a match played pass-and-play is played on its
 * `/pass/` page alone (each person's quick-window time is counted there, from when their screen
 * shows; the host counts none, so a table or seat page would show no countdown).
 */
function pageRefusal(kind: PageKind, passAndPlay: boolean): string | null {
  if (passAndPlay && (kind === 'table' || kind === 'seat'))
    return 'this match is played pass-and-play on one screen: open "Pass and play on this screen" on the start page, or start a new match on separate screens';
  return null;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const limits = options.limits ?? loadLimits();
  const bundle: PageBundle = await bundlePages();
  let current: Current | null = null;
  let origin = '';
  let port = 0;
  const viewers = new Map<string, Set<WebSocket>>();
  const lobbies = new Set<WebSocket>();
  let opening: Promise<unknown> = Promise.resolve();
  // One idle or flooding client must not cost the others their answers (connection-limits.ts).
  const connections = new ConnectionGuard({
    perAddress: limits.maxConnectionsPerAddress,
    total: totalCap(limits.maxConnections),
    idleMs: limits.idleMs,
  });
  const listPorts = sharedPortListing(options.listPorts ?? (async () => ({ ports: [], note: 'this server lists no serial ports' })), limits.portListCacheMs);
  /** Per link (and the start page): its tabs' messages share one bucket, and so do its openings. */
  const messageRates = new Map<string, RateLimit>();
  const joinRates = new Map<string, RateLimit>();
  const rateOf = (rates: Map<string, RateLimit>, key: string, perSecond: number, burst: number): RateLimit => {
    let rate = rates.get(key);
    if (rate === undefined) {
      rate = new RateLimit(perSecond, burst);
      rates.set(key, rate);
    }
    return rate;
  };

  const savePathOf = (game: WebGame): string | null => (options.saveDir === null ? null : join(options.saveDir, `${game.id}.web.save.json`));

  const linksNow = (): ReturnType<WebServer['links']> => {
    if (current === null) return null;
    const { links, match } = current;
    return {
      table: `${origin}/table/${links.table}`,
      seats: match.seats.filter((s) => links.seats[s.id] !== undefined).map((s) => ({ ...s, url: `${origin}/seat/${links.seats[s.id] as string}` })),
    };
  };

  const lobbyState = (): ServerMessage => ({
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
    current:
      current === null
        ? null
        : { game: current.game.id, title: current.game.title, finished: current.match.finished(), passAndPlay: current.passAndPlay, ...linksNow() },
  });

  const deliver = (viewer: string, socket: WebSocket, message: ServerMessage): void => {
    options.tap?.(viewer, message);
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /** 4000: the match was replaced (the page stops); 1012: the server is stopping (the page tries again). */
  const disconnectAll = (code: 4000 | 1012): void => {
    for (const sockets of viewers.values())
      for (const socket of sockets) socket.close(code, code === 4000 ? 'the match was replaced' : 'the server is stopping');
    viewers.clear();
  };

  const closeCurrent = async (code: 4000 | 1012): Promise<void> => {
    if (current === null) return;
    const old = current;
    current = null;
    old.stopTones();
    disconnectAll(code);
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
      const toPages = (message: ServerMessage): void => {
        for (const [viewer, sockets] of viewers) for (const socket of sockets) deliver(viewer, socket, message);
      };
      const builtIn = timer?.builtIn;
      const stopTones = builtIn === undefined ? () => undefined : watchTimerTones(builtIn, toPages);
      let stopNotices: () => void = () => undefined;
      const now: Current = {
        game,
        match: opened.match,
        links,
        timer,
        stopTones: () => {
          stopTones();
          stopNotices();
        },
        linkDown: null,
        passAndPlay: message.passAndPlay === true,
      };
      stopNotices =
        timer?.onNotice?.((notice) => {
          const message = timerLinkMessage(notice);
          if (message === null) return;
          if (message['ok'] === false) now.linkDown = message;
          if (message['ok'] === true) now.linkDown = null;
          toPages(message);
        }) ?? stopNotices;
      current = now;
      // A resumed match catches up with the timer (its countdown may have gone on, or been lost).
      if (timer !== null)
        opened.match.syncTimer().catch((e: unknown) => {
          for (const lobby of lobbies)
            deliver('lobby', lobby, {
              type: 'note',
              text: `the timer's STATUS could not be read (${e instanceof Error ? e.message : String(e)}); play goes on`,
            });
        });
      for (const lobby of lobbies) {
        deliver('lobby', lobby, lobbyState());
        for (const text of opened.notes) deliver('lobby', lobby, { type: 'note', text });
      }
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

  /** Which page a path names: the start page, or the table or a seat by its token. */
  const pageFor = (path: string): { kind: PageKind; viewer: string | null } | null => {
    if (path === '/') return { kind: 'start', viewer: null };
    const found = /^\/(table|seat|pass)\/([A-Za-z0-9_-]{16,128})$/.exec(path);
    if (found === null || current === null) return null;
    const token = found[2] as string;
    // Pass-and-play is the table's device playing every person's seat: it needs the table's token.
    if (found[1] === 'table' || found[1] === 'pass')
      return findByToken(new Map([[TABLE, current.links.table]]), token) === undefined ? null : { kind: found[1], viewer: TABLE };
    const seat = findByToken(new Map(Object.entries(current.links.seats)), token);
    return seat === undefined ? null : { kind: 'seat', viewer: seat };
  };

  /** The request's Host header, when it has exactly one (a request naming two hosts is refused like an unknown one). */
  const hostOf = (request: IncomingMessage): string | undefined => {
    const hosts: string[] = [];
    for (let i = 0; i + 1 < request.rawHeaders.length; i += 2)
      if (request.rawHeaders[i]?.toLowerCase() === 'host') hosts.push(request.rawHeaders[i + 1] as string);
    return hosts.length === 1 ? hosts[0] : undefined;
  };

  /** The names this server answers to (a page reached by another name, as after DNS rebinding, is refused). */
  const knownHost = (host: string | undefined): boolean => {
    const names = [
      '127.0.0.1',
      'localhost',
      '[::1]',
      ...(options.lanHost === undefined ? [] : [options.lanHost.includes(':') ? `[${options.lanHost}]` : options.lanHost]),
    ];
    return host !== undefined && names.some((name) => host === `${name}:${port}`);
  };

  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    if (!knownHost(hostOf(request)))
      return sendText(response, 421, `this server answers to 127.0.0.1:${port}${options.lanHost === undefined ? '' : ` and ${options.lanHost}:${port}`} only`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      sendText(response, 405, 'only GET and HEAD are served');
      return;
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const asset = /^\/app\/([a-z-]+\.(?:js|css))$/.exec(path);
    if (asset !== null) {
      const file = bundle.files.get(asset[1] as string);
      if (file === undefined) return sendText(response, 404, 'no such file');
      return send(response, 200, file.type, file.bytes);
    }
    if (path === '/favicon.ico' || path === '/favicon.svg') return send(response, 200, 'image/svg+xml', FAVICON);
    const page = pageFor(path);
    if (page === null)
      return sendText(
        response,
        404,
        'no such page: a seat or table link is only valid for the match it was made for; ask for the link again on the table page',
      );
    if (page.kind === 'start' && !isLocal(request.socket)) return sendText(response, 403, 'the start page is only served to this machine (open it there)');
    const refused = current === null ? null : pageRefusal(page.kind, current.passAndPlay);
    if (refused !== null) return sendText(response, 404, refused);
    send(response, 200, 'text/html; charset=utf-8', pageHtml(page.kind));
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes * 4 });
  const heartbeat = new Heartbeat(limits.heartbeatMs);

  const refuseUpgrade = (socket: Socket, status: number, text: string): void => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };

  const onUpgrade = (request: IncomingMessage, socket: Socket, head: Buffer): void => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    // A page of another site must not open this server's live channel from a browser here.
    const pageOrigin = request.headers.origin;
    const hostHeader = hostOf(request);
    if (!knownHost(hostHeader)) return refuseUpgrade(socket, 421, 'Misdirected Request: unknown host name');
    if (pageOrigin !== undefined && pageOrigin !== `http://${hostHeader ?? ''}`)
      return refuseUpgrade(socket, 403, "Forbidden: the live channel only serves this server's pages");
    let target: { kind: PageKind; viewer: string | null } | null;
    if (path === '/live/lobby') target = { kind: 'start', viewer: null };
    else target = path.startsWith('/live/') ? pageFor(path.slice('/live'.length)) : null;
    if (target === null || target.kind === 'pass' || (target.kind === 'start' && path !== '/live/lobby'))
      return refuseUpgrade(socket, 404, 'Not Found: no such seat or table link');
    // A link opened again and again (a reload loop) is refused before it costs anything: each opening sends the match's history.
    if (!rateOf(joinRates, target.viewer ?? 'lobby', limits.joinsPerSecond, limits.joinBurst).take())
      return refuseUpgrade(socket, 429, 'Too Many Requests: this link was opened too often just now; wait a moment');
    if (target.kind === 'start') {
      if (!isLocal(socket)) return refuseUpgrade(socket, 403, 'Forbidden: the start page is only served to this machine');
      if (lobbies.size >= limits.maxLobbyConnections) return refuseUpgrade(socket, 429, 'Too Many Requests: too many start pages are open');
    } else if ((viewers.get(target.viewer as string)?.size ?? 0) >= limits.maxConnectionsPerViewer) {
      return refuseUpgrade(socket, 429, `Too Many Requests: this link is open in ${limits.maxConnectionsPerViewer} pages already; close one`);
    }
    const chosen = target;
    wss.handleUpgrade(request, socket, head, (ws) => {
      heartbeat.watch(ws);
      if (chosen.kind === 'start') lobbyConnection(ws);
      else viewerConnection(ws, chosen.viewer as string);
    });
  };

  /** Reads a connection's messages through the limits; `onMessage` gets only valid ones. */
  const guard = (ws: WebSocket, viewer: string, onMessage: (message: PageMessage, error: (problem: string) => void) => void): void => {
    // A seat's (or the table's) tabs share one bucket: more tabs send no more; each start page has its own.
    const rate =
      viewer === 'lobby' ? new RateLimit(limits.ratePerSecond, limits.rateBurst) : rateOf(messageRates, viewer, limits.ratePerSecond, limits.rateBurst);
    const error = (problem: string): void => deliver(viewer, ws, { type: 'error', problem });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return error('binary messages are not accepted; send JSON text');
      if (!rate.take()) return error(`too many messages: at most ${limits.ratePerSecond} a second (${limits.rateBurst} at once); this one was dropped`);
      const raw = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const parsed = parsePageMessage(raw, limits.maxMessageBytes);
      if (!parsed.ok) return error(parsed.problem);
      onMessage(parsed.message, error);
    });
    ws.on('error', () => ws.terminate());
  };

  const lobbyConnection = (ws: WebSocket): void => {
    lobbies.add(ws);
    ws.on('close', () => lobbies.delete(ws));
    deliver('lobby', ws, lobbyState());
    guard(ws, 'lobby', (message, error) => {
      if (message.type === 'ports') {
        // The note is in plain words for the family; a failure's technical reason is not shown on the page.
        listPorts()
          .then((listing) => deliver('lobby', ws, { type: 'ports', ports: listing.ports, ...(listing.note === undefined ? {} : { note: listing.note }) }))
          .catch(() =>
            deliver('lobby', ws, {
              type: 'ports',
              ports: [],
              note: 'the serial ports could not be listed on this computer: choose the built-in timer, or plug the timer in and list them again',
            }),
          );
        return;
      }
      if (message.type !== 'start' && message.type !== 'resume')
        return error(`a ${message.type} message belongs on a seat or the table page, not the start page`);
      // A start or resume that failed leaves the match as it is (or none): the page is told which, with the problem.
      handle(message).then(
        (problem) => {
          if (problem === null) return;
          deliver('lobby', ws, lobbyState());
          error(problem);
        },
        (e: unknown) => {
          deliver('lobby', ws, lobbyState());
          error(String(e));
        },
      );
    });
  };

  /** Tells the table pages which seats have a page open (the table folds its links once every person has joined). */
  const tellJoined = (): void => {
    const tables = viewers.get(TABLE);
    if (tables === undefined || current === null) return;
    const joined = current.match.seats.filter((s) => (viewers.get(s.id)?.size ?? 0) > 0).map((s) => s.id);
    for (const socket of tables) deliver(TABLE, socket, { type: 'joined', seats: joined });
  };

  const viewerConnection = (ws: WebSocket, viewer: string): void => {
    const now = current;
    if (now === null) return ws.close(4004, 'no match');
    const { match } = now;
    const sockets = viewers.get(viewer) ?? new Set<WebSocket>();
    viewers.set(viewer, sockets);
    sockets.add(ws);
    const sendHere: Send = (message) => deliver(viewer, ws, message);
    const seat = match.seats.find((s) => s.id === viewer);
    sendHere({
      type: 'hello',
      role: viewer === TABLE ? 'table' : 'seat',
      game: match.gameId,
      title: match.title,
      seat: seat === undefined ? null : { id: seat.id, name: seat.name },
      seats: match.seats,
      sides: match.sides,
      // Whose sound the pages may play: the built-in timer's (sent as timer-tones); a real timer makes its own.
      timer: now.timer === null ? null : now.timer.builtIn === undefined ? 'device' : 'built-in',
      ...(now.timer?.builtIn === undefined ? {} : { timerGains: TIMER_GAINS }),
    });
    if (viewer === TABLE) void sendLinks(sendHere).then(tellJoined);
    else tellJoined();
    if (now.linkDown !== null) sendHere(now.linkDown);
    const leave = match.join(viewer, sendHere);
    ws.on('close', () => {
      leave();
      sockets.delete(ws);
      if (current === now) tellJoined();
    });
    guard(ws, viewer, (message, error) => {
      if (current?.match !== match) return error('this match is over or was replaced; open the new link from the table page');
      let answer;
      switch (message.type) {
        case 'choose':
          if (viewer === TABLE) return error('the table page makes no moves; moves come from a seat page');
          answer = match.choose(viewer as ActorId, sendHere, message.menu, message.n);
          break;
        case 'move':
          if (viewer === TABLE) return error('the table page makes no moves; moves come from a seat page');
          answer = match.move(viewer as ActorId, message.move);
          break;
        case 'dice':
          answer = match.dice(viewer, message.outcome);
          break;
        case 'device':
          match.device(viewer as ActorId, message.action).then(
            (a) => {
              if (a !== null && !a.told) error(a.problem);
            },
            (e: unknown) => error(e instanceof Error ? e.message : String(e)),
          );
          return;
        default:
          return error(`a ${message.type} message belongs on the start page`);
      }
      if (answer !== null && !answer.told) error(answer.problem);
    });
  };

  const sendLinks = async (sendHere: Send): Promise<void> => {
    const links = linksNow();
    if (links === null) return;
    const seats = await Promise.all(
      links.seats.map(async (s) => ({
        id: s.id,
        name: s.name,
        url: s.url,
        qr: await QRCode.toString(s.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      })),
    );
    sendHere({ type: 'links', seats });
  };

  const listen = (host: string, port: number): Promise<Server> =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(connections.serverOptions, onRequest);
      connections.watch(server);
      server.on('upgrade', onUpgrade);
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
      for (const lobby of lobbies) lobby.terminate();
      await closeCurrent(1012);
      heartbeat.stop();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
