// A quick window on the pass-and-play screen of a match started pass-and-play, in Debian's
// Chromium (playwright-core): Stolen Plans with the bonus cards (the Miss a Turn window at a turn's
// start, asking Cy and Ana, shown in table order), the server on a manual clock and the page on Playwright's, so time
// moves only when the test says. The window is shown to each person asked in turn, after "Pass to
// …": time spent on the cover counts for nobody, each person's own 5 s start when their screen
// shows, and one who lets them run out is passed by the page (a judged move of their seat) and
// told "Time is up: you pass." on their own screen until they hide it. Under a cover nothing of
// any hand is on the screen.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { stolenPlansEntry } from '../../host/games/stolen-plans/table-entry.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium } from '../support/browser.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { people } from '../table/support.ts';
import { companionPages, FAST, PHONE, startMatch } from './pages.ts';
import { startTestServer } from './support.ts';

/** How long a page may take to show what it was sent, on a busy machine. */
const PATIENT = { timeout: 15_000 };

/** Everything the stage shows under a cover, and that no board (no view, no hand) is on the page. */
async function coverOnly(page: Page): Promise<string> {
  expect(await page.locator('.board').count()).toBe(0);
  expect(await page.locator('.move-list').count()).toBe(0);
  // The cover ends with the table's public "What happened" (checked by the pass-and-play tests): the cover's own words come before it.
  return (await page.locator('.pass-stage').innerText()).replace(/\n+/g, '\n').split('\nWhat happened\n')[0] as string;
}

describeInChromium('a quick window on the pass-and-play screen', () => {
  const session = companionPages();

  it('is shown to each person asked in turn, with their own time from when their screen shows; one who lets it run out is passed', async () => {
    const clock = new ManualClock(0);
    const { server } = await session.serve(startTestServer({ games: [webGame(stolenPlansEntry)], limits: FAST, clock }));
    const links = await startMatch(server, {
      game: 'stolen-plans',
      seats: people('Ana', 'Ben', 'Cy'),
      options: { bonus: true, 'quick-window-seconds': 5 },
      seed: 7,
      timer: { kind: 'none' },
      passAndPlay: true,
    });
    const page = await session.newPage(PHONE);
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(links.table.replace('/table/', '/pass/'));
    await page.locator('h2.cover').getByText('Pass to Ana').waitFor(PATIENT);

    // Ana draws: Ben's turn opens with the Miss a Turn window, asking Cy and Ana; the screen asks them in table order (Ana, then Cy), whatever they hold.
    const match = server.match();
    expect(match?.move('p1', { actor: 'p1', type: 'draw' })).toBeNull();
    await match?.settled();
    await page.locator('.coming-window').waitFor(PATIENT);
    expect(await coverOnly(page)).toBe(
      ['Pass to Ana', 'A quick window: 5 seconds to answer, from when your screen shows.', 'I am Ana: show my screen'].join('\n'),
    );
    // Under the cover no countdown runs: the device may take its time reaching Ana.
    expect(await page.locator('.countdown').isHidden()).toBe(true);
    await page.clock.runFor(30_000);
    await expect.poll(() => page.locator('h2.cover').innerText()).toBe('Pass to Ana');

    // Ana's screen: her own 5 s start now; she answers in time.
    await page.getByRole('button', { name: 'I am Ana: show my screen' }).click();
    await expect.poll(() => page.getByRole('timer').innerText(), PATIENT).toBe('Be quick: 5 seconds left');
    await page.clock.runFor(3_000);
    await expect.poll(() => page.getByRole('timer').innerText(), PATIENT).toBe('Be quick: 2 seconds left');
    await page.locator('.countdown').getByRole('button', { name: 'Let the turn start' }).click();
    // What her move did is hers to see before the device goes on.
    await page.getByRole('button', { name: 'Done, hide my screen' }).click(PATIENT);

    // Then Cy, covered first; her own full 5 s start when her screen shows, however long the cover was up.
    await page.locator('h2.cover').getByText('Pass to Cy').waitFor(PATIENT);
    expect(await coverOnly(page)).toContain('A quick window: 5 seconds to answer, from when your screen shows.');
    await page.clock.runFor(20_000);
    await page.getByRole('button', { name: 'I am Cy: show my screen' }).click();
    await expect.poll(() => page.getByRole('timer').innerText(), PATIENT).toBe('Be quick: 5 seconds left');
    // Cy lets it run out: the page passes her, and her own screen says so.
    await page.clock.runFor(5_000);
    await page.locator('.timed-out').getByText('Time is up: you pass.').waitFor(PATIENT);
    await match?.settled();
    expect(await page.locator('.countdown-news').innerText()).toBe('Time is up: you pass.');
    expect(await page.locator('.board').count()).toBe(0);
    // Her pass was a judged move of her seat: the window closed and Ben's turn goes on.
    await page.getByRole('button', { name: 'Hide my screen' }).click();
    await page.locator('h2.cover').getByText('Pass to Ben').waitFor(PATIENT);
    expect(await coverOnly(page)).toBe(['Pass to Ben', 'I am Ben: show my screen'].join('\n'));
    expect(await page.locator('.countdown-news').innerText()).toBe('');
    expect(match?.finished()).toBe(false);
  });
});
