// Stolen Plans in the browser (Debian's Chromium, playwright-core): the start page starts it with
// its options (bonus cards, New Ruling, Rogue One, the quick-window seconds), the table page and one browser
// context per seat play it to the end by clicking the seat pages' own buttons. Every message sent
// to any page is checked against what its viewer could not know when it was sent, and every card
// drawn on each seat page (the drawing tags each card with its id) must be one that page was sent,
// so no page shows another seat's hidden card. Screenshots at phone and laptop sizes go to build/.

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { cardIdsIn, messageLeaks } from './stolen-plans-support.ts';
import { startTestServer, type Tapped } from './support.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BUILD = join(import.meta.dirname, '..', '..', 'build');
const MISSING = `${CHROMIUM} is missing: install the Debian package \`chromium\` (apt-get install chromium)`;
const available = existsSync(CHROMIUM);
if (!available && process.env['CI'] === 'true') throw new Error(MISSING);
if (!available) console.warn(`skipping the Stolen Plans browser test: ${MISSING}`);

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let browser: Browser;
const contexts: BrowserContext[] = [];
const servers: WebServer[] = [];

beforeAll(async () => {
  if (available) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function pageAt(url: string, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** Every card drawn on a seat's page must be one of the cards that page was sent (each of those checked when it was sent). */
async function checkPages(tapped: readonly Tapped[], seats: readonly { id: string; page: Page }[]): Promise<number> {
  let cards = 0;
  for (const seat of seats) {
    const html = await seat.page.content();
    const drawn = cardIdsIn(html);
    const sent = new Set(tapped.filter((t) => t.viewer === seat.id).flatMap((t) => cardIdsIn(JSON.stringify(t.message))));
    for (const id of drawn) expect(sent.has(id), `${seat.id}'s page shows ${id}, which it was never sent`).toBe(true);
    cards += drawn.length;
  }
  return cards;
}

/** Clicks a move on whichever seat page offers one, until the match is over. */
async function playByClicking(server: WebServer, tapped: readonly Tapped[], seats: readonly { id: string; page: Page }[], maxMoves: number): Promise<number> {
  let moves = 0;
  let x = 4242;
  while (moves < maxMoves && !(server.match()?.finished() ?? true)) {
    let clicked = false;
    for (const seat of seats) {
      const buttons = seat.page.locator('.move-list button:enabled');
      const count = await buttons.count();
      if (count === 0) continue;
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      const before = tapped.filter((t) => t.viewer === seat.id && ['snapshot', 'rejected', 'error'].includes(t.message.type)).length;
      await buttons.nth(x % count).click();
      await expect
        .poll(() => tapped.filter((t) => t.viewer === seat.id && ['snapshot', 'rejected', 'error'].includes(t.message.type)).length, { timeout: 10_000 })
        .toBeGreaterThan(before);
      moves++;
      clicked = true;
      break;
    }
    if (!clicked) await seats[0]?.page.waitForTimeout(20);
    if (moves % 15 === 0) await checkPages(tapped, seats);
  }
  return moves;
}

describe.skipIf(!available)('Stolen Plans in the browser', () => {
  it("the start page starts it with its options; the table and three seats play it to the end by clicking; no page is sent or shows another seat's hidden card", async () => {
    const { server, tapped } = await startTestServer({ limits: FAST, games: [webGame(stolenPlansEntry)] });
    servers.push(server);
    const start = await pageAt(server.url, LAPTOP);
    await start.getByLabel('Game', { exact: true }).selectOption('stolen-plans');
    const names = start.getByLabel('Name');
    await names.nth(0).fill('Ana');
    await names.nth(1).fill('Ben');
    await names.nth(2).fill('Cy');
    await start.getByLabel('Bonus cards (2nd edition)', { exact: true }).check();
    await start.getByLabel('New Ruling').check();
    // Rogue One too: the squad cards, eliminations, the Cargo Ship and Saw Gerrera on the pages.
    await start.getByLabel('Rogue One', { exact: true }).check();
    // Quick windows long enough that the clicking below answers them (the host's countdown is tested on a manual clock).
    await start.getByLabel('seconds a quick window stays open (S4)').fill('60');
    await start.getByLabel('Seed (a whole number; empty for a random deal)').fill('31');
    await start.getByRole('button', { name: 'Start the match' }).click();
    await start.getByRole('link', { name: 'Open the table page' }).waitFor();
    const links = server.links();
    if (links === null) throw new Error('no match');
    expect(links.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Cy']);

    const table = await pageAt(links.table, LAPTOP);
    await table.locator('.drawing.stolen-plans').waitFor();
    const seats = [];
    for (const link of links.seats) seats.push({ id: link.id, page: await pageAt(link.url) });
    for (const seat of seats) await seat.page.locator('.hand .card').first().waitFor();
    // The table page: seat order with hand counts, the draw pile, New Ruling beside the discard pile, no hand.
    const board = await table.locator('.board').innerText();
    expect(board).toMatch(/Draw pile: \d+ cards\./);
    expect(board).toContain('5 cards in hand');
    expect(board).toContain('Beside the discard pile');
    expect(await table.locator('.hand').count()).toBe(0);
    // A seat page: its hand with what each card does; every control has a name.
    expect(await seats[0]?.page.locator('.hand .card .card-summary').count()).toBe(5);
    for (const seat of seats) for (const b of await seat.page.getByRole('button').all()) expect((await b.innerText()).trim()).not.toBe('');
    mkdirSync(BUILD, { recursive: true });
    await table.screenshot({ path: join(BUILD, 'stolen-plans-table.png'), fullPage: true });
    await seats[0]?.page.screenshot({ path: join(BUILD, 'stolen-plans-seat-phone.png'), fullPage: true });
    await seats[0]?.page.setViewportSize(LAPTOP);
    await seats[0]?.page.screenshot({ path: join(BUILD, 'stolen-plans-seat-laptop.png'), fullPage: true });
    await seats[0]?.page.setViewportSize(PHONE);
    // Nothing is wider than the phone.
    const width = await seats[1]?.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    const moves = await playByClicking(server, tapped, seats, 2500);
    expect(server.match()?.finished(), `after ${moves} moves`).toBe(true);
    await expect.poll(() => table.locator('.result').innerText()).toContain('The game is over');
    for (const seat of seats) await expect.poll(() => seat.page.locator('.result').innerText()).toContain('The game is over');
    expect(await checkPages(tapped, seats)).toBeGreaterThan(0);
    expect(messageLeaks(tapped)).toEqual([]);
    // The table's log told the game in words; the discards are drawn in order, the last marked the top.
    expect(await table.locator('.log-list li').count()).toBeGreaterThan(moves / 2);
    await expect.poll(() => table.locator('.discards .card').last().innerText()).toContain('the top');
  }, 240_000);
});
