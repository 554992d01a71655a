// Stolen Plans in the browser (Debian's Chromium, playwright-core): the start page starts it with
// its options (bonus cards, New Ruling, Rogue One, the quick-window seconds), the table page and one
// browser context per seat play it by clicking the seat pages' own buttons (stolen-plans-browser.ts):
// here its first moves, the whole game in stolen-plans-e2e.soak.ts. Every message sent to any page
// is checked against what its viewer could not know when it was sent, and every card drawn on each
// seat page (the drawing tags each card with its id) must be one that page was sent, so no page
// shows another seat's hidden card. Screenshots at phone and laptop sizes go to build/.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { testSeeds } from '../support/soak-seeds.ts';
import { companionPages } from './pages.ts';
import { checkPages, playStolenPlans } from './stolen-plans-browser.ts';
import { messageLeaks } from './stolen-plans-support.ts';

/** The moves clicked here: the first plays, reactions and quick windows, and a check of each seat page after the fifteenth (the whole game in stolen-plans-e2e.soak.ts). */
const FIRST_MOVES = 16;

describeInChromium('Stolen Plans in the browser', () => {
  const session = companionPages();

  it.each(testSeeds('stolen-plans-browser-game'))(
    "match seed %i: the start page starts it with its options; the table and three seats play its first moves by clicking; no page is sent or shows another seat's hidden card",
    async (seed) => {
      const { tapped, table, seats, moves } = await playStolenPlans(session, seed, FIRST_MOVES);
      expect(moves).toBe(FIRST_MOVES);
      expect(await checkPages(tapped, seats)).toBeGreaterThan(0);
      expect(messageLeaks(tapped)).toEqual([]);
      // The table's log tells the game in words.
      expect(await table.locator('.log-list li').count()).toBeGreaterThan(moves / 2);
    },
  );
});
