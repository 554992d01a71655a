// npm run soak: Secret Invasion in Debian's Chromium, started from the start page and played to the
// end by clicking (secret-invasion-browser.ts) at every soak seed: the game ends on every page, the
// table's log told it in words, and no page was sent or showed another seat's hidden card.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { soakSeeds } from '../support/soak-seeds.ts';
import { companionPages } from './pages.ts';
import { playSecretInvasion } from './secret-invasion-browser.ts';
import { leaks } from './support.ts';

/** More moves than any game takes (a game that goes on past it fails). */
const MOVES_LIMIT = 1500;

describeInChromium('Secret Invasion in the browser, whole games', () => {
  const session = companionPages();

  it.each(soakSeeds('secret-invasion-browser-game'))(
    "match seed %i: the start page starts Secret Invasion; the table and three seats play it to the end, and no page is sent or shows another seat's hidden card",
    async (seed) => {
      const { server, tapped, table, seats, moves } = await playSecretInvasion(session, seed, MOVES_LIMIT);
      expect(server.match()?.finished(), `after ${moves} moves`).toBe(true);
      await expect.poll(() => table.locator('.result').innerText()).toContain('The game is over');
      for (const seat of seats) await expect.poll(() => seat.page.locator('.result').innerText()).toContain('The game is over');
      // The table's log told the game in words, with the discards drawn in order.
      expect(await table.locator('.log-list li').count()).toBeGreaterThan(moves / 2);
      expect(leaks(tapped)).toEqual([]);
    },
  );
});
