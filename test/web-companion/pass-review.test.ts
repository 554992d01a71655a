// Pass-and-play in Debian's Chromium: after a person's own move, the one screen shows what that
// move did as their seat sees it ("What happened": the card Han Solo showed them) and "Done, hide
// my screen" before the cover for the next person. Secret Invasion, seed 9: Ana holds Han Solo and
// looks at Ben's card; her screen shows that card and nothing else she may not know; after "Done"
// the cover for Ben shows none of it; Ben's own screen then says only that his card was looked at.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { people } from '../table/support.ts';
import { companionPages, FAST, lastSnapshotTo, startMatch } from './pages.ts';
import { hiddenNames, leaks, startTestServer } from './support.ts';

const PATIENT = { timeout: 15_000 };

describeInChromium('pass-and-play shows what a move did before the screen is passed', () => {
  const session = companionPages();

  it("Secret Invasion: Ana sees the card Han Solo showed her, then hides her screen; Ben's cover and screen hold none of it", async () => {
    const { server, tapped } = await session.serve(startTestServer({ limits: FAST }));
    const links = await startMatch(server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 9, timer: { kind: 'none' } });
    const page = await session.pageAt(links.table.replace('/table/', '/pass/'));
    await page.getByRole('button', { name: 'I am Ana: show my screen' }).click();
    await page.getByRole('button', { name: 'Discard Han Solo (2)' }).click();
    // Its target is the next step, on Ana's screen still.
    await page.getByRole('button', { name: 'Ben', exact: true }).click();
    const review = page.locator('h2.review');
    await review.waitFor(PATIENT);
    await server.match()?.settled();
    // What Ana was told of Han Solo's look: her events' line with Ben's card.
    const looked = tapped
      .filter((t) => t.viewer === 'p1' && t.message.type === 'events')
      .flatMap((t) => t.message['lines'] as string[])
      .map((l) => l.trim())
      .find((l) => l.startsWith("You looked at Ben's card: "));
    expect(looked).toBeDefined();
    const stage = page.locator('.pass-stage');
    await expect.poll(() => stage.innerText(), PATIENT).toContain(looked as string);
    expect(await review.innerText()).toBe('Ana: what your move did');
    expect(await stage.innerText()).toContain('You chose: Discard Han Solo (2)');
    expect(await page.locator('h2.cover').count()).toBe(0);
    for (const hidden of hiddenNames(lastSnapshotTo(tapped, 'p1'))) expect(await stage.innerText(), `Ana's screen shows ${hidden}`).not.toContain(hidden);

    // Done: the cover for Ben, with nothing of Ana's screen.
    await page.getByRole('button', { name: 'Done, hide my screen' }).click();
    await expect.poll(() => page.locator('h2.cover').innerText(), PATIENT).toBe('Pass to Ben');
    const cover = await stage.innerText();
    expect(cover).not.toContain(looked as string);
    expect(await page.locator('.pass-stage .board, .pass-stage .hand, .pass-stage .move-list').count()).toBe(0);
    for (const hidden of [...hiddenNames(lastSnapshotTo(tapped, 'table')), ...hiddenNames(lastSnapshotTo(tapped, 'p2'))])
      expect(cover, `the cover shows ${hidden}`).not.toContain(hidden);

    // Ben's screen: his card was looked at, and nothing Ben may not know (Ana's card among it).
    await page.getByRole('button', { name: 'I am Ben: show my screen' }).click();
    await page.locator('.pass-stage .move-list button').first().waitFor();
    const ben = await stage.innerText();
    expect(ben).toContain('Ana looked at your card.');
    expect(ben).not.toContain(looked as string);
    for (const hidden of hiddenNames(lastSnapshotTo(tapped, 'p2'))) expect(ben, `Ben's screen shows ${hidden}`).not.toContain(hidden);
    expect(leaks(tapped)).toEqual([]);
  }, 120_000);
});
