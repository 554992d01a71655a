// The web server's live channels (WebSocket): the start pages' (`/live/lobby`, this machine only)
// and one per open table or seat page (`/live/table/<token>`, `/live/seat/<token>`). A channel is
// opened only for a known host name and this server's own pages (origin), within the connection
// caps and the join rate; every message from a page is size-limited, rate-limited and checked
// (messages.ts) before it reaches the match, and a bad one gets `{type:"error", problem}` and
// changes nothing. A seat's channel only moves its own seat: its identity comes from its token,
// never from the message.

import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ActorId } from '../engine/table-game.ts';
import { Heartbeat } from './connection-limits.ts';
import { pageFor, type CurrentMatch, type PageTarget } from './current-match.ts';
import { hostOf, isLocal, knownHost } from './http-routes.ts';
import type { Limits } from './limits.ts';
import { parsePageMessage, type MessageOf, type PageMessage, type Send, type ServerMessage } from './messages.ts';
import { RateLimit } from './rate-limit.ts';
import { TIMER_GAINS } from './timer-tones.ts';
import { TABLE } from './web-match.ts';

type Opening = Extract<PageMessage, { type: 'start' | 'resume' }>;

export interface LiveContext {
  readonly limits: Limits;
  readonly port: () => number;
  readonly lanHost: string | undefined;
  readonly current: () => CurrentMatch | null;
  /** What the start page is sent: the games and the match being played. */
  readonly lobbyState: () => MessageOf<'lobby'>;
  /** The serial ports a timer may be on. */
  readonly listPorts: () => Promise<{ ports: { path: string; description: string }[]; note?: string }>;
  /** Starts or resumes a match; the problem, or null. */
  readonly open: (message: Opening) => Promise<string | null>;
  /** The table page's seat links with their QR codes (null: no match). */
  readonly links: () => Promise<MessageOf<'links'> | null>;
  /** Called with every message sent to any page. */
  readonly tap?: (viewer: string, message: ServerMessage) => void;
}

export class LiveChannels {
  private readonly wss: WebSocketServer;
  private readonly heartbeat: Heartbeat;
  /** The open pages of the current match, by viewer (the table or a seat). */
  private readonly viewers = new Map<string, Set<WebSocket>>();
  private readonly lobbies = new Set<WebSocket>();
  /** Per link (and the start page): its tabs' messages share one bucket, and so do its openings. */
  private readonly messageRates = new Map<string, RateLimit>();
  private readonly joinRates = new Map<string, RateLimit>();

  constructor(private readonly context: LiveContext) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: context.limits.maxMessageBytes * 4 });
    this.heartbeat = new Heartbeat(context.limits.heartbeatMs);
  }

  /** An HTTP upgrade: a live channel opened, or refused with an HTTP answer saying why. */
  readonly onUpgrade = (request: IncomingMessage, socket: Socket, head: Buffer): void => {
    const limits = this.context.limits;
    const path = (request.url ?? '').split('?')[0] ?? '';
    // A page of another site must not open this server's live channel from a browser here.
    const pageOrigin = request.headers.origin;
    const hostHeader = hostOf(request);
    if (!knownHost(hostHeader, this.context.port(), this.context.lanHost)) return refuseUpgrade(socket, 421, 'Misdirected Request: unknown host name');
    if (pageOrigin !== undefined && pageOrigin !== `http://${hostHeader ?? ''}`)
      return refuseUpgrade(socket, 403, "Forbidden: the live channel only serves this server's pages");
    let target: PageTarget | null;
    if (path === '/live/lobby') target = { kind: 'start', viewer: null };
    else target = path.startsWith('/live/') ? pageFor(path.slice('/live'.length), this.context.current()) : null;
    if (target === null || target.kind === 'pass' || (target.kind === 'start' && path !== '/live/lobby'))
      return refuseUpgrade(socket, 404, 'Not Found: no such seat or table link');
    // A link opened again and again (a reload loop) is refused before it costs anything: each opening sends the match's history.
    if (!rateOf(this.joinRates, target.viewer ?? 'lobby', limits.joinsPerSecond, limits.joinBurst).take())
      return refuseUpgrade(socket, 429, 'Too Many Requests: this link was opened too often just now; wait a moment');
    if (target.kind === 'start') {
      if (!isLocal(socket)) return refuseUpgrade(socket, 403, 'Forbidden: the start page is only served to this machine');
      if (this.lobbies.size >= limits.maxLobbyConnections) return refuseUpgrade(socket, 429, 'Too Many Requests: too many start pages are open');
    } else if ((this.viewers.get(target.viewer as string)?.size ?? 0) >= limits.maxConnectionsPerViewer) {
      return refuseUpgrade(socket, 429, `Too Many Requests: this link is open in ${limits.maxConnectionsPerViewer} pages already; close one`);
    }
    const chosen = target;
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.heartbeat.watch(ws);
      if (chosen.kind === 'start') this.lobbyChannel(ws);
      else this.viewerChannel(ws, chosen.viewer as string);
    });
  };

  /** Sends `message` to every page of the current match. */
  toPages(message: ServerMessage): void {
    for (const [viewer, sockets] of this.viewers) for (const socket of sockets) this.deliver(viewer, socket, message);
  }

  /** Sends `message` to every start page. */
  toLobbies(message: ServerMessage): void {
    for (const lobby of this.lobbies) this.deliver('lobby', lobby, message);
  }

  /** Closes every page's channel: 4000, the match was replaced (the page stops); 1012, the server is stopping (the page tries again). */
  disconnectPages(code: 4000 | 1012): void {
    for (const sockets of this.viewers.values())
      for (const socket of sockets) socket.close(code, code === 4000 ? 'the match was replaced' : 'the server is stopping');
    this.viewers.clear();
  }

  /** Ends the start pages' channels (the server is stopping). */
  closeLobbies(): void {
    for (const lobby of this.lobbies) lobby.terminate();
  }

  /** Ends every channel left and stops the heartbeat. */
  close(): void {
    this.heartbeat.stop();
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private deliver(viewer: string, socket: WebSocket, message: ServerMessage): void {
    this.context.tap?.(viewer, message);
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  /** Reads a channel's messages through the limits; `onMessage` gets only valid ones. */
  private guard(ws: WebSocket, viewer: string, onMessage: (message: PageMessage, error: (problem: string) => void) => void): void {
    const limits = this.context.limits;
    // A seat's (or the table's) tabs share one bucket: more tabs send no more; each start page has its own.
    const rate =
      viewer === 'lobby' ? new RateLimit(limits.ratePerSecond, limits.rateBurst) : rateOf(this.messageRates, viewer, limits.ratePerSecond, limits.rateBurst);
    const error = (problem: string): void => this.deliver(viewer, ws, { type: 'error', problem });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return error('binary messages are not accepted; send JSON text');
      if (!rate.take()) return error(`too many messages: at most ${limits.ratePerSecond} a second (${limits.rateBurst} at once); this one was dropped`);
      const raw = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const parsed = parsePageMessage(raw, limits.maxMessageBytes);
      if (!parsed.ok) return error(parsed.problem);
      onMessage(parsed.message, error);
    });
    ws.on('error', () => ws.terminate());
  }

  private lobbyChannel(ws: WebSocket): void {
    this.lobbies.add(ws);
    ws.on('close', () => this.lobbies.delete(ws));
    this.deliver('lobby', ws, this.context.lobbyState());
    this.guard(ws, 'lobby', (message, error) => {
      if (message.type === 'ports') {
        // The note is in plain words for the family; a failure's technical reason is not shown on the page.
        this.context
          .listPorts()
          .then((listing) => this.deliver('lobby', ws, { type: 'ports', ports: listing.ports, ...(listing.note === undefined ? {} : { note: listing.note }) }))
          .catch(() =>
            this.deliver('lobby', ws, {
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
      this.context.open(message).then(
        (problem) => {
          if (problem === null) return;
          this.deliver('lobby', ws, this.context.lobbyState());
          error(problem);
        },
        (e: unknown) => {
          this.deliver('lobby', ws, this.context.lobbyState());
          error(String(e));
        },
      );
    });
  }

  /** Tells the table pages which seats have a page open (the table folds its links once every person has joined). */
  private tellJoined(): void {
    const tables = this.viewers.get(TABLE);
    const current = this.context.current();
    if (tables === undefined || current === null) return;
    const joined = current.match.seats.filter((s) => (this.viewers.get(s.id)?.size ?? 0) > 0).map((s) => s.id);
    for (const socket of tables) this.deliver(TABLE, socket, { type: 'joined', seats: joined });
  }

  private viewerChannel(ws: WebSocket, viewer: string): void {
    const now = this.context.current();
    if (now === null) return ws.close(4004, 'no match');
    const { match } = now;
    const sockets = this.viewers.get(viewer) ?? new Set<WebSocket>();
    this.viewers.set(viewer, sockets);
    sockets.add(ws);
    const sendHere: Send = (message) => this.deliver(viewer, ws, message);
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
    if (viewer === TABLE)
      void this.context.links().then((links) => {
        if (links !== null) sendHere(links);
        this.tellJoined();
      });
    else this.tellJoined();
    if (now.linkDown !== null) sendHere(now.linkDown);
    const leave = match.join(viewer, sendHere);
    ws.on('close', () => {
      leave();
      sockets.delete(ws);
      if (this.context.current() === now) this.tellJoined();
    });
    this.guard(ws, viewer, (message, error) => {
      if (this.context.current()?.match !== match) return error('this match is over or was replaced; open the new link from the table page');
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
  }
}

function refuseUpgrade(socket: Socket, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

function rateOf(rates: Map<string, RateLimit>, key: string, perSecond: number, burst: number): RateLimit {
  let rate = rates.get(key);
  if (rate === undefined) {
    rate = new RateLimit(perSecond, burst);
    rates.set(key, rate);
  }
  return rate;
}
