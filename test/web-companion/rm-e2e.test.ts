// Rebel Missions in Debian's Chromium (playwright-core) on the built-in timer: the start page
// offers it with each seat's profile; the table page and one browser context per seat play whole
// games by clicking the seat pages' own buttons (the timer started, paused, resumed and each code
// entered from the pages' timer buttons, which show the code's symbols), one game to FANFARE and
// one to TIMEOUT (a short countdown: the timer's CONFIG duration=60, then SIM ADVANCE). The timer's
// events (CHIME, BUZZ, FANFARE, WARN, TIMEOUT) are shown on every page in words; the table page's
// audio (after "Sound on") is asked to play the matching sound of firmware/sounds.json, seen
// through an AudioContext spy (the notes set on the oscillator) and the page's `data-played`;
// seat pages play nothing unless asked. A timer on a cable: a pulled cable is shown on every page,
// and its return. Screenshots of the table and a seat page go to build/.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import sounds from '../../firmware/sounds.json' with { type: 'json' };
import type { TimerLink } from '../../host/link/timer-link.ts';
import type { OpenedTimer } from '../../host/web/server.ts';
import { describeInChromium } from '../support/browser.ts';
import { people } from '../table/support.ts';
import {
  BUILD,
  type CompanionPages,
  clickAndAwaitAnswer,
  companionPages,
  expectNamedButtons,
  FAST,
  LAPTOP,
  lastSnapshotTo,
  nextPick,
  PHONE,
  startFromStartPage,
  startMatch,
  type Viewport,
} from './pages.ts';
import { builtInTimer, cabledTimer, startRmServer } from './rm-support.ts';
import type { Tapped } from './support.ts';

const DIGIT: Readonly<Record<string, string>> = { circle: '1', square: '2', diamond: '3', star: '4' };
const GLYPH: Readonly<Record<string, string>> = { circle: '●', square: '■', diamond: '◆', star: '★' };

/** Records what a page asks of Web Audio: contexts made, and every frequency set on an oscillator. */
const AUDIO_SPY = `(() => {
  const spy = { contexts: 0, frequencies: [] };
  window.__audioSpy = spy;
  const Real = window.AudioContext;
  if (Real === undefined) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); spy.contexts += 1; }
    createOscillator() {
      const oscillator = super.createOscillator();
      const param = oscillator.frequency;
      const set = param.setValueAtTime.bind(param);
      param.setValueAtTime = (value, at) => { spy.frequencies.push(value); return set(value, at); };
      return oscillator;
    }
  };
})();`;

interface AudioSpy {
  readonly contexts: number;
  readonly frequencies: readonly number[];
}

/** The suite's pages and servers (made in its describe block). */
let session: CompanionPages;

/** A page at `url`, its Web Audio spied on, once it has drawn the game. */
async function pageAt(url: string, viewport: Viewport = PHONE): Promise<Page> {
  const page = await session.pageAt(url, viewport, AUDIO_SPY);
  await page.locator('.rebel-missions').waitFor();
  return page;
}

const spyOf = (page: Page): Promise<AudioSpy> => page.evaluate(() => (window as unknown as { __audioSpy: AudioSpy }).__audioSpy);
const played = async (page: Page): Promise<string[]> => ((await page.locator('.timer-audio').getAttribute('data-played')) ?? '').split(' ').filter(Boolean);
const notesOf = (sound: keyof typeof sounds.sounds): number[] => sounds.sounds[sound].map(([hz]) => hz as number).filter((hz) => hz > 0);

type TableView = { readonly stage: string; readonly request: { readonly symbols: readonly string[] } | null; readonly codesFound: number };

function tableView(tapped: readonly Tapped[]): TableView | null {
  return (lastSnapshotTo(tapped, 'table')?.message['view'] as TableView | undefined) ?? null;
}

/** Opens a match of `names` on a server whose timer `open` gives; the table on a laptop, each seat on a phone. */
async function openMatch<T extends OpenedTimer & { readonly link: TimerLink }>(names: readonly string[], open: () => Promise<T>, seed: number) {
  let timer: T | null = null;
  const { server, tapped } = await session.serve(startRmServer(async () => (timer = await open()), { limits: FAST }));
  const links = await startMatch(server, { game: 'rebel-missions', seats: people(...names), options: {}, seed, timer: { kind: 'virtual' } });
  if (timer === null) throw new Error('no timer');
  const table = await pageAt(links.table, LAPTOP);
  const seats = [];
  for (const s of links.seats) seats.push({ id: s.id, name: s.name, page: await pageAt(s.url, PHONE) });
  const opened = timer as T;
  return { server, tapped, table, seats, link: opened.link, timer: opened };
}

/** Presses a timer button as a person at the table does (a logical press, debounced). */
async function press(link: TimerLink, symbols: readonly string[]): Promise<void> {
  for (const symbol of symbols) await link.request(`PRESS ${DIGIT[symbol] ?? symbol}`);
}

/** The move a sensible person picks from a seat's buttons: play what helps, take Play when holding tokens, else draw. */
async function chooseButton(page: Page, x: number): Promise<number | null> {
  const labels = await page.locator('.move-list button:enabled').allInnerTexts();
  if (labels.length === 0) return null;
  const find = (test: (label: string) => boolean): number => labels.findIndex(test);
  const useful = find((l) => l.startsWith('Play ') || l.startsWith('Use '));
  if (useful >= 0) return useful;
  const done = find((l) => l === 'Done playing');
  if (done >= 0) return done;
  const holding = (await page.locator('.player .token').count()) > 0;
  const takePlay = find((l) => l.startsWith('Take ▶'));
  if (holding && takePlay >= 0 && x % 3 !== 0) return takePlay;
  const draw = find((l) => l.startsWith('Take ⬢'));
  if (draw >= 0) return draw;
  return x % labels.length;
}

/**
 * Clicks moves on whichever seat page offers one and enters each code asked for on the timer,
 * until `stop` holds or the match is over; `onCode` may press something first (a slip).
 */
async function play(
  m: Pick<Awaited<ReturnType<typeof openMatch>>, 'server' | 'tapped' | 'table' | 'seats'>,
  options: { readonly maxMoves: number; readonly stop?: () => boolean; readonly onCode?: (codes: number) => Promise<void> },
): Promise<number> {
  let moves = 0;
  let codes = 0;
  let x = 2024;
  let entered = -1;
  while (moves < options.maxMoves && !(m.server.match()?.finished() ?? true) && !(options.stop?.() ?? false)) {
    const view = tableView(m.tapped);
    const asked = m.tapped.filter((t) => t.viewer === 'table' && t.message.type === 'snapshot').length;
    if (view?.stage === 'enter-code' && view.request !== null && entered !== asked) {
      entered = asked;
      await options.onCode?.(codes);
      // Someone at the table asks the host to enter it: the button shows the code's symbols.
      const seat = m.seats[codes % m.seats.length] as { page: Page };
      const enter = seat.page.locator('button.device-enter-code');
      await enter.waitFor();
      expect(await enter.innerText()).toContain(view.request.symbols.map((s) => `${GLYPH[s]} ${s}`).join(', '));
      await enter.click();
      codes++;
      await expect.poll(() => tableView(m.tapped)?.stage, { timeout: 10_000 }).not.toBe('enter-code');
      continue;
    }
    let clicked = false;
    for (const seat of m.seats) {
      x = nextPick(x);
      const n = await chooseButton(seat.page, x);
      if (n === null) continue;
      await clickAndAwaitAnswer(m.tapped, seat.id, seat.page.locator('.move-list button:enabled').nth(n));
      moves++;
      clicked = true;
      break;
    }
    if (!clicked) await m.table.waitForTimeout(30);
  }
  return moves;
}

const everyPage = (m: { readonly table: Page; readonly seats: readonly { readonly page: Page }[] }): Page[] => [m.table, ...m.seats.map((s) => s.page)];

async function expectOnEveryPage(
  m: { readonly table: Page; readonly seats: readonly { readonly page: Page }[] },
  selector: string,
  text: string | RegExp,
): Promise<void> {
  for (const page of everyPage(m)) await expect.poll(() => page.locator(selector).innerText(), { timeout: 15_000 }).toMatch(text);
}

/** No element wider than the page (nothing to scroll sideways). */
async function fitsWidth(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

describeInChromium('Rebel Missions in the browser, on the built-in timer', () => {
  session = companionPages(['--autoplay-policy=user-gesture-required']);

  it('the table and three seats play to FANFARE; CHIME, BUZZ and FANFARE on every page, and the table page plays each sound', async () => {
    const m = await openMatch(['Ana', 'Ben', 'Cy'], () => builtInTimer(41), 5);
    // Every printed code correct, so four missions win the game.
    await m.link.request('CONFIG correct=24 need=4');
    // Seats say the table plays the sound; the table offers "Sound on" (nothing before the gesture).
    for (const seat of m.seats) expect(await seat.page.getByRole('button', { name: /Play the sounds on this device too/ }).count()).toBe(1);
    expect((await spyOf(m.table)).contexts).toBe(0);
    await m.table.getByRole('button', { name: /Sound on/ }).click();
    expect(await m.table.getByRole('button', { name: 'Mute the timer' }).getAttribute('aria-pressed')).toBe('false');
    expect((await spyOf(m.table)).contexts).toBe(1);

    await expectOnEveryPage(m, '.stage', /press ▲ triangle on the timer to start/);
    // Every person's page and the table offer to start the built-in timer; Ben asks.
    for (const page of everyPage(m)) await page.locator('button.device-start-timer').waitFor();
    await m.seats[1]?.page.locator('button.device-start-timer').click();
    await expectOnEveryPage(m, '.timer-sound', /Game started: 12 minutes on the clock/);
    await expect.poll(() => played(m.table)).toContain('start');
    await expect.poll(async () => (await spyOf(m.table)).frequencies).toEqual(expect.arrayContaining(notesOf('start')));

    const moves = await play(m, {
      maxMoves: 600,
      onCode: async (codes) => {
        if (codes !== 0) return;
        // A slip: the same symbol twice begins no printed code, so the timer buzzes at once.
        await press(m.link, ['circle', 'circle']);
        await expectOnEveryPage(m, '.timer-sound', /BUZZ — mistake/);
        await expect.poll(() => played(m.table)).toContain('buzz');
        await expect.poll(async () => (await spyOf(m.table)).frequencies).toEqual(expect.arrayContaining(notesOf('buzz')));
        // The page under the slip still asks for the same code.
        await expectOnEveryPage(m, '.code-request', /Enter the code on the timer/);
        // Mid-game, a code to enter: the pictures of the table and a seat, each fitting its screen.
        for (const page of everyPage(m)) await fitsWidth(page);
        await m.table.screenshot({ path: join(BUILD, 'web-companion-rm-table.png'), fullPage: true });
        await m.seats[0]?.page.screenshot({ path: join(BUILD, 'web-companion-rm-seat.png'), fullPage: true });
      },
    });
    expect(moves).toBeGreaterThan(0);
    await expectOnEveryPage(m, '.timer-sound', /FANFARE — all codes found: the Rebels win/);
    await expectOnEveryPage(m, '.found-lights', /Codes found: 4 of 4/);
    await expectOnEveryPage(m, '.stage', /Won: 4 correct codes entered/);
    await expect.poll(() => played(m.table)).toEqual(expect.arrayContaining(['chime', 'fanfare']));
    // The fanfare's notes come as the firmware plays them (1.8 s).
    await expect
      .poll(async () => (await spyOf(m.table)).frequencies, { timeout: 10_000 })
      .toEqual(expect.arrayContaining([...notesOf('chime'), ...notesOf('fanfare')]));
    // The seats were not asked to play anything.
    for (const seat of m.seats) expect((await spyOf(seat.page)).contexts).toBe(0);
    expect(m.tapped.some((t) => t.viewer === 'table' && t.message.type === 'timer' && (t.message['event'] as { name: string }).name === 'CHIME')).toBe(true);

    for (const page of everyPage(m)) await fitsWidth(page);
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
    await play(m, { maxMoves: 12 });
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

    // Most of what is left goes by at once; the last 13 seconds (the warning at 10) run on the wall clock.
    const { leftMs } = await m.link.status();
    expect(leftMs).toBeGreaterThan(13_000);
    await m.link.request(`SIM ADVANCE ${leftMs - 13_000}`);
    await expectOnEveryPage(m, '.timer-sound', /Warning: 10 seconds left/);
    for (const page of [m.table, dee]) await expect.poll(() => played(page)).toContain('warn');
    await expectOnEveryPage(m, '.timer-sound', /Time is up: the Empire wins/);
    await expectOnEveryPage(m, '.stage', /Lost: time ran out. The Empire wins./);
    await expectOnEveryPage(m, '.result', /The game is over/);
    await expectOnEveryPage(m, '.timer-time', /time is up/);
    for (const page of [m.table, dee]) {
      await expect.poll(() => played(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(['tick', 'lose']));
      await expect
        .poll(async () => (await spyOf(page)).frequencies, { timeout: 10_000 })
        .toEqual(expect.arrayContaining([...notesOf('warn'), ...notesOf('tick'), ...notesOf('lose')]));
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
    const m = await openMatch(['Ana', 'Ben'], () => builtInTimer(13), 6);
    const screen = await session.pageAt(m.server.links()?.table.replace('/table/', '/pass/') ?? '', PHONE, AUDIO_SPY);
    await screen.getByRole('button', { name: /Sound on/ }).click();
    await screen.locator('button.device-start-timer').click();
    await expect.poll(() => screen.locator('.timer-sound').innerText(), { timeout: 10_000 }).toMatch(/Game started: 12 minutes on the clock/);
    await expect.poll(() => played(screen)).toContain('start');
    await expect.poll(() => screen.locator('.timer-time').innerText()).toMatch(/left/);
    // Ana is asked first: the cover, then her screen with her moves.
    await screen.getByRole('button', { name: 'I am Ana: show my screen' }).click();
    await screen.getByRole('button', { name: 'Roll the dice' }).click();
    await expect.poll(() => screen.locator('.pass-stage').innerText()).toMatch(/Pass to Ana|Take /);
    await fitsWidth(screen);
  });
});
