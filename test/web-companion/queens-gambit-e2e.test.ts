// The Queen's Gambit in Debian's Chromium (playwright-core): the table page and two seat pages (a
// phone and a laptop) play by clicking the seats' own buttons (queens-gambit-browser.ts): here the
// first moves, the whole game in queens-gambit-e2e.soak.ts. Every message sent to any page, and
// each seat page's DOM, is checked never to hold the other side's plan, hand or bonus cards (as ids
// and as the words the pages show them in) nor, to the Trade Federation, the real Queen (the page's
// log, the news it was told, as of when each line was told). The drawing shows the plans being
// made, the cards revealed, the dice rolled, damage tracks, the forces and the space battle's
// grids. Screenshots go to build/.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { testSeeds } from '../support/soak-seeds.ts';
import { people } from '../table/support.ts';
import { companionPages, FAST, LAPTOP, startMatch } from './pages.ts';
import { GAMES, playQueensGambit } from './queens-gambit-browser.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';
import { startTestServer } from './support.ts';

/** The moves clicked here: the plans made and the first carried out, and a leak check of each seat page after the 25th (the whole game in queens-gambit-e2e.soak.ts). */
const FIRST_MOVES = 26;

describeInChromium("The Queen's Gambit in the browser", () => {
  const session = companionPages();

  it('the pass-and-play screen says in its header who plays which side', async () => {
    const { server } = await session.serve(startTestServer({ limits: FAST, games: GAMES }));
    const links = await startMatch(server, { game: 'queens-gambit', seats: people('Ana', 'Ben'), options: {}, seed: 17, timer: { kind: 'none' } });
    const pass = await session.pageAt(links.table.replace('/table/', '/pass/'), LAPTOP);
    await expect.poll(() => pass.locator('header .sides').innerText()).toBe('Trade Federation: Ana. Naboo: Ben.');
  });

  it.each(testSeeds('queens-gambit-browser-game'))(
    "match seed %i: the table and two seats play its first moves by clicking; no message or seat page holds the other side's plan, hand, bonus cards or the real Queen",
    async (seed) => {
      const played = await playQueensGambit(session, seed, FIRST_MOVES);
      expect(played.moves).toBe(FIRST_MOVES);
      expect(played.problems).toEqual([]);
      expect(qgLeaks(played.tapped)).toEqual([]);
    },
  );
});
