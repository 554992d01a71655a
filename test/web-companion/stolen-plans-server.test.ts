// Stolen Plans on the web companion's server, over the live channel (ws clients): the start page's
// channel starts it with its options; each seat is sent its own hand with the cards' faces and its
// own moves, the table the public view only; a seat cannot move another; whole games with 2 to 4
// seats (people and bots) are played to the end with every message checked against what its
// viewer could not know when it was sent.

import { afterEach, describe, expect, it } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { messageLeaks } from './stolen-plans-support.ts';
import { Client, pathOf, startTestServer, wsUrl, type Message } from './support.ts';

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee'];

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function client(url: string): Promise<Client> {
  const c = await Client.open(url);
  open.push(c);
  return c;
}

async function startGame(bots: readonly (string | null)[], options: Record<string, unknown>, seed: number) {
  const started = await startTestServer({ limits: FAST, games: [webGame(stolenPlansEntry)] });
  open.push(started.server);
  const s = started.server;
  const lobby = await client(wsUrl(s.url, '/live/lobby'));
  const hello = await lobby.next((m) => m.type === 'lobby');
  lobby.send({ type: 'start', game: 'stolen-plans', seats: bots.map((bot, i) => ({ name: NAMES[i], bot })), options, seed });
  await lobby.next((m) => m.type === 'lobby' && m['current'] !== null);
  const links = s.links();
  if (links === null) throw new Error('no match started');
  const table = await client(wsUrl(s.url, `/live${pathOf(links.table)}`));
  const seats: Client[] = [];
  // Seat links are for the people's seats only.
  expect(links.seats.map((l) => l.name)).toEqual(NAMES.filter((_, i) => i < bots.length && bots[i] === null));
  for (const seat of links.seats) seats.push(await client(wsUrl(s.url, `/live${pathOf(seat.url)}`)));
  await table.next((m) => m.type === 'snapshot');
  for (const seat of seats) await seat.next((m) => m.type === 'snapshot');
  return { server: s, tapped: started.tapped, lobby: hello, table, seats };
}

function mover(seats: readonly Client[]): { seat: Client; snap: Message } | null {
  for (const seat of seats) {
    const snap = seat.snapshot();
    if (snap !== undefined && Array.isArray(snap['moves']) && (snap['moves'] as unknown[]).length > 0) return { seat, snap };
  }
  return null;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function playToEnd(s: WebServer, seats: readonly Client[], seed: number): Promise<number> {
  let x = seed >>> 0;
  let moves = 0;
  for (let guard = 0; guard < 4000 && !(s.match()?.finished() ?? true); guard++) {
    const turn = mover(seats);
    if (turn === null) {
      await settle(5);
      continue;
    }
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const before = turn.seat.received.length;
    turn.seat.send({ type: 'choose', menu: turn.snap['menu'], n: x % (turn.snap['moves'] as unknown[]).length });
    await turn.seat.next((m) => m.type === 'snapshot' || m.type === 'rejected' || m.type === 'error', before);
    moves++;
  }
  return moves;
}

describe('Stolen Plans on the web companion server', () => {
  it('is offered on the start page with its options and bots; each seat gets its own hand with faces and moves, the table no hand; a seat cannot move another', async () => {
    const { lobby, table, seats } = await startGame([null, null, null], { bonus: true, 'quick-window-seconds': 60 }, 3);
    const offered = (lobby['games'] as Message[]).find((g) => g['id'] === 'stolen-plans');
    if (offered === undefined) throw new Error('Stolen Plans is not offered');
    expect(offered).toMatchObject({ title: 'Star Wars: Stolen Plans', defaultBot: 'hunter' });
    expect((offered['bots'] as { id: string }[]).map((b) => b.id)).toEqual(['random', 'hunter', 'search']);
    expect((offered['options'] as { id: string }[]).map((o) => o.id)).toContain('quick-window-seconds');
    const tableView = (table.snapshot() as Message)['view'] as { hand: string[]; faces: Record<string, unknown> };
    expect(tableView.hand).toEqual([]);
    expect(Object.keys(tableView.faces)).toEqual([]); // nothing face up yet
    for (const [i, seat] of seats.entries()) {
      const view = (seat.snapshot() as Message)['view'] as { viewer: string; hand: string[]; faces: Record<string, { text: string }> };
      expect(view.viewer).toBe(`p${i + 1}`);
      expect(view.hand).toHaveLength(5);
      for (const card of view.hand) expect(view.faces[card.replace(/-\d+$/, '')]?.text).toMatch(/\w/);
    }
    const turn = mover(seats);
    if (turn === null) throw new Error('nobody to move');
    expect((turn.snap['moves'] as { label: string }[]).some((m) => m.label === 'Draw a card')).toBe(true);
    const other = seats.find((c) => c !== turn.seat) as Client;
    const moverId = (turn.snap['view'] as { viewer: string }).viewer;
    other.send({ type: 'move', move: { actor: moverId, type: 'draw' } });
    expect(String((await other.next((m) => m.type === 'rejected'))['reason'])).toMatch(/may only make its own moves/);
  });

  it('plays whole games with 2, 3 and 4 seats, people and bots: no message to any page holds a card hidden from it', async () => {
    for (const [bots, options] of [
      [[null, null], { 'r2-d2-where-are-you': true }],
      [[null, 'hunter', null], { bonus: true, 'new-ruling': true, 'quick-window-seconds': 60 }],
      [[null, null, 'random', null], { bonus: true, 'there-is-another': true, 'quick-window-seconds': 60 }],
      [[null, 'hunter', null], { 'rogue-one': true, 'additional-bonus': true, 'quick-window-seconds': 60 }],
    ] as const) {
      const { server: s, tapped, table, seats } = await startGame(bots, options, 40 + bots.length);
      const moves = await playToEnd(s, seats, bots.length);
      expect(s.match()?.finished(), `${bots.length} seats, after ${moves} moves`).toBe(true);
      expect(String((await table.next((m) => m.type === 'finished'))['summary'])).toMatch(/wins|nobody/);
      expect(moves).toBeGreaterThan(10);
      expect(messageLeaks(tapped)).toEqual([]);
      await s.close();
    }
  }, 120_000);
});
