// The start page in Debian's Chromium (playwright-core), on a phone: a start's problem is shown
// beside the Start button and in view (a seed out of range, a timer that cannot be opened), the
// old match's links are taken away while a new match is being opened and come back when it fails;
// "table dice" only for a game with dice (The Queen's Gambit, Rebel Missions; not Secret Invasion
// or Stolen Plans, whose chance is shuffles and draws); no rule ids in the labels ("(D28)"); a
// serial listing that failed is said in plain words ("spawn udevadm ENOENT" is not).

import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { listPorts } from '../../host/link/serial-transport.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import type { OpenedTimer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium } from '../support/browser.ts';
import { people } from '../table/support.ts';
import { companionPages, FAST, PHONE, startMatch } from './pages.ts';
import { startTestServer } from './support.ts';

const GAMES = TABLE_ENTRIES.map((e) => e.use((entry) => webGame(entry)));
const PATIENT = { timeout: 15_000 };

/** Whether `box` is wholly inside the page's viewport now. */
async function inView(page: Page, box: Locator): Promise<boolean> {
  const b = await box.boundingBox();
  const size = page.viewportSize();
  return b !== null && size !== null && b.y >= 0 && b.y + b.height <= size.height && b.width > 0;
}

/** The vertical distance between two elements' boxes (0 when they overlap). */
async function gap(a: Locator, b: Locator): Promise<number> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (x === null || y === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, y.y - (x.y + x.height), x.y - (y.y + y.height));
}

describeInChromium('the start page', () => {
  const session = companionPages();

  it("shows a start's problem beside the Start button and in view; the old links go while a new match opens and come back when it fails", async () => {
    let release: (error: Error) => void = () => undefined;
    const { server } = await session.serve(
      startTestServer({
        games: GAMES,
        limits: FAST,
        // A timer that takes its time to open, then cannot be opened.
        openTimer: () =>
          new Promise<OpenedTimer>((_resolve, reject) => {
            release = reject;
          }),
      }),
    );
    const first = await startMatch(server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 3, timer: { kind: 'none' } });
    const page = await session.pageAt(server.url, PHONE);
    const tableLink = page.getByRole('link', { name: 'Open the table page' });
    await expect.poll(() => tableLink.getAttribute('href'), PATIENT).toBe(first.table);
    await page.getByLabel('Game', { exact: true }).selectOption('secret-invasion');
    const startButton = page.getByRole('button', { name: 'Start the match' });
    const problem = page.locator('.start-problem');

    // A seed the server would refuse is refused on the page, beside the button, in view.
    await page.getByLabel('Seed (a whole number; empty for a random deal)').fill('4294967296');
    await startButton.click();
    await expect
      .poll(() => problem.innerText(), PATIENT)
      .toBe('Problem: the seed is a whole number from 0 to 4294967295, or empty for a random deal; got 4294967296');
    expect(await inView(page, problem)).toBe(true);
    expect(await gap(problem, startButton)).toBeLessThan(120);

    // The built-in timer takes its time: the old match's links are gone meanwhile.
    await page.getByLabel('Seed (a whole number; empty for a random deal)').fill('');
    await page.getByLabel('Timer').selectOption('virtual');
    await startButton.click();
    await expect.poll(() => page.locator('.current').innerText(), PATIENT).toContain('Opening the match');
    expect(await tableLink.count()).toBe(0);
    expect(await problem.isVisible()).toBe(false);
    // It cannot be opened: the problem beside the button, in view, and the old match (still being played) linked again.
    await startButton.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    release(new Error('the built-in timer could not start here'));
    await expect.poll(() => problem.innerText(), PATIENT).toBe('Problem: the built-in timer could not start here');
    expect(await inView(page, problem)).toBe(true);
    expect(await gap(problem, startButton)).toBeLessThan(120);
    await expect.poll(() => tableLink.getAttribute('href'), PATIENT).toBe(first.table);
    expect(server.links()?.table).toBe(first.table);
  });

  it('offers table dice only for a game with dice, shows no rule ids in its labels, and says a failed port listing in plain words', async () => {
    const { server } = await session.serve(
      startTestServer({
        games: GAMES,
        limits: FAST,
        listPorts: () =>
          listPorts(async () => {
            throw new Error('spawn udevadm ENOENT');
          }),
      }),
    );
    const page = await session.pageAt(server.url, PHONE);
    const game = page.getByLabel('Game', { exact: true });
    await game.waitFor();
    const dice: Record<string, number> = {};
    for (const entry of TABLE_ENTRIES) {
      await game.selectOption(entry.id);
      await expect.poll(() => page.getByLabel('Name').count(), PATIENT).toBeGreaterThan(0);
      dice[entry.id] = await page.getByLabel(/^Table dice/).count();
      const labels = await page.locator('form label, form legend').allInnerTexts();
      for (const label of labels) expect(label, `${entry.id}: a rule id in "${label}"`).not.toMatch(/\([A-Z]{1,2}\d+\)/);
    }
    expect(dice).toEqual({ 'rebel-missions': 1, 'secret-invasion': 0, 'stolen-plans': 0, 'queens-gambit': 1 });
    // The server refuses table dice for a game without dice, in words.
    expect(
      await server.handle({ type: 'start', game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, timer: { kind: 'none' }, chance: 'table' }),
    ).toBe("Star Wars: Secret Invasion has no dice to roll at the table (its shuffles and draws are the companion's); start it without table dice");
    await game.selectOption('queens-gambit');
    const note = page.locator('.ports-note');
    await expect.poll(() => note.innerText(), PATIENT).toContain('Showing the serial device files found in /dev instead.');
    expect(await page.locator('body').innerText()).not.toMatch(/ENOENT|spawn|udevadm/);
  });
});
