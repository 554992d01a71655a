// Stolen Plans on the web companion's server over the live channel (ws clients), shared by its test
// (npm test: a few of the tables) and its soak (npm run soak: every table): the start page's channel
// starts a match, each people's seat gets a page, and the pages choose moves until the game is over.

import { expect } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { messageLeaks } from './stolen-plans-support.ts';
import { Client, type Message, pathOf, startTestServer, type Tapped, wsUrl } from './support.ts';

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
const NAMES = ['Ana', 'Ben', 'Cy', 'Dee'];

/** What a test closes after it (in reverse order: the clients, then the server). */
export interface Closable {
  close(): Promise<void> | void;
}

/** A table of the whole-game run: each seat a person (null) or a bot, and the options. */
interface LiveTable {
  readonly bots: readonly (string | null)[];
  readonly options: Readonly<Record<string, unknown>>;
}

/** The tables of run "stolen-plans-live-games", by seed: 2 to 4 seats, people and bots, each set of options. */
const LIVE_TABLES: Readonly<Record<number, LiveTable>> = {
  1: { bots: [null, null], options: { 'r2-d2-where-are-you': true } },
  2: { bots: [null, 'hunter', null], options: { bonus: true, 'new-ruling': true, 'quick-window-seconds': 60 } },
  3: { bots: [null, null, 'random', null], options: { bonus: true, 'there-is-another': true, 'quick-window-seconds': 60 } },
  4: { bots: [null, 'hunter', null], options: { 'rogue-one': true, 'additional-bonus': true, 'quick-window-seconds': 60 } },
};

/** The table seed `seed` names; refuses a seed that names none. */
export function liveTable(seed: number): LiveTable {
  const table = LIVE_TABLES[seed];
  if (table === undefined) throw new Error(`seed ${seed} names no table of stolen-plans-live-games (it has ${Object.keys(LIVE_TABLES).join(', ')})`);
  return table;
}

async function client(url: string, opened: Closable[]): Promise<Client> {
  const c = await Client.open(url);
  opened.push(c);
  return c;
}

/** A match started from the start page's channel with seats `bots` (null: a person), `options` and `seed`; a client for the table and each people's seat. */
export async function startLiveGame(bots: readonly (string | null)[], options: Readonly<Record<string, unknown>>, seed: number, opened: Closable[]) {
  const started = await startTestServer({ limits: FAST, games: [webGame(stolenPlansEntry)] });
  opened.push(started.server);
  const s = started.server;
  const lobby = await client(wsUrl(s.url, '/live/lobby'), opened);
  const hello = await lobby.next((m) => m.type === 'lobby');
  lobby.send({ type: 'start', game: 'stolen-plans', seats: bots.map((bot, i) => ({ name: NAMES[i], bot })), options, seed });
  await lobby.next((m) => m.type === 'lobby' && m['current'] !== null);
  const links = s.links();
  if (links === null) throw new Error('no match started');
  const table = await client(wsUrl(s.url, `/live${pathOf(links.table)}`), opened);
  const seats: Client[] = [];
  // Seat links are for the people's seats only.
  expect(links.seats.map((l) => l.name)).toEqual(NAMES.filter((_, i) => i < bots.length && bots[i] === null));
  for (const seat of links.seats) seats.push(await client(wsUrl(s.url, `/live${pathOf(seat.url)}`), opened));
  await table.next((m) => m.type === 'snapshot');
  for (const seat of seats) await seat.next((m) => m.type === 'snapshot');
  return { server: s, tapped: started.tapped as readonly Tapped[], lobby: hello, table, seats };
}

/** The first seat whose latest snapshot offers moves, with that snapshot. */
export function mover(seats: readonly Client[]): { seat: Client; snap: Message } | null {
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

/** Plays the table seed `seed` names to the end: the table is told who won, no message to any page held a card hidden from it. */
export async function playLiveTable(seed: number, opened: Closable[]): Promise<void> {
  const { bots, options } = liveTable(seed);
  const { server: s, tapped, table, seats } = await startLiveGame(bots, options, 40 + bots.length, opened);
  const moves = await playToEnd(s, seats, bots.length);
  expect(s.match()?.finished(), `${bots.length} seats, after ${moves} moves`).toBe(true);
  expect(String((await table.next((m) => m.type === 'finished'))['summary'])).toMatch(/wins|nobody/);
  expect(moves).toBeGreaterThan(10);
  expect(messageLeaks(tapped)).toEqual([]);
}
