// Stolen Plans' pages in Debian's Chromium at 390 and 414 px wide: the Starting Resources in
// front of each player said in words ("Food (Bonus Play): ✓ active", never an id like "food@1"),
// and no card's text running past its card's border (every element box inside its card's box),
// on the table page and a seat page; the hand with Attack/Defend (Attack 9, Defend 9) too.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium } from '../support/browser.ts';
import { people } from '../table/support.ts';
import { companionPages, FAST, startMatch } from './pages.ts';
import { startTestServer } from './support.ts';

const PATIENT = { timeout: 15_000 };
const WIDTHS = [390, 414] as const;

/** The cards whose content runs past their own box, with what runs out and by how much (px). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('.card')) {
      const box = card.getBoundingClientRect();
      for (const part of card.querySelectorAll<HTMLElement>('*')) {
        const r = part.getBoundingClientRect();
        const out = Math.max(r.right - box.right, box.left - r.left);
        if (out > 0.5) found.push(`${card.textContent ?? ''}: "${part.textContent ?? ''}" by ${out.toFixed(1)} px`);
      }
      if (card.scrollWidth > card.clientWidth + 1) found.push(`${card.textContent ?? ''}: scrolls by ${card.scrollWidth - card.clientWidth} px`);
    }
    return found;
  });
}

describeInChromium("Stolen Plans' words fit a phone", () => {
  const session = companionPages();

  it('says the Starting Resources in words and keeps every card text inside its card at 390 and 414 px', async () => {
    const { server } = await session.serve(startTestServer({ limits: FAST, games: [webGame(stolenPlansEntry)] }));
    const links = await startMatch(server, {
      game: 'stolen-plans',
      seats: people('Ana', 'Ben', 'Cy'),
      options: { 'starting-resources': true, bonus: true },
      seed: 3,
      timer: { kind: 'none' },
    });
    // The table page and Cy's (who holds Attack/Defend): every player's resources are on both, at each width in turn.
    const pages = [
      await session.pageAt(links.table, { width: WIDTHS[0], height: 844 }),
      await session.pageAt(links.seats[2]?.url as string, { width: WIDTHS[0], height: 844 }),
    ];
    for (const width of WIDTHS) {
      for (const page of pages) {
        await page.setViewportSize({ width, height: 844 });
        await page.locator('.board .players').waitFor(PATIENT);
        const board = await page.locator('.board').innerText();
        expect(board).toMatch(/Resources: .*Food \(Bonus Play\): ✓ active/);
        expect(board).not.toMatch(/[a-z-]+@\d/);
        expect(await overflowing(page), `at ${width} px`).toEqual([]);
      }
      // Cy holds Attack/Defend: its name with both values, inside its card.
      expect(await pages[1]?.locator('.hand').innerText()).toContain('Attack/Defend (Attack 9, Defend 9)');
    }
  });
});
