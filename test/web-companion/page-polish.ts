// The browser half of page-polish: what a family at the table would trip over on a page
// (`problemsOn`), and the walks over the pages that look for it: the start page with a game chosen,
// and a game's table page, seat pages and pass-and-play screen (its cover and a person's screen),
// each at a screen size (a phone's width, light and dark, and a laptop's). `page-polish.test.ts`
// walks each game at one size and every size at least once (`sizesFor`); `page-polish.soak.ts`
// walks every game at every size.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { startWebServer, type WebServer } from '../../host/web/server.ts';
import { webGame, type WebGame } from '../../host/web/web-match.ts';
import type { ChromiumSession } from '../support/browser.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { FAST, LAPTOP, PHONE } from './pages.ts';
import { builtInTimer } from './rm-support.ts';

/** How long a page may take to show what it was sent, on a busy machine. */
export const PATIENT = { timeout: 15_000 };

export interface ScreenSize {
  readonly name: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly colorScheme: 'light' | 'dark';
}

export const SIZES: readonly ScreenSize[] = [
  { name: 'phone', viewport: PHONE, colorScheme: 'light' },
  { name: 'phone, dark', viewport: PHONE, colorScheme: 'dark' },
  { name: 'laptop', viewport: LAPTOP, colorScheme: 'light' },
];

/** Every registered game, as the server offers it. */
export const GAMES: readonly WebGame[] = TABLE_ENTRIES.map((e) => e.use((entry) => webGame(entry)));

/** A server for every game (its built-in timer at `timerSeed`, for a game played with one); close it when done. */
export function startPolishServer(timerSeed = 5): Promise<WebServer> {
  return startWebServer({ games: GAMES, saveDir: testTempDir('page-polish-'), limits: FAST, openTimer: () => builtInTimer(timerSeed) });
}

/** `server` starts a match of `game` for Ana and Ben, both people (seed 5, the virtual timer for a game that needs one), and has settled it. */
export async function startPeopleMatch(server: WebServer, game: WebGame): Promise<void> {
  const timer = game.usesTimer === 'external' ? { kind: 'virtual' as const } : { kind: 'none' as const };
  const seats = [
    { name: 'Ana', bot: null },
    { name: 'Ben', bot: null },
  ];
  expect(await server.handle({ type: 'start', game: game.id, seats, options: {}, seed: 5, timer })).toBeNull();
  await server.match()?.settled();
}

/** The game `index` of a list at one size, the sizes taken in turn: every size is walked once a list has as many games. */
export const sizesFor = (index: number): readonly ScreenSize[] => [SIZES[index % SIZES.length] as ScreenSize];

/**
 * What is wrong with the page as a person sees it: sideways scrolling, a button off the screen, an
 * id in the words, text too faint for what is behind it (each element's own text, its colour
 * blended by the opacity above it, against the first background behind it that is not transparent).
 */
export function problemsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const b of document.querySelectorAll('button')) {
      const r = b.getBoundingClientRect();
      if (r.width > 0 && (r.left < 0 || r.right > width + 1)) problems.push(`button "${b.textContent}" is off the screen (${r.left}..${r.right})`);
    }
    const text = document.querySelector('main')?.innerText ?? '';
    if (/\bTurn 0\b/.test(text)) problems.push('counts a turn 0 (before the first turn)');
    for (const m of text.matchAll(/[^\n]*\b(p[1-6]|chance)\b[^\n]*|[^\n]*\([a-z]+-[a-z]+(?:-[a-z]+)*\)[^\n]*/g)) problems.push(`names an id: "${m[0]}"`);
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]): number => {
      const ch = (x: number) => {
        const s = x / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r ?? 0) + 0.7152 * ch(g ?? 0) + 0.0722 * ch(b ?? 0);
    };
    for (const e of document.querySelectorAll<HTMLElement>('main *')) {
      const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!own || e.getClientRects().length === 0 || e.closest('[aria-hidden="true"]') !== null) continue;
      const style = getComputedStyle(e);
      if (style.visibility === 'hidden') continue;
      let behind: number[] = [255, 255, 255];
      let alpha = 1;
      for (let a: HTMLElement | null = e; a !== null; a = a.parentElement) {
        const cs = getComputedStyle(a);
        alpha *= Number(cs.opacity);
        const bg = rgb(cs.backgroundColor);
        if (bg.length >= 3 && (bg[3] ?? 1) > 0.5) {
          behind = bg.slice(0, 3);
          break;
        }
      }
      if (alpha === 0) continue;
      const fg = rgb(style.color)
        .slice(0, 3)
        .map((c, i) => c * alpha + (behind[i] ?? 0) * (1 - alpha));
      const [hi, lo] = [lum(fg), lum(behind)].sort((x, y) => y - x) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        problems.push(`faint text (${ratio.toFixed(2)}:1): "${(e.textContent ?? '').trim().slice(0, 40)}" in ${e.className || e.tagName}`);
    }
    return [...new Set(problems)];
  });
}

/** The start page at `size`, with each of `games` chosen in turn: the problems found (a choice offered as its id fails at once). */
export async function startPageProblems(chromium: ChromiumSession, server: WebServer, games: readonly WebGame[], size: ScreenSize): Promise<string[]> {
  const found: string[] = [];
  const context = await chromium.newContext({ viewport: size.viewport, colorScheme: size.colorScheme });
  const start = await context.newPage();
  await start.goto(server.url);
  for (const game of games) {
    await start.getByLabel('Game', { exact: true }).selectOption(game.id);
    await start.getByRole('button', { name: 'Start the match' }).waitFor();
    for (const p of await problemsOn(start)) found.push(`${size.name}, the start page with ${game.id}: ${p}`);
    // A choice is offered in words, not as its id.
    for (const label of await start.locator('select[name^="opt-"] option').allInnerTexts()) expect(label).not.toMatch(/-/);
  }
  await context.close();
  return found;
}

/**
 * `game`'s pages at `size`, its match (Ana and Ben, no bots) already started on `server`: the table
 * page, each seat's page and the pass-and-play screen (covered, then a person's screen) say whose
 * turn it is and lead back to the start page; the problems found on them.
 */
export async function gamePagesProblems(chromium: ChromiumSession, server: WebServer, game: WebGame, size: ScreenSize): Promise<string[]> {
  const links = server.links();
  if (links === null) throw new Error('no match');
  const found: string[] = [];
  const context = await chromium.newContext({ viewport: size.viewport, colorScheme: size.colorScheme });
  const table = await context.newPage();
  await table.goto(links.table);
  await expect.poll(() => table.locator('main > .board').innerText(), PATIENT).not.toBe('');
  await expect.poll(() => table.locator('main > .waiting').innerText(), PATIENT).toMatch(/^Waiting on (Ana|Ben|the timer)/);
  expect(await table.getByRole('link', { name: /^← Start page/ }).getAttribute('href')).toBe('/');
  for (const seat of links.seats) {
    const page = await context.newPage();
    await page.goto(seat.url);
    await expect.poll(() => page.locator('main > .board').innerText(), PATIENT).not.toBe('');
    await expect.poll(() => page.locator('main > .waiting').innerText(), PATIENT).toMatch(/^(Your turn\.|Waiting on )/);
    const mine = (await page.locator('.move-list button').count()) > 0;
    if (mine) expect(await page.locator('main > .waiting').innerText()).toMatch(/^(Your turn\.|Waiting on you)/);
    for (const p of await problemsOn(page)) found.push(`${size.name}, ${seat.name}'s page: ${p}`);
    await page.close();
  }
  for (const p of await problemsOn(table)) found.push(`${size.name}, the table page: ${p}`);
  const pass = await context.newPage();
  await pass.goto(links.table.replace('/table/', '/pass/'));
  await expect.poll(() => pass.locator('h1').innerText(), PATIENT).toBe(`Pass and play: ${game.title}`);
  expect(await pass.getByRole('link', { name: /^← Start page/ }).count()).toBe(1);
  await pass.locator('h2.cover, .pass-stage .waiting').first().waitFor();
  for (const p of await problemsOn(pass)) found.push(`${size.name}, pass-and-play: ${p}`);
  if ((await pass.locator('h2.cover').count()) > 0) {
    await pass.getByRole('button', { name: /^I am / }).click();
    await expect.poll(() => pass.locator('.pass-stage .board').innerText(), PATIENT).not.toBe('');
    for (const p of await problemsOn(pass)) found.push(`${size.name}, pass-and-play shown: ${p}`);
  } else {
    expect(await pass.locator('.pass-stage .waiting').innerText()).toMatch(/^Waiting on (Ana|Ben|the timer)/);
  }
  await context.close(); // a link takes only so many tabs at once (limits.json)
  return found;
}
