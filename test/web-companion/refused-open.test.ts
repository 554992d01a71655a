// A start or resume the server refuses changes nothing: the match being played goes on, its pages
// stay connected and its links keep working (they used to be closed with 4000 and answer 404).
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockSave } from '../../host/engine/save-lock.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { Client, pathOf, startTestServer, wsUrl } from './support.ts';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };

function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const ambushSeats = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: 'heuristic' },
];

/** A server playing an Ambush match, its table page and Ana's seat page connected. */
async function playing(): Promise<{ web: WebServer; saveDir: string; lobby: Client; table: Client; seat: Client }> {
  const { server: web, saveDir } = await startTestServer({ limits: FAST });
  open.push(web);
  const lobby = await Client.open(wsUrl(web.url, '/live/lobby'));
  open.push(lobby);
  await lobby.next((m) => m.type === 'lobby');
  expect(await web.handle({ type: 'start', game: 'ambush', seats: ambushSeats, seed: 3, options: {}, timer: { kind: 'none' } })).toBeNull();
  const links = web.links();
  if (links === null) throw new Error('no match');
  const table = await Client.open(wsUrl(web.url, `/live${pathOf(links.table)}`));
  const seat = await Client.open(wsUrl(web.url, `/live${pathOf(links.seats[0]?.url as string)}`));
  open.push(table, seat);
  await table.next((m) => m.type === 'snapshot');
  await seat.next((m) => m.type === 'snapshot');
  return { web, saveDir, lobby, table, seat };
}

/** The match, its pages and its links are as they were. */
async function unchanged(web: WebServer, before: ReturnType<typeof snapshotOf>, table: Client, seat: Client): Promise<void> {
  expect(snapshotOf(web)).toEqual(before);
  expect(table.closed).toBeNull();
  expect(seat.closed).toBeNull();
  const links = web.links();
  if (links === null) throw new Error('the match is gone');
  expect(await status(links.table)).toBe(200);
  expect(await status(links.seats[0]?.url as string)).toBe(200);
  // The seat still plays: a move goes through and is answered.
  const from = seat.received.length;
  seat.send({ type: 'move', move: { actor: 'p1', type: 'no such move' } });
  await seat.next((m) => m.type === 'rejected' || m.type === 'error', from);
}

function snapshotOf(web: WebServer) {
  return { match: web.match(), links: web.links() };
}

describe('a refused start or resume changes nothing', () => {
  it('a start refused because the save is locked by another server', async () => {
    const { web, saveDir, table, seat } = await playing();
    const before = snapshotOf(web);
    const lock = lockSave(join(saveDir, 'secret-invasion.web.save.json'), 'serve (another server)');
    try {
      const problem = await web.handle({
        type: 'start',
        game: 'secret-invasion',
        seats: [
          { name: 'Ana', bot: null },
          { name: 'Ben', bot: null },
        ],
        options: {},
        timer: { kind: 'none' },
      });
      expect(problem).toMatch(/is in use by another companion \(serve \(another server\)/);
    } finally {
      lock.release();
    }
    await unchanged(web, before, table, seat);
  });

  it('a start refused for a bad bot name, of another game or of the game being played', async () => {
    const { web, table, seat } = await playing();
    const before = snapshotOf(web);
    const badBots = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: 'grand-moff' },
    ];
    expect(await web.handle({ type: 'start', game: 'secret-invasion', seats: badBots, options: {}, timer: { kind: 'none' } })).toMatch(
      /has no bot "grand-moff"/,
    );
    expect(await web.handle({ type: 'start', game: 'ambush', seats: badBots, options: {}, timer: { kind: 'none' } })).toMatch(/has no bot "grand-moff"/);
    await unchanged(web, before, table, seat);
  });

  it('a resume refused because the save of another game is damaged, or of the game being played is damaged', async () => {
    const { web, saveDir, table, seat } = await playing();
    const before = snapshotOf(web);
    writeFileSync(join(saveDir, 'secret-invasion.web.save.json'), '{"half a save');
    expect(await web.handle({ type: 'resume', game: 'secret-invasion', timer: { kind: 'none' } })).toMatch(/^cannot resume: .*not valid JSON/);
    // The save of the match being played, damaged behind its back (and its backup gone): refused, nothing changes.
    writeFileSync(join(saveDir, 'ambush.web.save.json'), 'not a save');
    writeFileSync(join(saveDir, 'ambush.web.save.json.bak'), 'not a save either');
    expect(await web.handle({ type: 'resume', game: 'ambush', timer: { kind: 'none' } })).toMatch(/^cannot resume: /);
    await unchanged(web, before, table, seat);
  });

  it('a start that is not refused replaces the match as before: its pages are told (4000)', async () => {
    const { web, table } = await playing();
    const before = web.match();
    expect(await web.handle({ type: 'start', game: 'ambush', seats: ambushSeats, seed: 4, options: {}, timer: { kind: 'none' } })).toBeNull();
    expect(web.match()).not.toBe(before);
    await expect.poll(() => table.closed?.code).toBe(4000);
  });
});
