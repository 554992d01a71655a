// The Queen's Gambit in Debian's Chromium, shared by its browser test (npm test: the first moves)
// and its soak (npm run soak: the whole game): the table page and two seat pages (a phone and a
// laptop) set up and play by clicking the seats' own buttons, each seat page checked every 25 moves
// against what its seat may not know as of the snapshot it has drawn.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { webGame } from '../../host/web/web-match.ts';
import { people } from '../table/support.ts';
import { holdsToken } from '../table/support.ts';
import { namesTheRealQueen, secretWordsOfIds } from '../games/queens-gambit/table-support.ts';
import {
  BUILD,
  type CompanionPages,
  expectNamedButtons,
  FAST,
  LAPTOP,
  messagesTo,
  PHONE,
  playByClicking,
  readDrawn,
  type SeatPage,
  startMatch,
  type PlayedInBrowser,
} from './pages.ts';
import { shownText } from './queens-gambit-leaks.ts';
import { startTestServer, type Tapped } from './support.ts';

export const GAMES = [webGame(queensGambitEntry)];

/**
 * The lines `viewer` was told as news (events, notes: not the history sent on joining): `qgLeaks`
 * checks each against what the viewer might not know when it was sent.
 */
function linesToldTo(tapped: readonly Tapped[], viewer: string): Set<string> {
  const told = new Set<string>();
  for (const t of messagesTo(tapped, viewer)) if (t.message.type !== 'history') for (const l of shownText(t.message).split('\n')) told.add(l);
  return told;
}

/**
 * What the page of `viewer` shows must not hold what it may not know (the words and the real
 * Queen) as of the snapshot the page has drawn (`readDrawn`): the server may be a move ahead of
 * the page. The log is the page's record of what it was told: a line of it the viewer was sent as
 * news is checked by `qgLeaks` against the secrets of its moment, since a card once turned over
 * (public) may since have been shuffled back into its deck (deck-out option "reshuffle"), which
 * makes its words secret again without unsaying what everyone saw. Every other log line, and
 * everything else on the page, is checked against the drawn snapshot's secrets.
 */
async function checkPage(tapped: readonly Tapped[], viewer: string, page: Page): Promise<string[]> {
  const drawn = await readDrawn(tapped, viewer, page, { present: 'main > :not(section.log)', log: 'main > section.log', logged: 'main > section.log li' });
  const { present = [], log = [], logged = [] } = drawn.texts;
  if (present.length === 0 || log.length !== 1) throw new Error(`${viewer}'s page has no main parts or no log`);
  const secrets = drawn.snapshot.secrets;
  const told = linesToldTo(tapped, viewer);
  const shown = [...present, ...logged.filter((l) => !told.has(l))].join('\n');
  const problems: string[] = [];
  for (const w of secretWordsOfIds(secrets)) if (shown.includes(w) && holdsToken(shown, w)) problems.push(`${viewer}'s page shows "${w}"`);
  if (secrets.some((x) => x.startsWith('real-queen:')))
    for (const l of shown.split('\n')) if (namesTheRealQueen(l)) problems.push(`${viewer}'s page tells the real Queen: ${l}`);
  return problems;
}

/** The button a quick but sensible player clicks: never a step back; the first action of a card; attacks rather than none. */
function preferred(labels: readonly string[], x: number): number {
  const forward = labels.map((l, i) => ({ l, i })).filter(({ l }) => !/^(Undo|Take a bonus card back|Back:)/.test(l));
  const pick = (test: RegExp) => forward.filter(({ l }) => test.test(l));
  for (const test of [/^Commit the plan/, /^Carry out: /, /^Attack /, /^Claim|^Confirm/, /^Attack with \d/]) {
    const found = pick(test);
    if (found.length > 0) return (found[x % found.length] as { i: number }).i;
  }
  const pool = forward.length > 0 ? forward : labels.map((l, i) => ({ l, i }));
  return (pool[x % pool.length] as { i: number }).i;
}

/** A Queen's Gambit game played in the browser, and what the checks found. */
export interface QgPlayedInBrowser extends PlayedInBrowser {
  /** Whether the table page drew a roll of the dice. */
  readonly sawRoll: boolean;
  /** What the seat pages showed that their seats may not know. */
  readonly problems: readonly string[];
}

/**
 * Opens match seed `seed` (Ana and Ben), checks the pages' set-up (the sides, the real Queen, the
 * plans made in secret, every control named, screenshots to build/), then clicks until the game is
 * over or `upTo` moves were made.
 */
export async function playQueensGambit(session: CompanionPages, seed: number, upTo: number): Promise<QgPlayedInBrowser> {
  const { server, tapped } = await session.serve(startTestServer({ limits: FAST, games: GAMES }));
  const links = await startMatch(server, { game: 'queens-gambit', seats: people('Ana', 'Ben'), options: {}, seed, timer: { kind: 'none' } });
  const table = await session.pageAt(links.table, LAPTOP);
  const seats: SeatPage[] = [
    { id: 'p1', page: await session.pageAt(links.seats[0]?.url as string, LAPTOP) },
    { id: 'p2', page: await session.pageAt(links.seats[1]?.url as string, PHONE) },
  ];
  // Every page's header says who plays which side.
  for (const page of [table, ...seats.map((s) => s.page)])
    await expect.poll(() => page.locator('header .sides').innerText()).toBe('Trade Federation: Ana. Naboo: Ben.');
  // Ben (Naboo) chooses the real Queen first: the drawing has the forces, the space battle and the plans.
  await seats[1]?.page.getByRole('button', { name: 'The Red Queen is the real Queen' }).waitFor();
  await expect.poll(() => table.locator('.qg-forces').innerText()).toContain('Gungan group G1');
  expect(await table.locator('.qg-space-battle').innerText()).toContain('Grid 1');
  expect(await table.getByRole('img', { name: 'damage 0 of 4' }).count()).toBeGreaterThan(0);
  expect(await table.locator('.qg-space.blocked').count()).toBeGreaterThan(0);
  expect(await table.locator('[aria-label="2 blocked"]').count()).toBeGreaterThan(0);
  await seats[1]?.page.getByRole('button', { name: 'The Red Queen is the real Queen' }).click();
  await expect.poll(() => seats[1]?.page.locator('.qg-queen').innerText()).toContain('The real Queen: the Red Queen');
  await expect.poll(() => seats[0]?.page.locator('.qg-queen').innerText()).toContain('unknown to you');
  // Ana picks two cards: her page says she has chosen 2 of 4; the table and Ben see only that she is choosing.
  for (let i = 0; i < 2; i++) {
    await seats[0]?.page
      .locator('.move-list button', { hasText: `Pick card ${i + 1} of 4` })
      .first()
      .click();
    await expect.poll(() => seats[0]?.page.locator('.qg-plans').innerText()).toContain(`Ana has chosen ${i + 1} of 4`);
  }
  await expect.poll(() => table.locator('.qg-plans').innerText()).toContain('Ana is choosing a plan, in secret');
  expect(await seats[1]?.page.locator('.qg-plans').innerText()).toContain('Ana is choosing a plan, in secret');
  expect(await seats[1]?.page.locator('.qg-plans').innerText()).not.toContain('Ana has chosen');
  // Every control has a name a screen reader can say.
  for (const seat of seats) await expectNamedButtons(seat.page);
  mkdirSync(BUILD, { recursive: true });
  await table.screenshot({ path: join(BUILD, 'queens-gambit-table.png'), fullPage: true });
  await seats[1]?.page.screenshot({ path: join(BUILD, 'queens-gambit-seat-phone.png'), fullPage: true });
  await seats[0]?.page.screenshot({ path: join(BUILD, 'queens-gambit-seat-laptop.png'), fullPage: true });

  const problems: string[] = [];
  let sawRoll = false;
  const moves = await (async () => {
    let total = 0;
    while (!(server.match()?.finished() ?? true) && total < upTo) {
      total += await playByClicking(server, tapped, seats, {
        maxMoves: Math.min(50, upTo - total),
        seed: 4242,
        choose: (labels, x) => preferred(labels, x >>> 8),
        intervalMs: 5,
        checkEvery: 25,
        check: async () => {
          for (const seat of seats) problems.push(...(await checkPage(tapped, seat.id, seat.page)));
        },
      });
      if (!sawRoll && (await table.locator('.qg-roll .qg-die').count()) > 0) {
        sawRoll = true;
        const roll = await table.locator('.qg-roll').innerText();
        expect(roll).toMatch(/(hit|miss|multiple hits|block|blank|riposte|\d)/);
      }
    }
    return total;
  })();
  return { server, tapped, table, seats, moves, sawRoll, problems };
}
