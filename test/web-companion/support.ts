// Helpers for the web companion's tests: a server on the table front end's entries, WebSocket
// clients that collect what they are sent, and a check of every message for hidden cards.

import WebSocket from 'ws';
import { secretInvasionEntry, ambushEntry } from '../table/entries.ts';
import { startWebServer, type WebServer, type WebServerOptions } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { STANDARD_DECK } from '../../host/games/secret-invasion/deck.ts';
import { cardView } from '../../host/games/secret-invasion/view.ts';

export const GAMES = [webGame(secretInvasionEntry), webGame(ambushEntry)];

/** Every message sent to a viewer, with what that viewer could not know when it was sent. */
export interface Tapped {
  readonly viewer: string;
  /** A `ServerMessage`, read as the JSON it is sent as. */
  readonly message: Message;
  readonly secrets: readonly string[];
}

export async function startTestServer(options: Partial<WebServerOptions> = {}): Promise<{ server: WebServer; tapped: Tapped[]; saveDir: string }> {
  const tapped: Tapped[] = [];
  const saveDir = options.saveDir === undefined ? testTempDir('web-companion-') : (options.saveDir as string);
  let server: WebServer | null = null;
  server = await startWebServer({
    games: GAMES,
    saveDir,
    ...options,
    tap: (viewer, message) => {
      const match = server?.match() ?? null;
      tapped.push({ viewer, message, secrets: match === null || viewer === 'lobby' ? [] : match.secretsFrom(viewer) });
    },
  });
  return { server, tapped, saveDir };
}

/**
 * Secret Invasion: the names of the cards the viewer of `snapshot` might not know when it was sent
 * and that do not show anywhere in that snapshot's own view. Give the snapshot the page has drawn
 * (`readDrawn`), or the last one its viewer was sent (`lastSnapshotTo`) once the match has settled.
 */
export function hiddenNames(snapshot: Tapped | undefined): string[] {
  if (snapshot === undefined) return [];
  const seen = JSON.stringify(snapshot.message['view'] ?? {});
  const names = new Set(snapshot.secrets.map((id) => cardView(STANDARD_DECK, id).name));
  // A name the view holds anywhere (a card, or a card's text: "Like the Stormtrooper…") is not hidden.
  return [...names].filter((name) => !seen.includes(name));
}

/**
 * Secret Invasion's private events, by who may see their cards: a draw or deal by its player, Han's
 * look by the looker (and the target: it is their own card), a comparison or a swap by its two players. A card in such an event sent to
 * anyone else is a leak (the events are the game's `eventFor` output, routed per connection).
 */
function privateEventLeak(viewer: string, event: Readonly<Record<string, unknown>>): string | null {
  const mayKnow = (...players: unknown[]): boolean => players.includes(viewer);
  switch (event['type']) {
    case 'card-dealt':
    case 'card-drawn':
      return event['card'] !== null && !mayKnow(event['player']) ? String(event['card']) : null;
    case 'han-looked':
      return event['card'] !== null && !mayKnow(event['player'], event['target']) ? String(event['card']) : null;
    case 'droids-compared':
    case 'hands-swapped':
      return (event['playerCard'] !== null || event['targetCard'] !== null) && !mayKnow(event['player'], event['target'])
        ? `${String(event['playerCard'])}/${String(event['targetCard'])}`
        : null;
    default:
      return null;
  }
}

/**
 * What a message must not hold. Views, prompts, menus, labels, errors and notes are checked whole
 * against the secrets of the state when they were sent. Events are checked by the rules of who may
 * see each private event (a card once revealed by the rules may stay hidden in the state: the
 * loser of a comparison saw the winner's card), and the history is those events replayed.
 */
function checkedPart(message: Message): unknown {
  return message.type === 'events' || message.type === 'history' ? null : message;
}

/** Messages that hold a secret of their viewer's, as a quoted JSON string (card ids are whole strings). */
export function leaks(tapped: readonly Tapped[]): string[] {
  const found: string[] = [];
  for (const t of tapped) {
    const json = JSON.stringify(checkedPart(t.message));
    for (const secret of t.secrets) if (json.includes(JSON.stringify(secret))) found.push(`${t.viewer} was sent ${secret} in ${json.slice(0, 300)}`);
    if (t.message.type === 'events') {
      for (const event of t.message['events'] as Readonly<Record<string, unknown>>[]) {
        const leak = privateEventLeak(t.viewer, event);
        if (leak !== null) found.push(`${t.viewer} was sent ${leak} in ${JSON.stringify(event)}`);
      }
    }
  }
  return found;
}

export type Message = Readonly<Record<string, unknown>> & { readonly type: string };

/** A live-channel client that keeps everything it receives and can wait for a message. */
export class Client {
  readonly received: Message[] = [];
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new Client(ws);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The first message (already received or still to come) that passes `test`, after `from`. */
  next(test: (m: Message) => boolean, from = 0, timeoutMs = 10_000): Promise<Message> {
    const seen = this.received.slice(from).find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(this.received.slice(-5))}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** The latest snapshot received. */
  snapshot(): Message | undefined {
    return [...this.received].reverse().find((m) => m.type === 'snapshot');
  }

  close(): void {
    this.ws.close();
  }
}

export const wsUrl = (httpUrl: string, path: string): string => httpUrl.replace(/^http/, 'ws').replace(/\/$/, '') + path;
export const pathOf = (url: string): string => new URL(url).pathname;
