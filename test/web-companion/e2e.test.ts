// The web companion in Debian's Chromium (playwright-core): the start page starts Secret Invasion,
// the table page and one browser context per seat play its first moves by clicking the seat pages'
// own buttons (secret-invasion-browser.ts; the whole game in e2e.soak.ts). Every message sent to
// any page and the board drawn on every seat page are checked never to hold another seat's hidden
// card; a seat page sends another seat's move, malformed and
// oversized messages; a reloaded tab rejoins; the server is stopped mid-game and resumed on the
// same port, and the open pages carry on. Screenshots of the table and a seat page go to build/.

import { expect, it } from 'vitest';
import { describeInChromium } from '../support/browser.ts';
import { testSeeds } from '../support/soak-seeds.ts';
import { people } from '../table/support.ts';
import { clickAndAwaitAnswer, companionPages, FAST, lastSnapshotTo, startMatch } from './pages.ts';
import { playSecretInvasion } from './secret-invasion-browser.ts';
import { hiddenNames, leaks, startTestServer } from './support.ts';

/** The moves clicked here: a turn or more of each seat, and a check of each seat page's board after the tenth (the whole game in e2e.soak.ts). */
const FIRST_MOVES = 12;

describeInChromium('web companion in the browser', () => {
  const session = companionPages();

  it.each(testSeeds('secret-invasion-browser-game'))(
    "match seed %i: the start page starts Secret Invasion; the table and three seats play its first moves, and no page is sent or shows another seat's hidden card",
    async (seed) => {
      const { tapped, table, moves } = await playSecretInvasion(session, seed, FIRST_MOVES);
      expect(moves).toBe(FIRST_MOVES);
      // The table's log tells the game in words.
      await expect.poll(() => table.locator('.log-list li').count()).toBeGreaterThan(moves / 2);
      expect(leaks(tapped)).toEqual([]);
    },
  );

  it('a seat page cannot move another seat; malformed and oversized messages are answered; a reloaded tab and a restarted server carry on', async () => {
    const first = await session.serve(startTestServer({ limits: FAST }));
    const links = await startMatch(first.server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 5, timer: { kind: 'none' } });
    const [ana, ben] = [await session.pageAt(links.seats[0]?.url as string), await session.pageAt(links.seats[1]?.url as string)];
    await ana.locator('.hand .card').first().waitFor();
    await ben.locator('.hand .card').first().waitFor();

    // From Ben's page, messages of every wrong kind over its own live channel.
    const answers = await ben.evaluate(async (max) => {
      const ws = new WebSocket(`ws://${location.host}/live${location.pathname}`);
      const got: string[] = [];
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as { type: string; problem?: string; reason?: string };
        if (m.type === 'error' || m.type === 'rejected') got.push(m.problem ?? m.reason ?? '');
      };
      await new Promise((r) => (ws.onopen = r));
      ws.send('{"type":');
      ws.send(JSON.stringify({ type: 'move', move: { actor: 'p1', type: 'discard', character: 'stormtrooper' } }));
      ws.send(JSON.stringify({ type: 'move', move: { actor: 'p2', type: 'x', pad: 'x'.repeat(max) } }));
      ws.send(JSON.stringify({ type: 'teleport' }));
      // The four answers, or what came of them in 5 s.
      const since = Date.now();
      while (got.length < 4 && Date.now() - since < 5000) await new Promise((r) => setTimeout(r, 10));
      ws.close();
      return got;
    }, FAST.maxMessageBytes);
    expect(answers[0]).toContain('not JSON');
    expect(answers[1]).toContain('seat p2 may only make its own moves');
    expect(answers[2]).toContain(`at most ${FAST.maxMessageBytes} are accepted`);
    expect(answers[3]).toContain('unknown message type "teleport"');
    expect(first.server.match()?.finished()).toBe(false);

    // Whoever is to move makes one move, then reloads: the page rejoins with the same seat.
    const anaMoves = (await ana.locator('.move-list button').count()) > 0;
    const [mover, moverId] = anaMoves ? [ana, links.seats[0]?.id as string] : [ben, links.seats[1]?.id as string];
    await clickAndAwaitAnswer(first.tapped, moverId, mover.locator('.move-list button').first());
    // Ben's page has drawn the newest snapshot he was sent.
    await first.server.match()?.settled();
    const benId = links.seats[1]?.id as string;
    await expect.poll(() => ben.locator('#app').getAttribute('data-snapshot')).toBe(String(lastSnapshotTo(first.tapped, benId)?.message['menu']));
    const handBefore = await ben.locator('.hand').innerText();
    await ben.reload();
    await expect.poll(() => ben.locator('.hand').innerText()).toBe(handBefore);
    expect(await ben.locator('.log-list li').count()).toBeGreaterThan(0);

    // The server stops mid-game; a new one resumes the save on the same port, and the pages reconnect by themselves.
    const port = first.server.port;
    await session.stop(first.server);
    // The page says what happened and what to do (not "trying again" in silence).
    await expect
      .poll(() => ben.locator('.status').innerText(), { timeout: 15_000 })
      .toBe(
        'The companion on the computer stopped, so this match is not being played now: when it runs again, someone must resume it on the computer\'s start page ("Resume the saved match"); this page then joins again by itself.',
      );
    // A move clicked while the page cannot reach the companion is not lost in silence: the page says so.
    const clicker = (await ana.locator('.move-list button:enabled').count()) > 0 ? ana : ben;
    await clicker.locator('.move-list button:enabled').first().click();
    await expect
      .poll(() => clicker.locator('.status').innerText())
      .toMatch(/^Not sent: this page is not connected to the companion just now .*once it says Connected\.$/);
    const second = await session.serve(startTestServer({ limits: FAST, saveDir: first.saveDir, port }));
    // Running again, but the match is not resumed yet: the page says who must do what.
    await expect
      .poll(() => ben.locator('.status').innerText(), { timeout: 15_000 })
      .toBe(
        'This match is not being played now: someone must resume it on the computer\'s start page ("Resume the saved match"); this page then joins again by itself.',
      );
    expect(await second.server.handle({ type: 'resume', game: 'secret-invasion', timer: { kind: 'none' } })).toBeNull();
    // Both pages join again (a move from a page still on its way back would not be sent).
    for (const page of [ana, ben]) await expect.poll(() => page.locator('.status').innerText()).toBe('Connected');
    await expect.poll(() => ben.locator('.hand').innerText()).toBe(handBefore);
    // And play goes on from the page.
    const next = (await ana.locator('.move-list button:enabled').count()) > 0 ? ana : ben;
    await expect.poll(() => next.locator('.move-list button:enabled').count()).toBeGreaterThan(0);
    const before = second.tapped.filter((t) => t.message.type === 'events').length;
    await next.locator('.move-list button:enabled').first().click();
    await expect.poll(() => second.tapped.filter((t) => t.message.type === 'events').length).toBeGreaterThan(before);
    expect(leaks([...first.tapped, ...second.tapped])).toEqual([]);
  });

  it('pass-and-play on one screen: only the cover "Pass to Ana" between two people, then that seat\'s view and moves', async () => {
    const { server, tapped } = await session.serve(startTestServer({ limits: FAST }));
    const links = await startMatch(server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 9, timer: { kind: 'none' } });
    const page = await session.pageAt(links.table.replace('/table/', '/pass/'));
    // A discard is chosen in steps (the card, then its value...): the same person's screen stays
    // between them and the cover comes for the next person, so the people asked are counted once
    // per run of screens naming them (pass-cover.test.ts checks when the cover comes).
    const seen: string[] = [];
    for (let step = 0; step < 18 && !(server.match()?.finished() ?? true); step++) {
      const cover = page.locator('h2.cover');
      const screen = page.locator('.pass-stage .move-list button:enabled');
      const done = page.getByRole('button', { name: 'Done, hide my screen' });
      await expect.poll(async () => (await cover.count()) + (await screen.count()) + (await done.count())).toBeGreaterThan(0);
      // What the last move did, on its mover's screen, before the device is passed on.
      if ((await done.count()) > 0) {
        await done.click();
        await cover.waitFor();
      }
      if ((await cover.count()) > 0) {
        const covered = (await cover.innerText()).replace('Pass to ', '');
        // Under the cover nothing of anyone's hand is on the page.
        expect(await page.locator('.hand').count()).toBe(0);
        await page.getByRole('button', { name: `I am ${covered}: show my screen` }).click();
      }
      await page.locator('.hand .card').first().waitFor();
      const name = (await page.locator('.pass-stage > h2').innerText()).split(':')[0] as string;
      if (seen[seen.length - 1] !== name) seen.push(name);
      const id = links.seats.find((s) => s.name === name)?.id as string;
      const board = await page.locator('.board').innerText();
      for (const hidden of hiddenNames(lastSnapshotTo(tapped, id))) expect(board, `${name}'s screen shows ${hidden}`).not.toContain(hidden);
      await page.locator('.move-list button').first().click();
      await expect.poll(() => page.locator('.pass-stage .move-list button:disabled').count()).toBe(0);
      await server.match()?.settled();
    }
    expect(seen.slice(0, 3)).toEqual(['Ana', 'Ben', 'Ana']);
    expect(leaks(tapped)).toEqual([]);
  });
});
