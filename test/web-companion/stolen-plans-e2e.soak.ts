// npm run soak: Stolen Plans in Debian's Chromium with every option, played to the end by clicking
// (stolen-plans-browser.ts) at every soak seed: the game ends on every page, no page was sent or
// showed another seat's hidden card, and the table's log and discards tell the game.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { soakSeeds } from '../support/soak-seeds.ts';
import { companionPages } from './pages.ts';
import { checkPages, playStolenPlans } from './stolen-plans-browser.ts';
import { messageLeaks } from './stolen-plans-support.ts';

/** More moves than any game takes (a game that goes on past it fails). */
const MOVES_LIMIT = 2500;
/** The log lines a page keeps (host/web/page/match-page.ts LOG_KEEP): the newest. */
const LOG_KEPT = 200;

describeInChromium('Stolen Plans in the browser, whole games', () => {
  const session = companionPages();

  it.each(soakSeeds('stolen-plans-browser-game'))(
    "match seed %i: the start page starts it with its options; the table and three seats play it to the end by clicking; no page is sent or shows another seat's hidden card",
    async (seed) => {
      const { server, tapped, table, seats, moves } = await playStolenPlans(session, seed, MOVES_LIMIT);
      expect(server.match()?.finished(), `after ${moves} moves`).toBe(true);
      await expect.poll(() => table.locator('.result').innerText()).toContain('The game is over');
      for (const seat of seats) await expect.poll(() => seat.page.locator('.result').innerText()).toContain('The game is over');
      expect(await checkPages(tapped, seats)).toBeGreaterThan(0);
      expect(messageLeaks(tapped)).toEqual([]);
      // The table's log told the game in words (its newest lines kept); the discards are drawn in order, the last marked the top.
      expect(await table.locator('.log-list li').count()).toBeGreaterThanOrEqual(Math.min(LOG_KEPT, moves / 2));
      await expect.poll(() => table.locator('.discards .card').last().innerText()).toContain('the top');
    },
  );
});
