// The web server keeps answering under a flood: the serial ports are listed once for any number
// of "ports" requests, a link opened again and again or sending from many tabs is held to one
// budget, connections are capped per address and in all, idle and half-open ones are closed early,
// and a request naming two hosts is refused. Loopback only; every loop stops by itself.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadLimits, type Limits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { Client, pathOf, startTestServer, wsUrl } from './support.ts';

const open: { close(): Promise<void> | void }[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const o of open.splice(0).reverse()) await o.close();
});

const BASE = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };

async function server(limits: Partial<Limits>, extra: Parameters<typeof startTestServer>[0] = {}): Promise<WebServer> {
  const { server: web } = await startTestServer({ limits: { ...BASE, ...limits }, ...extra });
  open.push(web);
  return web;
}

async function lobbyOf(web: WebServer): Promise<Client> {
  const lobby = await Client.open(wsUrl(web.url, '/live/lobby'));
  open.push(lobby);
  await lobby.next((m) => m.type === 'lobby');
  return lobby;
}

/** What each raw connection received (read as it comes, so the server's closing is seen). */
const received = new WeakMap<Socket, string>();

/** A raw TCP connection from `localAddress` (127.0.0.x: each its own address) that sends `text`, if any. */
function raw(web: WebServer, localAddress: string, text = ''): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: web.port, localAddress }, () => {
      if (text !== '') socket.write(text);
      resolve(socket);
    });
    sockets.push(socket);
    received.set(socket, '');
    socket.on('data', (d) => received.set(socket, (received.get(socket) ?? '') + String(d)));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const closed = (socket: Socket): Promise<void> => new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** The whole answer to a raw request (the server closes the connection after it). */
async function answer(socket: Socket): Promise<string> {
  await closed(socket);
  return received.get(socket) ?? '';
}

describe('the start page asking for the serial ports again and again', () => {
  it('is answered every time from one listing (each ran udevadm per port)', async () => {
    let listings = 0;
    const web = await server(
      { portListCacheMs: 60_000 },
      {
        listPorts: async () => {
          listings += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { ports: [{ path: '/dev/ttyACM0', description: 'Pico' }] };
        },
      },
    );
    const lobbies = [await lobbyOf(web), await lobbyOf(web)];
    for (let i = 0; i < 40; i++) for (const lobby of lobbies) lobby.send({ type: 'ports' });
    for (const lobby of lobbies) await expect.poll(() => lobby.received.filter((m) => m.type === 'ports').length).toBe(40);
    expect(listings).toBe(1);
    expect(lobbies[0]?.received.find((m) => m.type === 'ports')).toMatchObject({ ports: [{ path: '/dev/ttyACM0' }] });
  });
});

describe('one link flooding', () => {
  async function withMatch(limits: Partial<Limits>) {
    const web = await server(limits);
    expect(
      await web.handle({
        type: 'start',
        game: 'ambush',
        seats: [
          { name: 'Ana', bot: null },
          { name: 'Ben', bot: null },
        ],
        options: {},
        seed: 1,
        timer: { kind: 'none' },
      }),
    ).toBeNull();
    const links = web.links();
    if (links === null) throw new Error('no match');
    return { web, ana: wsUrl(web.url, `/live${pathOf(links.seats[0]?.url as string)}`), ben: wsUrl(web.url, `/live${pathOf(links.seats[1]?.url as string)}`) };
  }

  it('a seat link opened again and again is refused once over its budget; the other seats open as usual', async () => {
    const { ana, ben } = await withMatch({ joinsPerSecond: 1, joinBurst: 4 });
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 12; i++) {
      try {
        const c = await Client.open(ana);
        accepted += 1;
        c.close();
      } catch (error) {
        expect(String(error)).toContain('HTTP 429');
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(12);
    const other = await Client.open(ben);
    open.push(other);
    await other.next((m) => m.type === 'snapshot');
  });

  it("a seat's tabs share one message budget: more tabs send no more", async () => {
    const { ana } = await withMatch({ ratePerSecond: 1, rateBurst: 5, maxConnectionsPerViewer: 4 });
    const tabs: Client[] = [];
    for (let i = 0; i < 4; i++) {
      const tab = await Client.open(ana);
      open.push(tab);
      await tab.next((m) => m.type === 'snapshot');
      tabs.push(tab);
    }
    const from = tabs.map((t) => t.received.length);
    for (let i = 0; i < 5; i++) for (const tab of tabs) tab.send({ type: 'move', move: { actor: 'p1', type: 'no such move' } });
    // Every message is answered: a refusal of the move (taken) or "too many messages" (dropped).
    const answers = (t: Client, i: number) => t.received.slice(from[i]).filter((m) => m.type === 'rejected' || m.type === 'error');
    for (const [i, tab] of tabs.entries()) await expect.poll(() => answers(tab, i).length).toBeGreaterThanOrEqual(5);
    const dropped = tabs.flatMap((t, i) => answers(t, i)).filter((m) => String(m['problem'] ?? '').startsWith('too many messages')).length;
    const taken = 20 - dropped;
    expect(taken).toBeGreaterThanOrEqual(5);
    expect(taken).toBeLessThan(10); // 5 at once and 1 a second, for all four tabs together (each had 5 of its own)
  });
});

describe('connections held open', () => {
  it('from one address beyond its cap are closed at once; other addresses are still answered', async () => {
    const web = await server({ maxConnectionsPerAddress: 3, maxConnections: 5, idleMs: 60_000 });
    const held = [await raw(web, '127.0.0.2'), await raw(web, '127.0.0.2'), await raw(web, '127.0.0.2')];
    const over = await raw(web, '127.0.0.2');
    await closed(over);
    expect(held.every((s) => !s.destroyed)).toBe(true);
    const page = await raw(web, '127.0.0.1', `GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\nConnection: close\r\n\r\n`);
    expect(await answer(page)).toMatch(/^HTTP\/1\.1 (200|404)/);
    // In all: two more from another address fill the server; the next from a third is closed.
    held.push(await raw(web, '127.0.0.3'), await raw(web, '127.0.0.3'));
    const full = await raw(web, '127.0.0.4');
    await closed(full);
    // Once some go, the server answers again.
    for (const s of held.splice(0, 2)) {
      s.destroy();
      await closed(s);
    }
    await expect
      .poll(
        async () => {
          const again = await raw(web, '127.0.0.4', `GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\nConnection: close\r\n\r\n`);
          return /^HTTP\/1\.1/.test(await answer(again));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  }, 15_000);

  it('an idle connection, and one that sends half a request, are closed long before a minute', async () => {
    const web = await server({ idleMs: 200 });
    const silent = await raw(web, '127.0.0.5');
    const half = await raw(web, '127.0.0.5', `GET / HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\n`);
    await Promise.all([closed(silent), closed(half)]);
  }, 15_000);

  it('a live channel whose page stopped answering pings is closed', async () => {
    const web = await server({ heartbeatMs: 100 });
    const gone = new WebSocket(wsUrl(web.url, '/live/lobby'), { autoPong: false });
    const ended = new Promise<number>((resolve) => gone.once('close', (code) => resolve(code)));
    gone.on('error', () => undefined);
    expect(await ended).toBe(1006);
    // A page that answers stays.
    const alive = await lobbyOf(web);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alive.closed).toBeNull();
  }, 15_000);
});

describe('the Host header', () => {
  it('a request with two Host headers is refused, whichever comes first', async () => {
    const web = await server({});
    for (const [first, second] of [
      [`127.0.0.1:${web.port}`, 'evil.example'],
      ['evil.example', `127.0.0.1:${web.port}`],
    ]) {
      const socket = await raw(web, '127.0.0.1', `GET / HTTP/1.1\r\nHost: ${first}\r\nHost: ${second}\r\nConnection: close\r\n\r\n`);
      expect(await answer(socket)).toMatch(/^HTTP\/1\.1 (421|400)/);
    }
    const upgrade = await raw(
      web,
      '127.0.0.1',
      `GET /live/lobby HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\nHost: evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    expect(await answer(upgrade)).toMatch(/^HTTP\/1\.1 421/);
  });
});
