// What a family at the table would trip over, checked on every game's pages in Debian's Chromium
// (playwright-core) at a phone's width (light and dark) and a laptop's: the table page, a seat page
// and the pass-and-play screen (its cover and a person's screen). No sideways scrolling and no
// button off the screen; no seat id or decision kind in the words ("Waiting for p2 (queen)."); a
// "whose turn" line ("Your turn." on that person's page); a way back to the start page; and every
// piece of text readable against what is behind it (contrast 4.5:1, 3:1 for large text). The words
// themselves (prompt-words.ts, whose-turn.ts) are checked alone too.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { whoseTurn } from '../../host/web/page/whose-turn.ts';
import { ACTOR_WORDS_FILE, actorName, loadActorWords, promptInWords, summaryInWords } from '../../host/web/prompt-words.ts';
import { startWebServer, type WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium, useChromium } from '../support/browser.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { FAST } from './pages.ts';
import { builtInTimer } from './rm-support.ts';

/** How long a page may take to show what it was sent, on a busy machine. */
const PATIENT = { timeout: 15_000 };
const GAMES = TABLE_ENTRIES.map((e) => e.use((entry) => webGame(entry)));
const NAMES = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };

describe('the words of who is asked: names, never ids', () => {
  it("turns the games' seats into names, and leaves out a prompt that only says who is waited on", () => {
    // Every game's prompt to a viewer not asked names the seats waited on ("Ana (p1)").
    expect(promptInWords('Waiting for Ana (p1).', NAMES, false, ['p1'])).toBe('');
    expect(promptInWords('Waiting for Ana (p1) and Cy (p3).', NAMES, false, ['p1', 'p3'])).toBe('');
    expect(promptInWords('Waiting for Ana (p1) and Cy (p3).', NAMES, false, ['p1'])).toBe('Waiting for Ana and Cy.');
    expect(promptInWords('Waiting for the steal.', NAMES, false, ['chance'])).toBe('Waiting for the steal.');
    expect(promptInWords('The table rolls red attack die, grey attack die.', NAMES, false, ['chance'])).toBe(
      'The table rolls red attack die, grey attack die.',
    );
    expect(promptInWords('Waiting for the other plans.', NAMES, false, ['p1', 'p2'])).toBe('Waiting for the other plans.');
    // To the person asked, the game's own words (only "Ana (p1)" made a name).
    expect(promptInWords('Choose a card.', NAMES, true, ['p1'])).toBe('Choose a card.');
    expect(promptInWords('Ask Ben (p2) for a card.', NAMES, true, ['p1'])).toBe('Ask Ben for a card.');
    expect(promptInWords('Ben (p2) attacks you with Jawa Attack (Attack 5).', NAMES, true, ['p1'])).toBe('Ben attacks you with Jawa Attack (Attack 5).');
  });

  it("says who won in names: the games' summaries without ids, the winners named when the summary does not", () => {
    expect(summaryInWords('the last card of the draw pile is taken: Ana (p1) holds R2-D2 and wins', NAMES, ['p1'])).toBe(
      'the last card of the draw pile is taken: Ana holds R2-D2 and wins',
    );
    expect(summaryInWords('won: 7 victory tokens', NAMES, ['p2'])).toBe('Ben wins (won: 7 victory tokens)');
    expect(summaryInWords('the Rebels won: all four codes found', NAMES, ['p1', 'p2'])).toBe('Ana and Ben win (the Rebels won: all four codes found)');
    expect(summaryInWords('the Empire won: the time ran out', NAMES, [])).toBe('the Empire won: the time ran out');
  });

  it("the actors' words are data, checked when loaded", () => {
    const words = JSON.parse(readFileSync(ACTOR_WORDS_FILE, 'utf8'));
    const dir = testTempDir('actor-words-');
    const bad = join(dir, 'actor-words.json');
    writeFileSync(bad, JSON.stringify({ ...words, actors: { ...words.actors, timer: '' } }));
    expect(() => loadActorWords(bad)).toThrow(/host\/web\/actor-words\.json: actors\.timer: must not be empty/);
    writeFileSync(bad, JSON.stringify({ ...words, actors: { 'The Timer': 'the timer' } }));
    expect(() => loadActorWords(bad)).toThrow(/must be an actor id/);
  });

  it('names the actors that are no seat, and says whose turn it is', () => {
    expect(actorName('timer', NAMES)).toBe('the timer');
    expect(actorName('chance', NAMES)).toBe('a roll or a draw');
    expect(actorName('chance', NAMES, true)).toBe("the table's dice");
    expect(actorName('p2', NAMES)).toBe('Ben');
    const on = (...ids: string[]) => ids.map((id) => ({ id, name: actorName(id, NAMES) }));
    expect(whoseTurn(on('p1'), 'p1')).toBe('Your turn.');
    expect(whoseTurn(on('p1', 'p2'), 'p1')).toBe('Waiting on you and Ben.');
    expect(whoseTurn(on('p1', 'p2', 'p3'), null)).toBe('Waiting on Ana, Ben and Cy.');
    expect(whoseTurn(on('timer'), 'p2')).toBe('Waiting on the timer.');
    expect(whoseTurn([], null)).toBe('');
  });
});

/**
 * What is wrong with the page as a person sees it: sideways scrolling, a button off the screen, an
 * id in the words, text too faint for what is behind it (each element's own text, its colour
 * blended by the opacity above it, against the first background behind it that is not transparent).
 */
function problemsOn(page: Page): Promise<string[]> {
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

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'light' as const },
  { name: 'phone, dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, colorScheme: 'light' as const },
];

describeInChromium("every game's pages, at a phone's width and a laptop's", () => {
  const chromium = useChromium();
  const servers: WebServer[] = [];
  afterEach(async () => {
    await chromium.closeContexts();
    for (const s of servers.splice(0)) await s.close();
  });

  it('the start page, with each game chosen, fits a phone and reads well', async () => {
    const server = await startWebServer({ games: GAMES, saveDir: testTempDir('page-polish-'), limits: FAST });
    servers.push(server);
    const found: string[] = [];
    for (const size of SIZES) {
      const context = await chromium.newContext({ viewport: size.viewport, colorScheme: size.colorScheme });
      const start = await context.newPage();
      await start.goto(server.url);
      for (const game of GAMES) {
        await start.getByLabel('Game', { exact: true }).selectOption(game.id);
        await start.getByRole('button', { name: 'Start the match' }).waitFor();
        for (const p of await problemsOn(start)) found.push(`${size.name}, the start page with ${game.id}: ${p}`);
        // A choice is offered in words, not as its id.
        for (const label of await start.locator('select[name^="opt-"] option').allInnerTexts()) expect(label).not.toMatch(/-/);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  it("The Queen's Gambit's table dice on a phone: each die's name above its choice, the faces in symbols and words beneath", async () => {
    const server = await startWebServer({ games: GAMES, saveDir: testTempDir('page-polish-'), limits: FAST });
    servers.push(server);
    const bots = [
      { name: 'Ana', bot: 'heuristic' },
      { name: 'Ben', bot: 'heuristic' },
    ];
    expect(
      await server.handle({ type: 'start', game: 'queens-gambit', seats: bots, options: {}, seed: 4, timer: { kind: 'none' }, chance: 'table' }),
    ).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } });
    const table = await context.newPage();
    await table.goto(links.table);
    const die = table.locator('.dice-entry .die').first();
    await die.waitFor({ timeout: 30_000 });
    const [label, select, faces] = await Promise.all(['label', 'select', '.die-faces'].map((part) => die.locator(part).boundingBox()));
    if (!label || !select || !faces) throw new Error('the die has no label, choice or faces');
    expect(label.y + label.height).toBeLessThanOrEqual(select.y + 1);
    expect(select.y + select.height).toBeLessThanOrEqual(faces.y + 1);
    expect(await die.locator('.die-faces').innerText()).toMatch(/^Its faces: ○ miss \(\d of 6\), ✶ hit/);
    expect(await problemsOn(table)).toEqual([]);
  }, 120_000);

  it('pass-and-play says why nothing may be played while the timer is paused, not just whose turn it is', async () => {
    const server = await startWebServer({ games: GAMES, saveDir: testTempDir('page-polish-'), limits: FAST, openTimer: () => builtInTimer(7) });
    servers.push(server);
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ];
    expect(await server.handle({ type: 'start', game: 'rebel-missions', seats, options: {}, seed: 5, timer: { kind: 'virtual' } })).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } });
    const pass = await context.newPage();
    await pass.goto(links.table.replace('/table/', '/pass/'));
    await expect.poll(() => pass.locator('.pass-stage .waiting').innerText(), PATIENT).toBe('Waiting on the timer.');
    await pass.locator('button.device-start-timer').click();
    await pass.getByRole('button', { name: 'I am Ana: show my screen' }).waitFor();
    await pass.locator('button.device-pause-timer').click();
    await expect.poll(() => pass.locator('.pass-stage .waiting').innerText(), PATIENT).toMatch(/^the timer is paused: nothing is played until it runs again/);
    expect(await pass.locator('.pass-stage .board, .pass-stage .move-list').count()).toBe(0);
  }, 120_000);

  for (const game of GAMES) {
    it(`${game.title}: the table, a seat and pass-and-play read well and lead back to the start page`, async () => {
      const server = await startWebServer({ games: GAMES, saveDir: testTempDir('page-polish-'), limits: FAST, openTimer: () => builtInTimer(5) });
      servers.push(server);
      const timer = game.usesTimer === 'external' ? { kind: 'virtual' as const } : { kind: 'none' as const };
      const seats = [
        { name: 'Ana', bot: null },
        { name: 'Ben', bot: null },
      ];
      expect(await server.handle({ type: 'start', game: game.id, seats, options: {}, seed: 5, timer })).toBeNull();
      await server.match()?.settled();
      const links = server.links();
      if (links === null) throw new Error('no match');
      const found: string[] = [];
      for (const size of SIZES) {
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
      }
      expect(found).toEqual([]);
    }, 120_000);
  }
});
