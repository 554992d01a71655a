// Rebel Missions in Debian's Chromium, shared by its browser test (npm test: a game to FANFARE on
// two codes) and its soak (npm run soak: the same game on four codes): the table page on a laptop
// and one phone per seat, each page's Web Audio spied on; the seats click their own buttons and
// enter each code asked for from the pages' timer buttons (which show the code's symbols).

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import sounds from '../../firmware/sounds.json' with { type: 'json' };
import type { TimerLink } from '../../host/link/timer-link.ts';
import type { OpenedTimer, WebServer } from '../../host/web/server.ts';
import { people } from '../table/support.ts';
import { BUILD, type CompanionPages, clickAndAwaitAnswer, FAST, LAPTOP, lastSnapshotTo, nextPick, PHONE, startMatch, type Viewport } from './pages.ts';
import { builtInTimer, startRmServer } from './rm-support.ts';
import type { Tapped } from './support.ts';

const DIGIT: Readonly<Record<string, string>> = { circle: '1', square: '2', diamond: '3', star: '4' };
const GLYPH: Readonly<Record<string, string>> = { circle: '●', square: '■', diamond: '◆', star: '★' };

/** Records what a page asks of Web Audio: contexts made, and every frequency set on an oscillator. */
export const AUDIO_SPY = `(() => {
  const spy = { contexts: 0, scheduled: [] };
  window.__audioSpy = spy;
  const Real = window.AudioContext;
  if (Real === undefined) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); spy.contexts += 1; }
    createOscillator() {
      const oscillator = super.createOscillator();
      const param = oscillator.frequency;
      const set = param.setValueAtTime.bind(param);
      param.setValueAtTime = (value, at) => {
        spy.scheduled.push([value, Math.round(at * 1000), Math.round(this.currentTime * 1000)]);
        return set(value, at);
      };
      return oscillator;
    }
  };
})();`;

interface AudioSpy {
  readonly contexts: number;
  /** Each frequency set: [hz, at ms, the audio clock then in ms]. */
  readonly scheduled: readonly (readonly [number, number, number])[];
}

/** A page at `url`, its Web Audio spied on, once it has drawn the game. */
export async function rmPageAt(session: CompanionPages, url: string, viewport: Viewport = PHONE): Promise<Page> {
  const page = await session.pageAt(url, viewport, AUDIO_SPY);
  await page.locator('.rebel-missions').waitFor();
  return page;
}

export const spyOf = (page: Page): Promise<AudioSpy> => page.evaluate(() => (window as unknown as { __audioSpy: AudioSpy }).__audioSpy);
/**
 * Waits until `page` has set every note of `notes` on its oscillator; else fails naming the notes
 * missing and the last ones set, with their times and the audio clock's (a note set late or
 * piled up by a clock jump shows there).
 */
export async function expectNotesSet(page: Page, notes: readonly number[]): Promise<void> {
  const missing = async (): Promise<number[]> => {
    const set = new Set((await spyOf(page)).scheduled.map(([hz]) => hz));
    return notes.filter((hz) => !set.has(hz));
  };
  try {
    await expect.poll(missing).toEqual([]);
  } catch (error) {
    const last = (await spyOf(page)).scheduled.slice(-30).map(([hz, at, now]) => `${hz} Hz at ${at} ms (clock ${now} ms)`);
    throw new Error(`the page never set ${(await missing()).join(', ')} Hz on its oscillator; the last notes it set:\n  ${last.join('\n  ')}`, {
      cause: error,
    });
  }
}

export const played = async (page: Page): Promise<string[]> =>
  ((await page.locator('.timer-audio').getAttribute('data-played')) ?? '').split(' ').filter(Boolean);
export const notesOf = (sound: keyof typeof sounds.sounds): number[] => sounds.sounds[sound].map(([hz]) => hz as number).filter((hz) => hz > 0);

type TableView = { readonly stage: string; readonly request: { readonly symbols: readonly string[] } | null; readonly codesFound: number };

export function tableView(tapped: readonly Tapped[]): TableView | null {
  return (lastSnapshotTo(tapped, 'table')?.message['view'] as TableView | undefined) ?? null;
}

/** A match's server, what each page was sent, its pages and its timer. */
export interface RmMatch<T> {
  readonly server: WebServer;
  readonly tapped: readonly Tapped[];
  readonly table: Page;
  readonly seats: readonly { readonly id: string; readonly name: string; readonly page: Page }[];
  readonly link: TimerLink;
  readonly timer: T;
}

/** Opens a match of `names` on a server whose timer `open` gives; the table on a laptop, each seat on a phone. */
export async function openRmMatch<T extends OpenedTimer & { readonly link: TimerLink }>(
  session: CompanionPages,
  names: readonly string[],
  open: () => Promise<T>,
  seed: number,
): Promise<RmMatch<T>> {
  let timer: T | null = null;
  const { server, tapped } = await session.serve(startRmServer(async () => (timer = await open()), { limits: FAST }));
  const links = await startMatch(server, { game: 'rebel-missions', seats: people(...names), options: {}, seed, timer: { kind: 'virtual' } });
  if (timer === null) throw new Error('no timer');
  const table = await rmPageAt(session, links.table, LAPTOP);
  const seats = [];
  for (const s of links.seats) seats.push({ id: s.id, name: s.name, page: await rmPageAt(session, s.url, PHONE) });
  const opened = timer as T;
  return { server, tapped, table, seats, link: opened.link, timer: opened };
}

/** Presses a timer button as a person at the table does (a logical press, debounced). */
export async function press(link: TimerLink, symbols: readonly string[]): Promise<void> {
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
export async function playRm(
  m: Pick<RmMatch<unknown>, 'server' | 'tapped' | 'table' | 'seats'>,
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
      await expect.poll(() => tableView(m.tapped)?.stage).not.toBe('enter-code');
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

export const everyPage = (m: { readonly table: Page; readonly seats: readonly { readonly page: Page }[] }): Page[] => [m.table, ...m.seats.map((s) => s.page)];

export async function expectOnEveryPage(
  m: { readonly table: Page; readonly seats: readonly { readonly page: Page }[] },
  selector: string,
  text: string | RegExp,
): Promise<void> {
  for (const page of everyPage(m)) await expect.poll(() => page.locator(selector).innerText()).toMatch(text);
}

/** No element wider than the page (nothing to scroll sideways). */
export async function fitsWidth(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/**
 * The table and three seats play to FANFARE on a timer whose every printed code is correct and
 * whose game needs `need` of them: "Sound on" at the table, the timer started from a seat page, a
 * slip (BUZZ) before the first code, a CHIME for each code but the last, FANFARE; each shown on every
 * page in words and heard at the table only (screenshots of a code asked for go to build/).
 */
export async function playToFanfare(session: CompanionPages, need: number): Promise<void> {
  const m = await openRmMatch(session, ['Ana', 'Ben', 'Cy'], () => builtInTimer(41), 5);
  await m.link.request(`CONFIG correct=24 need=${need}`);
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
  await expectNotesSet(m.table, notesOf('start'));

  const moves = await playRm(m, {
    maxMoves: 600,
    onCode: async (codes) => {
      if (codes !== 0) return;
      // A slip: the same symbol twice begins no printed code, so the timer buzzes at once.
      await press(m.link, ['circle', 'circle']);
      await expectOnEveryPage(m, '.timer-sound', /BUZZ — mistake/);
      await expect.poll(() => played(m.table)).toContain('buzz');
      await expectNotesSet(m.table, notesOf('buzz'));
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
  await expectOnEveryPage(m, '.found-lights', new RegExp(`Codes found: ${need} of 4`));
  await expectOnEveryPage(m, '.stage', new RegExp(`Won: ${need} correct codes entered`));
  await expect.poll(() => played(m.table)).toEqual(expect.arrayContaining(['chime', 'fanfare']));
  // The fanfare's notes come as the firmware plays them (1.8 s).
  await expectNotesSet(m.table, [...notesOf('chime'), ...notesOf('fanfare')]);
  // The seats were not asked to play anything.
  for (const seat of m.seats) expect((await spyOf(seat.page)).contexts).toBe(0);
  expect(m.tapped.some((t) => t.viewer === 'table' && t.message.type === 'timer' && (t.message['event'] as { name: string }).name === 'CHIME')).toBe(true);

  for (const page of everyPage(m)) await fitsWidth(page);
}
