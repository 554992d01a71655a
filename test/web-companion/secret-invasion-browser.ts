// Secret Invasion in Debian's Chromium, shared by its browser test (npm test: the first moves) and
// its soak (npm run soak: the whole game): the start page starts it with a seed, the table page
// (its QR codes) and one browser context per seat play it by clicking the seat pages' own buttons,
// the board drawn on every seat page checked every 10 moves against what that seat may not know.
// Screenshots of the table and a seat page go to build/.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  BUILD,
  type CompanionPages,
  type PlayedInBrowser,
  expectNamedButtons,
  FAST,
  LAPTOP,
  playByClicking,
  readDrawn,
  type SeatPage,
  startFromStartPage,
} from './pages.ts';
import { hiddenNames, startTestServer, type Tapped } from './support.ts';

/** Checks the board drawn on every seat page against what that seat may not know as of the snapshot the page has drawn. */
async function checkBoards(tapped: readonly Tapped[], seats: readonly SeatPage[]): Promise<void> {
  for (const seat of seats) {
    const drawn = await readDrawn(tapped, seat.id, seat.page, { board: '.board' });
    const board = (drawn.texts['board'] ?? []).join('\n');
    for (const name of hiddenNames(drawn.snapshot)) expect(board, `${seat.id}'s board shows ${name}`).not.toContain(name);
  }
}

/**
 * Starts match seed `seed` from the start page (Ana, Ben and Cy), checks the pages as dealt (every
 * control named, screenshots to build/), then clicks until the game is over or `upTo` moves were made.
 */
export async function playSecretInvasion(session: CompanionPages, seed: number, upTo: number): Promise<PlayedInBrowser> {
  const { server, tapped } = await session.serve(startTestServer({ limits: FAST }));
  const start = await session.pageAt(server.url, LAPTOP);
  const links = await startFromStartPage(start, server, 'secret-invasion', ['Ana', 'Ben', 'Cy'], async () => {
    await start.getByLabel('Seed (a whole number; empty for a random deal)').fill(String(seed));
  });
  expect(links.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Cy']);

  const table = await session.pageAt(links.table, LAPTOP);
  await table.getByRole('img', { name: "QR code of Ana's seat link" }).waitFor();
  const seats: SeatPage[] = [];
  for (const link of links.seats) seats.push({ id: link.id, page: await session.pageAt(link.url) });
  for (const seat of seats) await seat.page.locator('.hand .card').first().waitFor();
  // Every control has a name a screen reader can say.
  for (const seat of seats) await expectNamedButtons(seat.page);
  mkdirSync(BUILD, { recursive: true });
  await table.screenshot({ path: join(BUILD, 'web-companion-table.png'), fullPage: true });
  let toMove = seats[0];
  for (const seat of seats) if ((await seat.page.locator('.move-list button').count()) > 0) toMove = seat;
  await toMove?.page.screenshot({ path: join(BUILD, 'web-companion-seat.png'), fullPage: true });

  const moves = await playByClicking(server, tapped, seats, {
    maxMoves: upTo,
    seed: 12345,
    checkEvery: 10,
    check: () => checkBoards(tapped, seats),
  });
  return { server, tapped, table, seats, moves };
}
