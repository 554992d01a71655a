// Stolen Plans in Debian's Chromium, shared by its browser test (npm test: the first moves) and its
// soak (npm run soak: the whole game): the start page starts it with its options (bonus cards, New
// Ruling, Rogue One, the quick-window seconds), the table page and one browser context per seat
// play it by clicking the seat pages' own buttons, every card drawn on a seat page checked every
// 15 moves to be one that page was sent. Screenshots at phone and laptop sizes go to build/.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { webGame } from '../../host/web/web-match.ts';
import {
  BUILD,
  type CompanionPages,
  expectNamedButtons,
  FAST,
  LAPTOP,
  MOVE_ANSWERS,
  messagesTo,
  PHONE,
  playByClicking,
  type SeatPage,
  startFromStartPage,
  type PlayedInBrowser,
} from './pages.ts';
import { cardIdsIn } from './stolen-plans-support.ts';
import { startTestServer, type Tapped } from './support.ts';

/** Every card drawn on a seat's page must be one of the cards that page was sent (each of those checked when it was sent). */
export async function checkPages(tapped: readonly Tapped[], seats: readonly SeatPage[]): Promise<number> {
  let cards = 0;
  for (const seat of seats) {
    const html = await seat.page.content();
    const drawn = cardIdsIn(html);
    const sent = new Set(messagesTo(tapped, seat.id).flatMap((t) => cardIdsIn(JSON.stringify(t.message))));
    for (const id of drawn) expect(sent.has(id), `${seat.id}'s page shows ${id}, which it was never sent`).toBe(true);
    cards += drawn.length;
  }
  return cards;
}

/**
 * Starts match seed `seed` from the start page (Ana, Ben and Cy, every option), checks the table
 * and seat pages as dealt (screenshots to build/), then clicks until the game is over or `upTo`
 * moves were made.
 */
export async function playStolenPlans(session: CompanionPages, seed: number, upTo: number): Promise<PlayedInBrowser> {
  const { server, tapped } = await session.serve(startTestServer({ limits: FAST, games: [webGame(stolenPlansEntry)] }));
  const start = await session.pageAt(server.url, LAPTOP);
  const links = await startFromStartPage(start, server, 'stolen-plans', ['Ana', 'Ben', 'Cy'], async () => {
    await start.getByLabel('Bonus cards (2nd edition)', { exact: true }).check();
    await start.getByLabel('New Ruling').check();
    // Rogue One too: the squad cards, eliminations, the Cargo Ship and Saw Gerrera on the pages.
    await start.getByLabel('Rogue One', { exact: true }).check();
    // Quick windows long enough that the clicking below answers them (the host's countdown is tested on a manual clock).
    await start.getByLabel('Seconds a quick window stays open').fill('60');
    await start.getByLabel('Seed (a whole number; empty for a random deal)').fill(String(seed));
  });
  expect(links.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Cy']);

  const table = await session.pageAt(links.table, LAPTOP);
  await table.locator('.drawing.stolen-plans').waitFor();
  const seats: SeatPage[] = [];
  for (const link of links.seats) seats.push({ id: link.id, page: await session.pageAt(link.url) });
  for (const seat of seats) await seat.page.locator('.hand .card').first().waitFor();
  // The table page: seat order with hand counts, the draw pile, New Ruling beside the discard pile, no hand.
  const board = await table.locator('.board').innerText();
  expect(board).toMatch(/Draw pile: \d+ cards\./);
  expect(board).toContain('5 cards in hand');
  expect(board).toContain('Beside the discard pile');
  expect(await table.locator('.hand').count()).toBe(0);
  // A seat page: its hand with what each card does; every control has a name.
  expect(await seats[0]?.page.locator('.hand .card .card-summary').count()).toBe(5);
  for (const seat of seats) await expectNamedButtons(seat.page);
  mkdirSync(BUILD, { recursive: true });
  await table.screenshot({ path: join(BUILD, 'stolen-plans-table.png'), fullPage: true });
  await seats[0]?.page.screenshot({ path: join(BUILD, 'stolen-plans-seat-phone.png'), fullPage: true });
  await seats[0]?.page.setViewportSize(LAPTOP);
  await seats[0]?.page.screenshot({ path: join(BUILD, 'stolen-plans-seat-laptop.png'), fullPage: true });
  await seats[0]?.page.setViewportSize(PHONE);
  // Nothing is wider than the phone.
  const width = await seats[1]?.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);

  const moves = await playByClicking(server, tapped, seats, {
    maxMoves: upTo,
    seed: 4242,
    answers: [...MOVE_ANSWERS, 'error'],
    checkEvery: 15,
    check: async () => {
      await checkPages(tapped, seats);
    },
  });
  return { server, tapped, table, seats, moves };
}
