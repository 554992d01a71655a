// npm run soak: The Queen's Gambit in Debian's Chromium played to the end by clicking
// (queens-gambit-browser.ts), at every soak seed: the game ends on every page, the dice were rolled
// and cards revealed, and no message or seat page held what its seat may not know.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { soakSeeds } from '../support/soak-seeds.ts';
import { companionPages } from './pages.ts';
import { playQueensGambit } from './queens-gambit-browser.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';

/** More moves than any game takes (a game that goes on past it fails). */
const MOVES_LIMIT = 3000;

describeInChromium("The Queen's Gambit in the browser, whole games", () => {
  const session = companionPages();

  it.each(soakSeeds('queens-gambit-browser-game'))(
    "match seed %i: the table and two seats play a whole game by clicking; no message or seat page holds the other side's plan, hand, bonus cards or the real Queen",
    async (seed) => {
      const { server, tapped, table, seats, moves, sawRoll, problems } = await playQueensGambit(session, seed, MOVES_LIMIT);
      expect(server.match()?.finished(), `after ${moves} moves`).toBe(true);
      await expect.poll(() => table.locator('.result').first().innerText()).toContain('The game is over');
      for (const seat of seats) await expect.poll(() => seat.page.locator('.result').first().innerText()).toContain('The game is over');
      expect(sawRoll).toBe(true);
      expect(await table.locator('.qg-revealed .discards .card').count()).toBeGreaterThan(4);
      expect(problems).toEqual([]);
      expect(qgLeaks(tapped)).toEqual([]);
    },
  );
});
