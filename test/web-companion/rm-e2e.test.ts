// Rebel Missions in Debian's Chromium (playwright-core) on the built-in timer: the start page
// offers it with each seat's profile; the table page and one browser context per seat play whole
// games by clicking the seat pages' own buttons (rm-browser.ts: the timer started, paused, resumed
// and each code entered from the pages' timer buttons, which show the code's symbols), one game to
// FANFARE on two codes (on four in rm-e2e.soak.ts) and one to TIMEOUT (a short countdown: the
// timer's CONFIG duration=60, then SIM ADVANCE). The timer's events (CHIME, BUZZ, FANFARE, WARN,
// TIMEOUT) are shown on every page in words; the table page's audio (after "Sound on") is asked to
// play the matching sound of firmware/sounds.json, seen through an AudioContext spy (the notes set
// on the oscillator) and the page's `data-played`; seat pages play nothing unless asked. A timer on
// a cable: a pulled cable is shown on every page, and its return. Screenshots of the table and a
// seat page go to build/.

import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { TimerLink } from '../../host/link/timer-link.ts';
import type { OpenedTimer } from '../../host/web/server.ts';
import { describeInChromium } from '../support/browser.ts';
import { people } from '../table/support.ts';
import { type CompanionPages, companionPages, expectNamedButtons, FAST, LAPTOP, PHONE, startFromStartPage, startMatch, type Viewport } from './pages.ts';
import {
  AUDIO_SPY,
  everyPage,
  expectNotesSet,
  expectOnEveryPage,
  fitsWidth,
  notesOf,
  openRmMatch,
  playRm,
  playToFanfare,
  played,
  press,
  rmPageAt,
  spyOf,
  tableView,
} from './rm-browser.ts';
import { builtInTimer, cabledTimer, startRmServer } from './rm-support.ts';

/** The suite's pages and servers (made in its describe block). */
let session: CompanionPages;

const pageAt = (url: string, viewport: Viewport = PHONE): Promise<Page> => rmPageAt(session, url, viewport);
const openMatch = <T extends OpenedTimer & { readonly link: TimerLink }>(names: readonly string[], open: () => Promise<T>, seed: number) =>
  openRmMatch(session, names, open, seed);

describeInChromium('Rebel Missions in the browser, on the built-in timer', () => {
  session = companionPages(['--autoplay-policy=user-gesture-required']);

  it('the table and three seats play to FANFARE on two codes; CHIME, BUZZ and FANFARE on every page, and the table page plays each sound', async () => {
    // Every printed code correct, so two missions win the game (four in rm-e2e.soak.ts).
    await playToFanfare(session, 2);
  });

  it('four seats to TIMEOUT on a 60 s countdown: paused and resumed from a page, WARN, ticks and the loss heard at the table and on a seat that asked; TIMEOUT on every page', async () => {
    const m = await openMatch(['Ana', 'Ben', 'Cy', 'Dee'], () => builtInTimer(7), 9);
    // A short countdown (the timer's shortest), and one correct code in 24: the rest are decoys.
    await m.link.request('CONFIG duration=60 correct=1 need=1');
    await m.table.getByRole('button', { name: /Sound on/ }).click();
    const dee = m.seats[3]?.page as Page;
    await dee.getByRole('button', { name: /Play the sounds on this device too/ }).click();
    await m.table.locator('button.device-start-timer').click();
    await expectOnEveryPage(m, '.timer-sound', /Game started: 1 minute on the clock/);
    await playRm(m, { maxMoves: 4 });
    expect(tableView(m.tapped)?.stage).not.toBe('won');

    // Paused from Ana's page: nothing may be played, every page says so; resumed from Cy's.
    await m.seats[0]?.page.locator('button.device-pause-timer').click();
    await expectOnEveryPage(m, '.timer-sound', /Game paused/);
    for (const page of [m.table, dee]) await expect.poll(() => played(page)).toContain('pause');
    await expectOnEveryPage(m, '.timer-time', /paused/);
    await expectOnEveryPage(m, '.prompt', /the timer is paused: nothing is played until it runs again/);
    for (const seat of m.seats) expect(await seat.page.locator('.moves .move-list button').count()).toBe(0);
    await m.seats[2]?.page.locator('button.device-resume-timer').click();
    await expectOnEveryPage(m, '.timer-sound', /Game resumed/);
    for (const page of [m.table, dee]) await expect.poll(() => played(page)).toContain('resume');

    // Most of what is left goes by at once, up to just before the warning at 10 seconds; then the
    // ticks between it and the last second and a half at once too, and those run on the wall clock.
    const { leftMs } = await m.link.status();
    expect(leftMs).toBeGreaterThan(10_500);
    await m.link.request(`SIM ADVANCE ${leftMs - 10_500}`);
    await expectOnEveryPage(m, '.timer-sound', /Warning: 10 seconds left/);
    for (const page of [m.table, dee]) await expect.poll(() => played(page)).toContain('warn');
    const afterWarn = (await m.link.status()).leftMs;
    if (afterWarn > 1_500) await m.link.request(`SIM ADVANCE ${afterWarn - 1_500}`);
    await expectOnEveryPage(m, '.timer-sound', /Time is up: the Empire wins/);
    await expectOnEveryPage(m, '.stage', /Lost: time ran out. The Empire wins./);
    await expectOnEveryPage(m, '.result', /The game is over/);
    await expectOnEveryPage(m, '.timer-time', /time is up/);
    for (const page of [m.table, dee]) {
      await expect.poll(() => played(page)).toEqual(expect.arrayContaining(['tick', 'lose']));
      await expectNotesSet(page, [...notesOf('warn'), ...notesOf('tick'), ...notesOf('lose')]);
    }
    for (const seat of m.seats.slice(0, 3)) expect((await spyOf(seat.page)).contexts).toBe(0);
    // Muted: the sound is no longer played (the master gain is down) and not counted as played.
    await m.table.getByRole('button', { name: 'Mute the timer' }).click();
    expect(await m.table.getByRole('button', { name: 'Mute the timer' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a timer on a cable makes its own sounds (the pages only show them); a pulled cable is shown on every page, and its return', async () => {
    const m = await openMatch(['Ana', 'Ben'], () => cabledTimer(3), 4);
    await expectOnEveryPage(m, '.timer-audio', /The timer makes its own sounds/);
    for (const page of everyPage(m)) expect(await page.locator('button.device-start-timer, button.sound-on').count()).toBe(0);
    // A person presses the triangle on the timer itself.
    await press(m.link, ['triangle']);
    await expectOnEveryPage(m, '.timer-sound', /Game started: 12 minutes on the clock/);
    m.timer.cable.pull();
    // The loss, or already the next try to reach the timer (on a loaded machine a page may be read
    // only after the retry replaced it); the log keeps the loss in every page either way.
    await expectOnEveryPage(m, '.timer-link', /The link to the timer was lost \(the serial port was unplugged\)|Still trying to reach the timer/);
    await expectOnEveryPage(m, '.log-list', /the link to the timer was lost/);
    // A page opened while the cable is out is told at once.
    const late = await pageAt(m.server.links()?.seats[0]?.url ?? '', PHONE);
    await expect.poll(() => late.locator('.timer-link').innerText()).toMatch(/The link to the timer was lost|Still trying to reach the timer/);
    m.timer.cable.plug();
    await expectOnEveryPage(m, '.timer-link', /The timer answers again/);
    for (const page of everyPage(m)) expect((await spyOf(page)).contexts).toBe(0);
  });

  it("the start page offers Rebel Missions with each seat's profile and the built-in timer; every control of its pages has a name", async () => {
    const { server } = await session.serve(startRmServer(() => builtInTimer(9), { limits: FAST }));
    const start = await session.pageAt(server.url, LAPTOP);
    const links = await startFromStartPage(start, server, 'rebel-missions', ['Ana', 'Ben'], async () => {
      await start.getByLabel('the Rebel profile of seat 1 (each player a different one)').selectOption('sabine');
      await start.getByLabel('the Rebel profile of seat 2 (each player a different one)').selectOption('zeb');
      // A game on the timer's countdown is not offered without a timer (its match would wait forever on the first press).
      expect(await start.getByLabel('Timer').locator('option').allInnerTexts()).not.toContain('no timer');
      await expect.poll(() => start.locator('.timer-needed').innerText()).toMatch(/played on the timer's countdown, so it needs a timer/);
      await start.getByLabel('Timer').selectOption('virtual');
    });
    expect(links.seats.map((s) => s.name)).toEqual(['Ana', 'Ben']);
    const table = await pageAt(links.table, LAPTOP);
    const ana = await pageAt(links.seats[0]?.url ?? '', PHONE);
    for (const page of [table, ana]) {
      await expect.poll(() => page.locator('.rebel-missions').innerText()).toMatch(/Sabine Wren[\s\S]*Garazeb "Zeb" Orrelios/);
      await page.locator('button.device-start-timer').waitFor();
      await expectNamedButtons(page);
      // The code's symbols and the found lights are said in words, not only drawn.
      expect(await page.locator('.placard').innerText()).toMatch(/Code: .*(circle|square|diamond|star)|Inquisitor/s);
      await fitsWidth(page);
    }
  });

  it('pass-and-play on one screen: the timer started from it, its sound played there, its face live; the cover between people', async () => {
    // The one screen alone: no table or seat page is opened beside it.
    const { server } = await session.serve(startRmServer(() => builtInTimer(13), { limits: FAST }));
    const links = await startMatch(server, { game: 'rebel-missions', seats: people('Ana', 'Ben'), options: {}, seed: 6, timer: { kind: 'virtual' } });
    const screen = await session.pageAt(links.pass, PHONE, AUDIO_SPY);
    await screen.getByRole('button', { name: /Sound on/ }).click();
    await screen.locator('button.device-start-timer').click();
    await expect.poll(() => screen.locator('.timer-sound').innerText()).toMatch(/Game started: 12 minutes on the clock/);
    await expect.poll(() => played(screen)).toContain('start');
    await expect.poll(() => screen.locator('.timer-time').innerText()).toMatch(/left/);
    // Ana is asked first: the cover, then her screen with her moves.
    await screen.getByRole('button', { name: 'I am Ana: show my screen' }).click();
    await screen.getByRole('button', { name: 'Roll the dice' }).click();
    await expect.poll(() => screen.locator('.pass-stage').innerText()).toMatch(/Pass to Ana|Take /);
    await fitsWidth(screen);
  });
});
