// What keeps the web server answering when someone opens connections and leaves them there (no
// token needed: with --lan, anyone on the network): at most `perAddress` connections open at once
// from one address and `total` in all, kept below the process's file limit so a save always has a
// file to write (never EMFILE); an HTTP connection that sends nothing, sends its request too
// slowly, or stays idle between requests is closed after `idleMs`; a live channel (WebSocket) is
// pinged every `heartbeatMs` and closed when its page did not answer the last ping (a phone gone
// from the network: a half-open connection). A connection over a cap is closed at once, before
// anything is read from it.

import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

export interface ConnectionCaps {
  readonly perAddress: number;
  readonly total: number;
  readonly idleMs: number;
}

/** File descriptors kept free for saves, the timer's port, the page bundle and the rest of the program. */
const FILES_KEPT_FREE = 128;

/** This process's soft limit on open files (Linux: /proc/self/limits), or null when it cannot be read. */
export function openFileLimit(limits = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const n = Number(soft);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** The total cap: the configured one, lowered to stay below the file limit with room to spare. */
export function totalCap(configured: number, fileLimit: number | null = openFileLimit()): number {
  if (fileLimit === null) return configured;
  return Math.max(1, Math.min(configured, Math.floor((fileLimit - FILES_KEPT_FREE) / 2)));
}

/** Counts the connections of every server it watches, closes those over a cap, and times out idle ones. */
export class ConnectionGuard {
  private readonly byAddress = new Map<string, number>();
  private open = 0;
  /** Connections closed at once for being over a cap (for the tests and a log). */
  refused = 0;

  constructor(private readonly caps: ConnectionCaps) {}

  /** Options for `createServer`: how often Node checks the request time limits. */
  get serverOptions(): { readonly connectionsCheckingInterval: number } {
    return { connectionsCheckingInterval: Math.max(50, Math.min(this.caps.idleMs, 30_000)) };
  }

  /** Applies the caps and time limits to `server`'s connections. */
  watch(server: Server): void {
    const idle = this.caps.idleMs;
    server.timeout = idle; // no byte either way for this long: closed (a live channel clears it: ws does)
    server.headersTimeout = idle; // the whole request head within this, however slowly it dribbles in
    server.requestTimeout = idle * 3;
    server.keepAliveTimeout = Math.min(idle, 5000);
    server.on('connection', (socket: Socket) => this.admit(socket));
  }

  /** Counts a new connection, or closes it when its address or the server is at its cap. */
  private admit(socket: Socket): void {
    const address = socket.remoteAddress ?? 'unknown';
    const mine = this.byAddress.get(address) ?? 0;
    if (this.open >= this.caps.total || mine >= this.caps.perAddress) {
      this.refused += 1;
      socket.destroy();
      return;
    }
    this.open += 1;
    this.byAddress.set(address, mine + 1);
    socket.once('close', () => {
      this.open -= 1;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    });
  }

  /** Connections open now (all servers). */
  get openNow(): number {
    return this.open;
  }
}

/**
 * Pings every live channel it watches every `everyMs`; one whose page did not answer the previous
 * ping (browsers answer by themselves) is closed. `stop` ends it.
 */
export class Heartbeat {
  private readonly answered = new Map<WebSocket, boolean>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(everyMs: number) {
    this.timer = setInterval(() => this.beat(), everyMs);
    this.timer.unref?.();
  }

  watch(ws: WebSocket): void {
    this.answered.set(ws, true);
    ws.on('pong', () => {
      if (this.answered.has(ws)) this.answered.set(ws, true);
    });
    ws.once('close', () => this.answered.delete(ws));
  }

  private beat(): void {
    for (const [ws, answered] of this.answered) {
      if (ws.readyState !== ws.OPEN) continue; // closing: its close removes it
      if (!answered) {
        this.answered.delete(ws);
        ws.terminate();
        continue;
      }
      this.answered.set(ws, false);
      ws.ping();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
