// The web companion's server on its own (no browser): seat tokens, the start page only to this
// machine, limits, malformed and illegal messages, a seat trying to move another, each connection
// sent only its own view, whole games played over the live channel with every message checked for
// hidden cards (a whole game of 2 seats here, of 3 and 4 in npm run soak: server.soak.ts), and a
// server stopped and resumed with the same links.

import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { loadLimits } from '../../host/web/limits.ts';
import { Client, leaks, pathOf, startTestServer, wsUrl, type Message } from './support.ts';
import type { WebServer } from '../../host/web/server.ts';
import { liveClient, mover, type Opened, playWholeGame, settle, startGame as startLiveGame, type Track } from './live-play.ts';

const open: Opened[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function server(options: Parameters<typeof startTestServer>[0] = {}) {
  const started = await startTestServer(options);
  open.push(started.server);
  return started;
}

const track: Track = (opened) => open.push(opened);
const client = (url: string, headers: Record<string, string> = {}): Promise<Client> => liveClient(track, url, headers);
const startGame = (s: WebServer, people: number, extra: Record<string, unknown> = {}) => startLiveGame(track, s, people, extra);

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };

describe('web companion server', () => {
  it('serves the start page to this machine, and a seat or table page only on its unguessable token', async () => {
    const { server: s } = await server({ limits: FAST });
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const start = await get(s.url);
    expect(start.status).toBe(200);
    expect(start.body).toContain('/app/start.js');
    expect(String(start.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(start.headers['referrer-policy']).toBe('no-referrer');
    await startGame(s, 3);
    const links = s.links();
    if (links === null) throw new Error('no links');
    const tokens = [links.table, ...links.seats.map((l) => l.url)].map((u) => pathOf(u).split('/').pop() as string);
    expect(new Set(tokens).size).toBe(4);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await get(links.seats[0]?.url as string)).status).toBe(200);
    const wrong = `${s.url}seat/${'A'.repeat(32)}`;
    expect((await get(wrong)).status).toBe(404);
    await expect(Client.open(wsUrl(s.url, `/live/seat/${'A'.repeat(32)}`))).rejects.toThrow('HTTP 404');
    // A page of another site may not open the live channel from a browser on this machine.
    await expect(Client.open(wsUrl(s.url, '/live/lobby'), { Origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    const seatPath = pathOf(links.seats[0]?.url as string);
    await expect(Client.open(wsUrl(s.url, `/live${seatPath}`), { Origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('sends each connection its own view: a seat its hand and moves, the table the public view only', async () => {
    const { server: s, tapped } = await server({ limits: FAST });
    const { table, seats } = await startGame(s, 3);
    const hello = await seats[1]?.next((m) => m.type === 'hello');
    expect(hello?.['seat']).toEqual({ id: 'p2', name: 'Ben' });
    const tableSnap = table.snapshot() as Message;
    expect(tableSnap['moves']).toEqual([]);
    expect((tableSnap['view'] as { hand: unknown[] }).hand).toEqual([]);
    expect(await table.next((m) => m.type === 'links')).toMatchObject({ seats: [{ id: 'p1', name: 'Ana' }, { id: 'p2' }, { id: 'p3' }] });
    for (const [i, seat] of seats.entries()) {
      const snap = seat.snapshot() as Message;
      const view = snap['view'] as { viewer: string; hand: { id: string }[] };
      expect(view.viewer).toBe(`p${i + 1}`);
      expect(view.hand.length).toBeGreaterThan(0);
    }
    // Only the player to move is offered moves.
    const withMoves = seats.filter((c) => ((c.snapshot() as Message)['moves'] as unknown[]).length > 0);
    expect(withMoves).toHaveLength(1);
    // No seat ever received a link: those go to the table page alone.
    for (const seat of seats) expect(seat.received.some((m) => m.type === 'links')).toBe(false);
    expect(leaks(tapped)).toEqual([]);
  });

  it('refuses a seat link that tries to move another seat, and changes nothing', async () => {
    const { server: s } = await server({ limits: FAST });
    const { seats, table } = await startGame(s, 3);
    const turn = mover(seats);
    if (turn === null) throw new Error('nobody to move');
    const other = seats.find((c) => c !== turn.seat) as Client;
    const otherId = ((other.snapshot() as Message)['view'] as { viewer: string }).viewer;
    const moverId = (turn.snap['view'] as { viewer: string }).viewer;
    const tableBefore = table.received.length;
    // The other seat sends a move for the seat to move, as the mover's own menu would have it.
    other.send({ type: 'move', move: { actor: moverId, type: 'discard', character: 'guard' } });
    const refused = await other.next((m) => m.type === 'rejected');
    expect(String(refused['reason'])).toContain(`seat ${otherId} may only make its own moves`);
    // It may not use the mover's menu either: its own menu is empty.
    other.send({ type: 'choose', menu: (other.snapshot() as Message)['menu'], n: 0 });
    expect(String((await other.next((m) => m.type === 'error'))['problem'])).toContain('nothing to choose');
    await settle(50);
    expect(table.received.slice(tableBefore).filter((m) => m.type === 'events' || m.type === 'snapshot')).toEqual([]);
    // The table page makes no moves at all.
    table.send({ type: 'choose', menu: 1, n: 0 });
    expect(String((await table.next((m) => m.type === 'error'))['problem'])).toContain('the table page makes no moves');
  });

  it('answers malformed, oversized, stale and too frequent messages with an error naming the problem', async () => {
    const { server: s } = await server();
    const limits = loadLimits();
    const { seats } = await startGame(s, 2);
    const seat = seats[0] as Client;
    const problem = async (value: unknown): Promise<string> => {
      const from = seat.received.length;
      seat.send(value);
      return String((await seat.next((m) => m.type === 'error', from))['problem']);
    };
    expect(await problem('not json')).toContain('not JSON');
    expect(await problem('[1,2]')).toContain('not a JSON object');
    expect(await problem({ type: 'fly' })).toContain('unknown message type "fly"');
    expect(await problem({ type: 'choose', menu: 'one', n: 0 })).toMatch(/the choose message: menu: expected number/);
    expect(await problem({ type: 'choose', menu: 1, n: 0, extra: true })).toContain('unknown field "extra"');
    expect(await problem({ type: 'choose', menu: 1, n: -1 })).toContain('the choose message: n:');
    expect(await problem({ type: 'move', move: { actor: 'p1', type: 'x', pad: 'x'.repeat(limits.maxMessageBytes) } })).toContain(
      `at most ${limits.maxMessageBytes} are accepted`,
    );
    expect(await problem({ type: 'start', game: 'secret-invasion', seats: [{ name: 'Eve', bot: null }] })).toContain('belongs on the start page');
    expect(await problem({ type: 'resume', game: 'secret-invasion', seats: [] })).toContain('unknown field "seats"');
    const snap = seat.snapshot() as Message;
    expect(await problem({ type: 'choose', menu: Number(snap['menu']) + 5, n: 0 })).toContain('out of date');
    // A burst past the rate limit: the extra messages are dropped, each with an error.
    await settle(limits.rateBurst * (1000 / limits.ratePerSecond));
    const from = seat.received.length;
    for (let i = 0; i < limits.rateBurst + 10; i++) seat.send({ type: 'choose', menu: 0, n: 0 });
    await seat.next((m) => m.type === 'error' && String(m['problem']).startsWith('too many messages'), from);
    await settle(100);
    const errors = seat.received.slice(from).filter((m) => m.type === 'error');
    expect(errors.filter((m) => String(m['problem']).startsWith('too many messages')).length).toBeGreaterThanOrEqual(10);
    // None of it moved the game.
    expect(s.match()?.finished()).toBe(false);
    expect(seats[1]?.received.filter((m) => m.type === 'events')).toEqual([]);
  });

  it('refuses the start page and its live channel to a page that is not on this machine', async () => {
    const { server: s } = await server({ limits: FAST });
    // The start page answers a loopback connection only; a stray bad start is answered with its problem.
    const lobby = await client(wsUrl(s.url, '/live/lobby'));
    await lobby.next((m) => m.type === 'lobby');
    lobby.send({ type: 'start', game: 'chess', seats: [{ name: 'Ana', bot: null }] });
    expect(String((await lobby.next((m) => m.type === 'error'))['problem'])).toContain('no game "chess"');
    lobby.send({
      type: 'start',
      game: 'secret-invasion',
      seats: [
        { name: 'Ana', bot: 'oracle' },
        { name: 'Ben', bot: null },
      ],
    });
    expect(String((await lobby.next((m) => m.type === 'error' && String(m['problem']).includes('oracle')))['problem'])).toContain('has no bot "oracle"');
    lobby.send({ type: 'choose', menu: 1, n: 0 });
    expect(String((await lobby.next((m) => m.type === 'error' && String(m['problem']).includes('choose')))['problem'])).toContain('not the start page');
    lobby.send({ type: 'ports' });
    expect(await lobby.next((m) => m.type === 'ports')).toMatchObject({ ports: [] });
  });

  it('plays a whole game of Secret Invasion with 2 seats: no message to any page holds a card hidden from it (3 and 4 seats: server.soak.ts)', () =>
    playWholeGame(track, 2));

  it('a closed tab rejoins with its seat link; a server stopped mid-game resumes with the same links', async () => {
    const first = await server({ limits: FAST });
    const { seats } = await startGame(first.server, 2);
    for (let i = 0; i < 3; i++) {
      const turn = mover(seats);
      if (turn === null) break;
      const before = turn.seat.received.length;
      turn.seat.send({ type: 'choose', menu: turn.snap['menu'], n: 0 });
      await turn.seat.next((m) => m.type === 'snapshot', before);
      await settle(10);
    }
    const links = first.server.links();
    if (links === null) throw new Error('no links');
    const seatUrl = links.seats[0]?.url as string;
    // A reloaded tab: a new connection on the same link gets the same seat, its history and view.
    const view = (seats[0]!.snapshot() as Message)['view'];
    seats[0]?.close();
    const again = await client(wsUrl(first.server.url, `/live${pathOf(seatUrl)}`));
    expect(await again.next((m) => m.type === 'snapshot')).toMatchObject({ view });
    expect(((await again.next((m) => m.type === 'history'))['lines'] as string[]).length).toBeGreaterThan(0);
    // The server stops (its match saved after every move) and a new one resumes it.
    await first.server.close();
    const second = await server({ limits: FAST, saveDir: first.saveDir });
    const problem = await second.server.handle({ type: 'resume', game: 'secret-invasion', timer: { kind: 'none' } });
    expect(problem).toBeNull();
    const resumed = second.server.links();
    expect(resumed?.seats.map((l) => pathOf(l.url))).toEqual(links.seats.map((l) => pathOf(l.url)));
    const back = await client(wsUrl(second.server.url, `/live${pathOf(seatUrl)}`));
    expect(await back.next((m) => m.type === 'snapshot')).toMatchObject({ view });
  });

  it('a damaged save is not resumed: the problem says what to do and where a new match keeps the damaged file, and nothing is changed', async () => {
    const { server: web, saveDir } = await server({ limits: FAST });
    const savePath = join(saveDir, 'secret-invasion.web.save.json');
    writeFileSync(savePath, '{"half a save');
    const problem = await web.handle({ type: 'resume', game: 'secret-invasion', timer: { kind: 'none' } });
    expect(problem).toMatch(/^cannot resume: .*not valid JSON/);
    expect(problem).toContain(`start a new match instead (the damaged file is then kept as ${savePath}.damaged)`);
    expect(readFileSync(savePath, 'utf8')).toBe('{"half a save');
    expect(web.match()).toBeNull();
    // No save at all: what to do instead.
    expect(await web.handle({ type: 'resume', game: 'ambush', timer: { kind: 'none' } })).toMatch(/^cannot resume: .*; start a new match instead$/);
  });
});

describe('web companion server, by host name', () => {
  it('refuses a request or live channel reached under another host name (DNS rebinding)', async () => {
    const { server: s } = await server({ limits: FAST });
    expect((await get(s.url, { Host: `evil.example:${s.port}` })).status).toBe(421);
    await expect(Client.open(wsUrl(s.url, '/live/lobby'), { Host: `evil.example:${s.port}`, Origin: `http://evil.example:${s.port}` })).rejects.toThrow(
      'HTTP 421',
    );
    expect((await get(s.url.replace('127.0.0.1', 'localhost'))).status).toBe(200);
  });
});
