// The table page on a TV-sized screen in Debian's Chromium (playwright-core): the seat links (with
// their QR codes) are open until every person's page has joined, then folded once, so the first
// screen is the game; a seat still to join is named. After the game ends nobody is marked "to play".

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { bot, people } from '../table/support.ts';
import { companionPages, FAST, startMatch } from './pages.ts';
import { startTestServer } from './support.ts';

const TV = { width: 1280, height: 720 };
const PATIENT = { timeout: 15_000 };

describeInChromium('the table page on a TV', () => {
  const session = companionPages();

  it('folds the seat links once every person has joined: the game is on the first screen', async () => {
    const { server } = await session.serve(startTestServer({ limits: FAST }));
    const links = await startMatch(server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 5, timer: { kind: 'none' } });
    const table = await session.pageAt(links.table, TV);
    const fold = table.locator('details.seat-links');
    await table.getByRole('img', { name: "QR code of Ana's seat link" }).waitFor(PATIENT);
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await session.pageAt(links.seats[0]?.url as string);
    await expect.poll(() => fold.locator('summary').innerText(), PATIENT).toBe('Seat links: each player opens theirs (still to join: Ben)');
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await session.pageAt(links.seats[1]?.url as string);
    await expect.poll(() => fold.evaluate((d) => (d as HTMLDetailsElement).open), PATIENT).toBe(false);
    expect(await fold.locator('summary').innerText()).toBe('Seat links: everyone has joined');
    // The game's drawing starts on the first screen; the QR codes are out of sight.
    const board = await table.locator('.board').boundingBox();
    expect(board).not.toBeNull();
    expect(board?.y ?? TV.height).toBeLessThan(TV.height / 2);
    expect(await table.getByRole('img', { name: "QR code of Ana's seat link" }).isVisible()).toBe(false);
    // Opened again by hand, it stays open (folded once only).
    await fold.locator('summary').click();
    await session.pageAt(links.seats[1]?.url as string);
    await expect.poll(() => table.getByRole('img', { name: "QR code of Ana's seat link" }).isVisible(), PATIENT).toBe(true);
  });

  it('marks nobody "to play" once the game is over', async () => {
    const { server } = await session.serve(startTestServer({ limits: FAST }));
    const links = await startMatch(server, {
      game: 'secret-invasion',
      seats: [bot('Mum', 'random'), bot('Dad', 'random')],
      options: {},
      seed: 2,
      timer: { kind: 'none' },
    });
    await server.match()?.settled();
    expect(server.match()?.finished()).toBe(true);
    const table = await session.pageAt(links.table, TV);
    await expect.poll(() => table.locator('.result').innerText(), PATIENT).toMatch(/^The game is over/);
    await table.locator('.board .players').waitFor(PATIENT);
    expect(await table.locator('.board').innerText()).not.toContain('to play');
    expect(await table.locator('.player.turn').count()).toBe(0);
  });
});
