// A match started pass-and-play on the web companion's server (ws clients, the server on a manual
// clock): the host counts no quick window (no `countdown`, no `time-up`, nobody passed however long
// the window stays open); every snapshot carries the open window as `quickWindow` (its kind,
// length and number, the same for every viewer, and the viewer's own pass in its menu), which the
// pass-and-play page counts for each person from when their screen shows; a pass sent through a
// seat's channel is a judged move of that seat; such a match serves its pass-and-play page and no
// table or seat page; a resumed one is counted on the page afresh. A match on separate screens
// keeps the host's one countdown.

import { linksText } from '../../host/web/match-links.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { webGame } from '../../host/web/web-match.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { people } from '../table/support.ts';
import { FAST } from './pages.ts';
import { Client, pathOf, startTestServer, wsUrl, type Message } from './support.ts';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

type Json = Readonly<Record<string, unknown>>;
const OPTIONS = { bonus: true, 'quick-window-seconds': 5 };

/** Stolen Plans for Ana, Ben and Cy (bonus cards: Miss a Turn at a turn's start), started with `passAndPlay`, and a client on the table and each seat. */
async function startSp(passAndPlay: boolean, saveDir?: string) {
  const clock = new ManualClock(0);
  const started = await startTestServer({ games: [webGame(stolenPlansEntry)], limits: FAST, clock, ...(saveDir === undefined ? {} : { saveDir }) });
  open.push(started.server);
  const server = started.server;
  expect(
    await server.handle({
      type: 'start',
      game: 'stolen-plans',
      seats: people('Ana', 'Ben', 'Cy'),
      options: OPTIONS,
      seed: 7,
      timer: { kind: 'none' },
      passAndPlay,
    }),
  ).toBeNull();
  return { ...(await connect(server)), clock, tapped: started.tapped, saveDir: started.saveDir };
}

async function connect(server: Awaited<ReturnType<typeof startTestServer>>['server']) {
  const links = server.links();
  if (links === null) throw new Error('no match');
  const client = async (url: string): Promise<Client> => {
    const c = await Client.open(wsUrl(server.url, `/live${pathOf(url)}`));
    open.push(c);
    await c.next((m) => m.type === 'snapshot');
    return c;
  };
  const table = await client(links.table);
  const seats: Record<string, Client> = {};
  for (const s of links.seats) seats[s.id] = await client(s.url);
  return { server, links, table, seats };
}

const waitingOn = (m: Message | undefined): string[] => ((m?.['waitingOn'] as Json[] | undefined) ?? []).map((w) => String(w['id']));
const windowOf = (m: Message | undefined): Json | null => (m?.['quickWindow'] as Json | null | undefined) ?? null;
/** The open window as every viewer is told it alike (the pass's number in a menu is the viewer's own). */
const shared = (m: Message | undefined): Json | null => {
  const w = windowOf(m);
  if (w === null) return null;
  const { pass: _pass, ...rest } = w;
  return rest;
};

describe('a quick window in a match played pass-and-play', () => {
  it('is not counted by the host: every snapshot carries the window for the page to count, nobody is passed by time, a pass comes from the seat', async () => {
    const { server, table, seats, clock, tapped } = await startSp(true);
    expect(server.match()?.move('p1', { actor: 'p1', type: 'draw' })).toBeNull();
    await server.match()?.settled();
    // Ben's turn opens with the Miss a Turn window, asking Cy and Ana (who is asked never depends on a hand).
    const cy = await seats['p3']?.next((m) => m.type === 'snapshot' && windowOf(m) !== null);
    const ana = await seats['p1']?.next((m) => m.type === 'snapshot' && windowOf(m) !== null);
    const tableSnap = await table.next((m) => m.type === 'snapshot' && windowOf(m) !== null);
    expect(waitingOn(tableSnap)).toEqual(['p3', 'p1']);
    expect(shared(cy)).toEqual({ window: expect.any(String), seconds: 5, serial: expect.any(Number) });
    expect(shared(ana)).toEqual(shared(cy));
    expect(shared(tableSnap)).toEqual(shared(cy));
    for (const snap of [cy, ana, tableSnap]) expect(snap?.['countdown']).toBeNull();
    // Each one asked has their pass numbered in their own menu; the table has none.
    const cyPass = windowOf(cy)?.['pass'] as number;
    expect(((cy?.['moves'] as Json[] | undefined) ?? [])[cyPass]?.['label']).toMatch(/turn start/i);
    expect(windowOf(tableSnap)?.['pass']).toBeNull();

    // However long it stays open, the host passes nobody: the page counts each person's time.
    const before = tapped.length;
    clock.pass(60_000);
    await server.match()?.settled();
    expect(tapped.slice(before).filter((t) => t.message.type === 'time-up')).toEqual([]);
    expect(waitingOn(seats['p3']?.snapshot())).toEqual(['p3', 'p1']);

    // Cy's pass, sent through Cy's own seat channel as the page sends it when her time runs out: a judged move of hers.
    const from = seats['p3']?.received.length ?? 0;
    const anaFrom = seats['p1']?.received.length ?? 0;
    seats['p3']?.send({ type: 'choose', menu: cy?.['menu'], n: cyPass });
    await seats['p3']?.next((m) => m.type === 'moved', from);
    const after = await seats['p1']?.next((m) => m.type === 'snapshot' && waitingOn(m).join() === 'p1', anaFrom);
    // The same window goes on for Ana (its number unchanged), whose own time starts when her screen shows.
    expect(shared(after)).toEqual(shared(cy));
  });

  it('is played on its pass-and-play page only: no table or seat page, and only that link on the start page', async () => {
    const { server, links } = await startSp(true);
    expect(links.passAndPlay).toBe(true);
    expect(links.pass).toBe(links.table.replace('/table/', '/pass/'));
    const pass = await fetch(links.pass);
    expect(pass.status).toBe(200);
    // `serve --lan` prints the one page this match is played on, not the refused table and seat pages.
    expect(linksText(links)).toBe(`pass and play (one screen): ${links.pass}`);
    for (const url of [links.table, ...links.seats.map((s) => s.url)]) {
      const page = await fetch(url);
      expect(page.status).toBe(404);
      expect(await page.text()).toMatch(/played pass-and-play on one screen/);
    }
    const lobby = await Client.open(wsUrl(server.url, '/live/lobby'));
    open.push(lobby);
    const state = await lobby.next((m) => m.type === 'lobby');
    expect((state['current'] as Json)['passAndPlay']).toBe(true);
    expect((state['current'] as Json)['pass']).toBe(links.pass);
  });

  it('resumed pass-and-play still leaves the counting to the page; a match on separate screens keeps the host countdown', async () => {
    const first = await startSp(true);
    expect(first.server.match()?.move('p1', { actor: 'p1', type: 'draw' })).toBeNull();
    await first.server.match()?.settled();
    await first.server.close();
    const clock = new ManualClock(0);
    const again = await startTestServer({ games: [webGame(stolenPlansEntry)], limits: FAST, clock, saveDir: first.saveDir });
    open.push(again.server);
    expect(await again.server.handle({ type: 'resume', game: 'stolen-plans', timer: { kind: 'none' }, passAndPlay: true })).toBeNull();
    const resumed = await connect(again.server);
    const snap = resumed.seats['p3']?.snapshot();
    expect(shared(snap)).toEqual({ window: expect.any(String), seconds: 5, serial: expect.any(Number) });
    expect(snap?.['countdown']).toBeNull();
    clock.pass(60_000);
    expect(again.tapped.filter((t) => t.message.type === 'time-up')).toEqual([]);

    const separate = await startSp(false);
    expect(separate.server.match()?.move('p1', { actor: 'p1', type: 'draw' })).toBeNull();
    await separate.server.match()?.settled();
    const seen = await separate.seats['p3']?.next((m) => m.type === 'snapshot' && m['countdown'] !== null);
    expect(seen?.['countdown']).toMatchObject({ seconds: 5 });
    expect(seen !== undefined && 'quickWindow' in seen).toBe(false);
    expect((await fetch(separate.links.table)).status).toBe(200);
    separate.clock.pass(5_000);
    await separate.seats['p3']?.next((m) => m.type === 'time-up');
  });
});
