// The pages in Debian's Chromium (playwright-core): a "be quick" window's countdown on the table
// and seat pages (Ambush with quick-seconds 5, the server on a manual clock, so its time runs
// out when the test says, without waiting), and the table's own dice (Skirmish with table dice)
// entered on the table page and the pass-and-play screen, a wrong entry refused with the reason;
// the start page offering "table dice" for a game with chance. Screenshots go to
// build/web-companion-quick-window.png and build/web-companion-table-dice.png.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { parsePageMessage } from '../../host/web/messages.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium } from '../support/browser.ts';
import { bot, people } from '../table/support.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { ambushEntry, gambitEntry, skirmishEntry } from '../table/entries.ts';
import { BUILD, companionPages, FAST, LAPTOP, PHONE, startFromStartPage, startMatch, type Viewport } from './pages.ts';
import { startTestServer } from './support.ts';

const GAMES = [webGame(ambushEntry), webGame(skirmishEntry)];

describeInChromium('quick windows and table dice in the browser', () => {
  const session = companionPages();

  async function pageAt(url: string, viewport: Viewport = PHONE, fakeClock = false): Promise<Page> {
    const page = await session.newPage(viewport);
    // The page's clock stands still until the test moves it (with the server's), so nothing waits for real time.
    if (fakeClock) {
      await page.clock.install({ time: 0 });
      await page.clock.pauseAt(1000);
    }
    await page.goto(url);
    return page;
  }

  it('a quick window shows the same countdown on the table, every seat page and the pass-and-play screen; when the time runs out the pages say who passed', async () => {
    const clock = new ManualClock(0);
    const { server } = await session.serve(startTestServer({ games: GAMES, limits: FAST, clock }));
    const links = await startMatch(server, {
      game: 'ambush',
      seats: people('Ana', 'Ben', 'Cy'),
      options: { 'quick-seconds': 5 },
      seed: 3,
      timer: { kind: 'none' },
    });
    const table = await pageAt(links.table, LAPTOP, true);
    const seat = async (name: string): Promise<Page> => pageAt(links.seats.find((s) => s.name === name)?.url as string, PHONE, true);
    const [ana, ben, cy] = [await seat('Ana'), await seat('Ben'), await seat('Cy')] as [Page, Page, Page];
    const passAndPlay = await pageAt(links.table.replace('/table/', '/pass/'), PHONE, true);
    const pages = [table, ana, ben, cy, passAndPlay];
    /** Time passes on the server and on every page alike. */
    const pass = async (ms: number): Promise<void> => {
      clock.pass(ms);
      for (const page of pages) await page.clock.runFor(ms);
    };
    for (const page of pages) {
      const timer = page.getByRole('timer');
      await expect.poll(() => timer.innerText()).toBe('Be quick: 5 seconds left');
      await expect.poll(() => page.locator('.countdown-news').innerText()).toBe('Be quick: 5 seconds to answer.');
      expect(await page.locator('progress.countdown-bar').count()).toBe(1);
    }
    await pass(2000);
    for (const page of pages) await expect.poll(() => page.getByRole('timer').innerText()).toBe('Be quick: 3 seconds left');
    mkdirSync(BUILD, { recursive: true });
    await cy.screenshot({ path: join(BUILD, 'web-companion-quick-window.png'), fullPage: true });
    // The pass-and-play screen shows it over the cover too.
    await passAndPlay.locator('h2.cover').waitFor();
    // Ben passes: the window stays open for Cy, and the countdown goes on for everyone.
    await ben.getByRole('button', { name: 'pass' }).click();
    await expect.poll(() => ben.locator('.moves').innerText()).toContain('Nothing to do now');
    expect(await table.locator('.countdown').isVisible()).toBe(true);
    expect(await cy.locator('.countdown').isVisible()).toBe(true);
    await cy.getByRole('button', { name: 'pass' }).waitFor();
    for (const page of pages) await expect.poll(() => page.getByRole('timer').innerText()).toBe('Be quick: 3 seconds left');
    await pass(2500);
    expect(await cy.getByRole('timer').innerText()).toBe('Be quick: 1 second left');
    expect(await cy.locator('.countdown.last-seconds').count()).toBe(1);
    // The time runs out (no waiting): Cy is passed.
    await pass(500);
    for (const page of pages) {
      await expect.poll(() => page.locator('.countdown-news').innerText()).toBe(page === cy ? 'Time is up: you pass.' : 'Time is up: Cy passes.');
      await expect.poll(() => page.locator('.countdown').isVisible()).toBe(false);
    }
    await expect.poll(() => cy.locator('.moves').innerText()).toContain('Nothing to do now');
    await expect.poll(() => table.locator('.log-list').innerText()).toContain('Cy passed on the miss-turn.');
    await ana.locator('.move-list button').first().waitFor();
    // The next quick window (a new turn's Miss a Turn) counts afresh.
    await ana.getByRole('button', { name: 'draw a card' }).click();
    await expect.poll(() => table.getByRole('timer').innerText()).toBe('Be quick: 5 seconds left');
  });

  it('table dice: the table page shows what to roll, with each face as symbol and words, and takes the faces rolled; a wrong entry is refused with the reason', async () => {
    const { server, tapped } = await session.serve(startTestServer({ games: GAMES, limits: FAST }));
    const start = await pageAt(server.url, LAPTOP);
    const links = await startFromStartPage(start, server, 'skirmish', ['Ana', 'Ben'], async () => {
      await start.getByLabel('Played by').nth(0).selectOption('random');
      await start.getByLabel('Played by').nth(1).selectOption('random');
      await start.getByLabel('Seed (a whole number; empty for a random deal)').fill('1');
      await start.getByLabel(/^Table dice/).check();
    });
    const table = await pageAt(links.table, LAPTOP);
    const die1 = table.getByLabel('Die 1: the red attack die');
    await die1.waitFor();
    await expect.poll(() => table.getByRole('heading', { name: 'Roll the 2 dice and enter what they show' }).count()).toBe(1);
    mkdirSync(BUILD, { recursive: true });
    await table.screenshot({ path: join(BUILD, 'web-companion-table-dice.png'), fullPage: true });
    const faces = await die1.locator('option').allInnerTexts();
    expect(faces).toEqual(['— the face rolled —', '✶ hit', '✶✶ double hit', '○ miss']);
    expect(await table.locator('.die-faces').first().innerText()).toContain('✶✶ double hit (1 of 6)');
    // Only one die chosen: refused by the server with the reason, nothing changes.
    await die1.selectOption('double-hit');
    await table.getByRole('button', { name: 'Enter the dice' }).click();
    await expect
      .poll(() => table.locator('.dice-problem').innerText())
      .toMatch(/^Not taken: the dice: die 2 \(red attack die\) has no face ""; its faces are hit, double-hit, miss$/);
    expect(tapped.some((t) => t.viewer === 'table' && t.message.type === 'rejected')).toBe(true);
    // By keyboard: the second die's choice, then Enter on the button.
    const die2 = table.getByLabel('Die 2: the red attack die');
    await die2.focus();
    await die2.selectOption('miss');
    await table.getByRole('button', { name: 'Enter the dice' }).focus();
    await table.keyboard.press('Enter');
    await expect.poll(() => table.locator('.log-list').innerText()).toContain('Rolled double-hit, miss');
  });

  it('table dice on the pass-and-play screen', async () => {
    const { server } = await session.serve(startTestServer({ games: GAMES, limits: FAST }));
    const seats = [bot('Ana', 'random'), bot('Ben', 'random')];
    const links = await startMatch(server, { game: 'skirmish', seats, options: {}, seed: 1, timer: { kind: 'none' }, chance: 'table' });
    const page = await pageAt(links.table.replace('/table/', '/pass/'));
    await page.getByLabel('Die 1: the red attack die').selectOption('hit');
    await page.getByLabel('Die 2: the red attack die').selectOption('hit');
    await page.getByRole('button', { name: 'Enter the dice' }).click();
    // Taken: the next roll is asked for (a fresh form), or the game went on. Read in one step of the
    // page, so a form redrawn between two reads is never waited for.
    await expect
      .poll(() => page.getByLabel('Die 1: the red attack die').evaluateAll((dice) => dice.every((die) => (die as HTMLSelectElement).value === '')))
      .toBe(true);
    expect(server.match()?.finished()).toBe(false);
  });

  it('the start page offers table dice only for a game with chance; the server refuses them for a game without, and a bad chance choice', async () => {
    const { server } = await session.serve(startTestServer({ games: [...GAMES, webGame(gambitEntry)], limits: FAST }));
    const start = await pageAt(server.url, LAPTOP);
    await start.getByLabel('Game', { exact: true }).selectOption('skirmish');
    expect(await start.getByLabel(/^Table dice/).count()).toBe(1);
    await start.getByLabel('Game', { exact: true }).selectOption('gambit');
    expect(await start.getByLabel(/^Table dice/).count()).toBe(0);
    const seats = [bot('A', 'random'), bot('B', 'random')];
    expect(await server.handle({ type: 'start', game: 'gambit', seats, options: {}, seed: 1, timer: { kind: 'none' }, chance: 'table' })).toBe(
      "Gambit has no dice to roll at the table (its shuffles and draws are the companion's); start it without table dice",
    );
    const parsed = parsePageMessage(JSON.stringify({ type: 'start', game: 'skirmish', seats, chance: 'dice' }), 4096);
    expect(parsed).toEqual({ ok: false, problem: 'the start message: chance: expected ("sample" | "table"), got the text "dice"' });
  });
});
