// A "be quick" window on a phone, in Debian's Chromium (playwright-core): Stolen Plans with the
// bonus cards (the Miss a Turn window at a turn's start), the server on a manual clock and the
// pages on Playwright's, so nothing runs out by itself. A player scrolled to the bottom of their
// long page still has the window on screen, fixed at the bottom with its countdown and their
// answer buttons; the phone buzzes on the pages the window asks (who is asked is public), not on
// the turn player's; the pass-and-play screen holds the shown person's moves in the panel too.
// Screenshot: build/web-companion-quick-panel.png.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium } from '../support/browser.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { people } from '../table/support.ts';
import { BUILD, companionPages, FAST, PHONE, startMatch } from './pages.ts';
import { startTestServer } from './support.ts';

/** Every `navigator.vibrate` call the page makes, kept on `window.buzzes`. */
const RECORD_BUZZES = `window.buzzes = []; Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern) => { window.buzzes.push(pattern); return true; } });`;

/** Whether the whole of `selector`'s first match lies inside the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const node = document.querySelector(sel);
    if (node === null) return false;
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
  }, selector);
}

describeInChromium('a quick window on a phone', () => {
  const session = companionPages();

  async function pageAt(url: string): Promise<Page> {
    const page = await session.newPage(PHONE, RECORD_BUZZES);
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(url);
    return page;
  }

  it('stays on screen, with its buttons, when the player has scrolled to the bottom; the pages it asks buzz', async () => {
    const clock = new ManualClock(0);
    const { server } = await session.serve(startTestServer({ games: [webGame(stolenPlansEntry)], limits: FAST, clock }));
    const links = await startMatch(server, {
      game: 'stolen-plans',
      seats: people('Ana', 'Ben', 'Cy'),
      options: { bonus: true, 'quick-window-seconds': 5 },
      seed: 7,
      timer: { kind: 'none' },
    });
    const seat = (name: string): string => links.seats.find((s) => s.name === name)?.url as string;
    const [ben, cy] = [await pageAt(seat('Ben')), await pageAt(seat('Cy'))];
    const passAndPlay = await pageAt(links.table.replace('/table/', '/pass/'));
    await cy.locator('.own').getByText('Nothing to do now').waitFor();
    // Cy reads to the bottom of the page (it is much longer than the screen).
    await cy.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await cy.evaluate(() => document.documentElement.scrollHeight > 2 * window.innerHeight)).toBe(true);
    expect(await cy.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes.length)).toBe(0);

    // Ana draws: Ben's turn opens with the Miss a Turn window, asking Cy and Ana.
    const match = server.match();
    expect(match?.move('p1', { actor: 'p1', type: 'draw' })).toBeNull();
    await match?.settled();
    await cy.getByRole('timer').waitFor();
    await expect.poll(() => cy.getByRole('timer').innerText()).toBe('Be quick: 5 seconds left');
    expect(await cy.evaluate(() => window.scrollY > 0)).toBe(true); // still scrolled down
    expect(await inViewport(cy, '.countdown')).toBe(true);
    const letItStart = cy.locator('.countdown').getByRole('button', { name: 'Let the turn start' });
    await letItStart.waitFor();
    expect(await inViewport(cy, '.countdown .move-list')).toBe(true);
    await cy.screenshot({ path: join(BUILD, 'web-companion-quick-panel.png') });
    // Buzzed once as the window started asking Cy; Ben, whose turn it is, is not asked: no buzz, no buttons in the panel.
    expect(await cy.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes.length)).toBe(1);
    await expect.poll(() => ben.getByRole('timer').innerText()).toBe('Be quick: 5 seconds left');
    expect(await ben.locator('.countdown button').count()).toBe(0);
    expect(await ben.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes.length)).toBe(0);

    // The pass-and-play screen: the panel holds nothing under the cover, and the shown person's moves once revealed.
    const cover = passAndPlay.locator('h2.cover');
    await cover.waitFor();
    expect(await passAndPlay.locator('.countdown button').count()).toBe(0);
    const covered = (await cover.innerText()).replace('Pass to ', '');
    await passAndPlay.getByRole('button', { name: `I am ${covered}: show my screen` }).click();
    await passAndPlay.locator('.countdown .move-list button').first().waitFor();
    await passAndPlay.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await inViewport(passAndPlay, '.countdown .move-list')).toBe(true);

    // Cy answers from the panel; the window stays open for Ana, and Cy's moves go back to their place.
    await letItStart.click();
    await match?.settled();
    await expect.poll(() => cy.locator('.countdown .move-list').count()).toBe(0);
    await cy.locator('.own').getByText('Nothing to do now').waitFor();
    expect(server.match()?.finished()).toBe(false);
  });
});
