// Secret Invasion played over the web companion's live channel (WebSocket clients, no browser),
// for server.test.ts and server.soak.ts: a match started from the start page's channel, the table
// and every seat connected, and moves chosen at random (seeded) seat by seat to the end, every
// message checked for hidden cards.

import { expect } from 'vitest';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { Client, leaks, pathOf, startTestServer, wsUrl, type Message } from './support.ts';

/** Something a test opened, closed after it. */
export interface Opened {
  close(): Promise<void> | void;
}
/** Keeps what a test opened, to close it after the test. */
export type Track = (opened: Opened) => void;

/** A live-channel client, closed with the test's other openings. */
export async function liveClient(track: Track, url: string, headers: Record<string, string> = {}): Promise<Client> {
  const c = await Client.open(url, headers);
  track(c);
  return c;
}

const NAMES = ['Ana', 'Ben', 'Cy', 'Dee'];

/** Starts Secret Invasion for `people` persons through the start page's live channel. */
export async function startGame(
  track: Track,
  s: WebServer,
  people: number,
  extra: Record<string, unknown> = {},
): Promise<{ lobby: Client; table: Client; seats: Client[] }> {
  const lobby = await liveClient(track, wsUrl(s.url, '/live/lobby'));
  await lobby.next((m) => m.type === 'lobby');
  lobby.send({ type: 'start', game: 'secret-invasion', seats: NAMES.slice(0, people).map((name) => ({ name, bot: null })), seed: 7, ...extra });
  await lobby.next((m) => m.type === 'lobby' && m['current'] !== null);
  const links = s.links();
  if (links === null) throw new Error('no match started');
  const table = await liveClient(track, wsUrl(s.url, `/live${pathOf(links.table)}`));
  const seats: Client[] = [];
  for (const seat of links.seats) seats.push(await liveClient(track, wsUrl(s.url, `/live${pathOf(seat.url)}`)));
  await table.next((m) => m.type === 'snapshot');
  for (const seat of seats) await seat.next((m) => m.type === 'snapshot');
  return { lobby, table, seats };
}

/** The seat whose latest snapshot offers moves. */
export function mover(seats: readonly Client[]): { seat: Client; snap: Message } | null {
  for (const seat of seats) {
    const snap = seat.snapshot();
    if (snap !== undefined && Array.isArray(snap['moves']) && (snap['moves'] as unknown[]).length > 0) return { seat, snap };
  }
  return null;
}

export const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms));

/** Plays the match to its end by choosing moves at random (seeded), seat by seat. */
export async function playToEnd(s: WebServer, seats: readonly Client[], seed: number): Promise<number> {
  let x = seed >>> 0;
  const random = (n: number): number => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
  let moves = 0;
  for (let guard = 0; guard < 2000 && !(s.match()?.finished() ?? true); guard++) {
    const turn = mover(seats);
    if (turn === null) {
      await settle(5);
      continue;
    }
    const count = (turn.snap['moves'] as unknown[]).length;
    const before = turn.seat.received.length;
    turn.seat.send({ type: 'choose', menu: turn.snap['menu'], n: random(count) });
    await turn.seat.next((m) => m.type === 'snapshot' || m.type === 'rejected' || m.type === 'error', before);
    moves++;
    await settle(2);
  }
  return moves;
}

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };

/** A whole game of Secret Invasion for `people` persons, played to its end: no message to any page holds a card hidden from it. */
export async function playWholeGame(track: Track, people: number): Promise<void> {
  const { server: s, tapped } = await startTestServer({ limits: FAST });
  track(s);
  const { table, seats } = await startGame(track, s, people, { seed: 100 + people });
  const moves = await playToEnd(s, seats, people);
  expect(s.match()?.finished(), `${people} seats, after ${moves} moves`).toBe(true);
  const finished = await table.next((m) => m.type === 'finished');
  expect(String(finished['summary'])).not.toBe('');
  for (const seat of seats) await seat.next((m) => m.type === 'finished');
  expect(tapped.filter((t) => t.viewer !== 'table' && t.viewer !== 'lobby').length).toBeGreaterThan(moves);
  expect(leaks(tapped)).toEqual([]);
  await s.close();
}
