// The web companion's pages in Chromium, for its browser tests: the servers and pages a test opens
// (all closed after it, the pages first), a match started from the start page or by the server's
// own `handle`, the moves clicked on the seat pages with each click's answer awaited, and the
// messages each seat was sent, which the leak checks compare with what each page shows.

import { join } from 'node:path';
import { errors, type Locator, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { loadLimits } from '../../host/web/limits.ts';
import type { PageMessage } from '../../host/web/messages.ts';
import type { WebServer } from '../../host/web/server.ts';
import { useChromium } from '../support/browser.ts';
import type { Tapped } from './support.ts';

/** Limits with room for a test that clicks as fast as the pages answer. */
export const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 800 };
/** Where the screenshots go. */
export const BUILD = join(import.meta.dirname, '..', '..', 'build');

export type Viewport = typeof PHONE;
export type Links = NonNullable<ReturnType<WebServer['links']>>;
export type StartMessage = Extract<PageMessage, { type: 'start' }>;

/** A game played in the browser: its server, what each page was sent, the pages and the moves clicked. */
export interface PlayedInBrowser {
  readonly server: WebServer;
  readonly tapped: readonly Tapped[];
  readonly table: Page;
  readonly seats: readonly SeatPage[];
  readonly moves: number;
}

/** A seat's page and the seat it plays. */
export interface SeatPage {
  readonly id: string;
  readonly page: Page;
}

export interface CompanionPages {
  /** The server `started` gives (startTestServer, startRmServer), closed after the test. */
  serve<T extends { readonly server: WebServer }>(started: Promise<T>): Promise<T>;
  /** Closes a server now (mid-test), rather than after the test. */
  stop(server: WebServer): Promise<void>;
  /** A page in a fresh browser context of `viewport`, with `initScript` run before any of the page's own, not yet navigated. */
  newPage(viewport?: Viewport, initScript?: string): Promise<Page>;
  /** `newPage`, then `url` loaded. */
  pageAt(url: string, viewport?: Viewport, initScript?: string): Promise<Page>;
}

/**
 * Inside a `describeInChromium` body: Chromium for the suite (`extraArgs` after the usual ones),
 * and the servers and pages of each test, closed after it (the pages first, then the servers).
 */
export function companionPages(extraArgs: readonly string[] = []): CompanionPages {
  const chromium = useChromium(extraArgs);
  const servers: WebServer[] = [];
  afterEach(async () => {
    await chromium.closeContexts();
    for (const server of servers.splice(0)) await server.close();
  });
  const newPage = async (viewport: Viewport = PHONE, initScript?: string): Promise<Page> => {
    const context = await chromium.newContext({ viewport });
    if (initScript !== undefined) await context.addInitScript(initScript);
    return context.newPage();
  };
  return {
    async serve(started) {
      const served = await started;
      servers.push(served.server);
      return served;
    },
    async stop(server) {
      const at = servers.indexOf(server);
      if (at >= 0) servers.splice(at, 1);
      await server.close();
    },
    newPage,
    async pageAt(url, viewport = PHONE, initScript) {
      const page = await newPage(viewport, initScript);
      await page.goto(url);
      return page;
    },
  };
}

/** The server's links to the match it plays; throws when it plays none. */
export function linksOf(server: WebServer): Links {
  const links = server.links();
  if (links === null) throw new Error('no match');
  return links;
}

/** Starts a match by the server's own `handle` (as the start page's message would), which must take it; its links. */
export async function startMatch(server: WebServer, start: Omit<StartMessage, 'type'>): Promise<Links> {
  expect(await server.handle({ type: 'start', ...start })).toBeNull();
  return linksOf(server);
}

/**
 * Starts a match from the start page: chooses `game`, fills the seats' names, then `fill` sets the
 * rest (options, seed, bots), then "Start the match" until the page links to the table page.
 */
export async function startFromStartPage(
  start: Page,
  server: WebServer,
  game: string,
  names: readonly string[],
  fill: (start: Page) => Promise<void> = async () => undefined,
): Promise<Links> {
  await start.getByLabel('Game', { exact: true }).selectOption(game);
  const fields = start.getByLabel('Name');
  for (const [i, name] of names.entries()) await fields.nth(i).fill(name);
  await fill(start);
  await start.getByRole('button', { name: 'Start the match' }).click();
  await start.getByRole('link', { name: 'Open the table page' }).waitFor();
  return linksOf(server);
}

/** Every button of the page has a name a screen reader can say. */
export async function expectNamedButtons(page: Page): Promise<void> {
  for (const b of await page.getByRole('button').all()) expect((await b.innerText()).trim()).not.toBe('');
}

/** Every message `viewer` was sent. */
export const messagesTo = (tapped: readonly Tapped[], viewer: string): Tapped[] => tapped.filter((t) => t.viewer === viewer);

/** The last snapshot `viewer` was sent, if any. */
export const lastSnapshotTo = (tapped: readonly Tapped[], viewer: string): Tapped | undefined =>
  [...tapped].reverse().find((t) => t.viewer === viewer && t.message.type === 'snapshot');

/** What a match page shows, read in one moment: the snapshot it has drawn (as sent to its viewer) and the texts of `selectors`. */
export interface DrawnPage {
  readonly snapshot: Tapped;
  readonly texts: Readonly<Record<string, readonly string[]>>;
}

/**
 * Reads `viewer`'s match page: the inner texts of each of `selectors` and the snapshot it has
 * drawn (the page's `data-snapshot`, that snapshot's menu number), in one step of the page so no
 * later snapshot is drawn in between. A leak check compares the texts with what the viewer might
 * not know as of that snapshot, not as of the server's newest state, which the page may not have
 * drawn yet (a card seen face up, then shuffled back into its deck, is a secret again only there).
 * With the viewer's page reloaded, its newest connection's snapshot of that number is taken.
 */
export async function readDrawn(tapped: readonly Tapped[], viewer: string, page: Page, selectors: Readonly<Record<string, string>>): Promise<DrawnPage> {
  const read = await page.evaluate((wanted) => {
    const serial = document.getElementById('app')?.dataset['snapshot'] ?? null;
    const texts = Object.fromEntries(
      Object.entries(wanted).map(([key, selector]) => [key, [...document.querySelectorAll<HTMLElement>(selector)].map((e) => e.innerText)]),
    );
    return { serial, texts };
  }, selectors);
  if (read.serial === null) throw new Error(`${viewer}'s page has drawn no snapshot yet (no data-snapshot on #app)`);
  const snapshot = [...tapped].reverse().find((t) => t.viewer === viewer && t.message.type === 'snapshot' && String(t.message['menu']) === read.serial);
  if (snapshot === undefined) throw new Error(`${viewer}'s page shows snapshot ${read.serial}, which ${viewer} was never sent`);
  return { snapshot, texts: read.texts };
}

/** How often a click's answer is looked for (a server answers within milliseconds). */
const ANSWER_POLL_MS = 10;

/** What answers a seat's move: a new snapshot, or the refusal. */
export const MOVE_ANSWERS: readonly string[] = ['snapshot', 'rejected'];

/** Clicks `button` on `seat`'s page and waits until the server has answered that seat (one of `answers` more). */
export async function clickAndAwaitAnswer(
  tapped: readonly Tapped[],
  seat: string,
  button: Locator,
  options: { readonly answers?: readonly string[]; readonly intervalMs?: number } = {},
): Promise<void> {
  await clickWithin(tapped, seat, button, options, 30_000);
}

/**
 * As clickAndAwaitAnswer, but a button that is gone before it could be clicked (the seat's page
 * drew a later snapshot between counting its buttons and the click: another seat's move reached it
 * late) is no move: false, and the caller looks again.
 */
async function clickIfStillThere(
  tapped: readonly Tapped[],
  seat: string,
  button: Locator,
  options: { readonly answers?: readonly string[]; readonly intervalMs?: number },
): Promise<boolean> {
  try {
    await clickWithin(tapped, seat, button, options, 3_000);
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
  return true;
}

/** The click (waiting up to `clickMs` for the button), then the server's answer to that seat. */
async function clickWithin(
  tapped: readonly Tapped[],
  seat: string,
  button: Locator,
  options: { readonly answers?: readonly string[]; readonly intervalMs?: number },
  clickMs: number,
): Promise<void> {
  const answers = options.answers ?? MOVE_ANSWERS;
  const count = (): number => tapped.filter((t) => t.viewer === seat && answers.includes(t.message.type)).length;
  const before = count();
  await button.click({ timeout: clickMs });
  await expect.poll(count, { interval: options.intervalMs ?? ANSWER_POLL_MS }).toBeGreaterThan(before);
}

/** The next number of the seeded stream that picks the buttons clicked. */
export const nextPick = (x: number): number => (Math.imul(x, 1664525) + 1013904223) >>> 0;

/**
 * Clicks a move on whichever seat page offers one (the first in seat order), each click's answer
 * awaited, until the match is over or `maxMoves` were made. The button is `x % count` of the
 * seeded stream, or `choose(labels, x)`; `check` runs whenever the moves made are a multiple of
 * `checkEvery` (the pages' leak checks). The moves made.
 */
export async function playByClicking(
  server: WebServer,
  tapped: readonly Tapped[],
  seats: readonly SeatPage[],
  options: {
    readonly maxMoves: number;
    readonly seed: number;
    readonly choose?: (labels: readonly string[], x: number) => number;
    readonly checkEvery?: number;
    readonly check?: () => Promise<void>;
    readonly answers?: readonly string[];
    readonly intervalMs?: number;
  },
): Promise<number> {
  let moves = 0;
  let missed = 0;
  let x = options.seed;
  while (moves < options.maxMoves && !(server.match()?.finished() ?? true)) {
    let clicked = false;
    for (const seat of seats) {
      const buttons = seat.page.locator('.move-list button:enabled');
      const count = await buttons.count();
      if (count === 0) continue;
      x = nextPick(x);
      const n = options.choose === undefined ? x % count : options.choose(await buttons.allInnerTexts(), x);
      if (!(await clickIfStillThere(tapped, seat.id, buttons.nth(n), options))) {
        // The page moved on under the click; a page that never settles is a failure, not a wait.
        if (++missed > 50) throw new Error(`${seat.id}'s moves kept vanishing before they could be clicked (${missed} times)`);
        break;
      }
      moves++;
      clicked = true;
      break;
    }
    if (!clicked) await seats[0]?.page.waitForTimeout(20);
    if (options.check !== undefined && moves % (options.checkEvery ?? 1) === 0) await options.check();
  }
  return moves;
}
