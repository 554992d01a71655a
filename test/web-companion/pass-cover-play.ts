// Pass-and-play's cover played by clicking, for pass-cover.test.ts (a few steps of each game)
// and pass-cover.soak.ts (longer runs): the pass-and-play screen records every cover it draws, and
// after each move the cover must have come back exactly when someone else is asked.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { secretInvasionEntry } from '../../host/games/secret-invasion/table-entry.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { people } from '../table/support.ts';
import { FAST, startMatch, type CompanionPages } from './pages.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';
import { leaks, startTestServer, type Tapped } from './support.ts';

/** How long a page may take to show what it was sent, on a busy machine. */
const PATIENT = { timeout: 15_000 };
const GAMES = [webGame(secretInvasionEntry), webGame(queensGambitEntry)];

type Json = Readonly<Record<string, unknown>>;

/** In the page, before its own scripts: the text of every cover it draws is recorded (`window.covers`). */
const RECORD_COVERS = `
  window.covers = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLElement && n.matches('h2.cover')) window.covers.push(n.textContent ?? '');
  }).observe(document, { childList: true, subtree: true });
`;

/** A pass-and-play page (phone-sized) that records every cover it draws. */
function passPage(session: CompanionPages, url: string): Promise<Page> {
  return session.pageAt(url, undefined, RECORD_COVERS);
}

/** The people the table's latest snapshot waits on (public), by name. */
function askedNames(tapped: readonly Tapped[], names: Readonly<Record<string, string>>): string[] {
  const last = [...tapped].reverse().find((t) => t.viewer === 'table' && t.message.type === 'snapshot');
  return ((last?.message['waitingOn'] as Json[] | undefined) ?? [])
    .map((w) => String(w['id']))
    .filter((id) => id in names)
    .map((id) => names[id] as string);
}

/**
 * What the screen shows now, read in one step of the page: a cover for a name, a person's own
 * screen with moves to press, what a move did (the review), or neither. Two covers, reviews or
 * screen titles at once are shown as such, so they never pass for one.
 */
function shownNow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const only = (selector: string): string | null => {
      const found = [...document.querySelectorAll<HTMLElement>(selector)];
      if (found.length > 1) return `${found.length} × ${selector}`;
      return found[0]?.innerText ?? null;
    };
    const cover = only('h2.cover');
    if (cover !== null) return `cover ${cover.replace('Pass to ', '')}`;
    const review = only('h2.review');
    if (review !== null) return `review ${review.split(':')[0]}`;
    if (document.querySelectorAll('.pass-stage .move-list button:enabled').length === 0) return 'nothing to press';
    return `screen ${(only('.pass-stage > h2') ?? '').split(':')[0]}`;
  });
}

/**
 * Plays `steps` moves on the pass-and-play screen by clicking (`pick` chooses among the labels) and
 * checks after each that the cover came back exactly when someone else was asked. Returns how many
 * moves were followed by the same person's screen and how many by a cover for someone else.
 */
export async function playCovered(
  server: WebServer,
  tapped: readonly Tapped[],
  page: Page,
  steps: number,
  pick: (labels: readonly string[]) => number,
): Promise<{ same: number; handed: number }> {
  const names = Object.fromEntries((server.links()?.seats ?? []).map((s) => [s.id, s.name]));
  let same = 0;
  let handed = 0;
  await expect.poll(() => shownNow(page)).toMatch(/^cover /);
  for (let step = 0; step < steps && !(server.match()?.finished() ?? true); step++) {
    let shown = await shownNow(page);
    if (shown.startsWith('cover ')) {
      const name = shown.slice('cover '.length);
      // Under the cover nothing of anyone's hand or view is on the screen.
      expect(await page.locator('.pass-stage .board, .pass-stage .hand, .pass-stage .move-list').count()).toBe(0);
      await page.getByRole('button', { name: `I am ${name}: show my screen` }).click();
      await expect.poll(() => shownNow(page), PATIENT).toBe(`screen ${name}`);
      shown = `screen ${name}`;
    }
    const mover = shown.slice('screen '.length);
    await page.evaluate(() => {
      (window as unknown as { covers: string[] }).covers = [];
    });
    const buttons = page.locator('.pass-stage .move-list button:enabled');
    const before = tapped.length;
    await buttons.nth(pick(await buttons.allInnerTexts())).click();
    // The click only sends the move: wait for the server's answer (at least "moved" to the mover)
    // before reading who is asked; the page may draw it later still, so then wait until the screen
    // agrees: the mover's own screen while the mover is asked, what the move did when not.
    await expect.poll(() => tapped.length, PATIENT).toBeGreaterThan(before);
    await server.match()?.settled();
    let asked: string[] = [];
    const agreed = async (): Promise<string> => {
      asked = askedNames(tapped, names);
      const now = await shownNow(page);
      const expected = asked.includes(mover) ? `screen ${mover}` : `review ${mover}`;
      return now === expected ? 'agreed' : `asked [${asked.join(', ')}], shown "${now}"`;
    };
    if (server.match()?.finished() ?? true) break;
    await expect.poll(agreed, PATIENT).toBe('agreed');
    const covers = (): Promise<string[]> => page.evaluate(() => (window as unknown as { covers: string[] }).covers);
    if (asked.includes(mover)) {
      expect(await covers(), `${mover} is asked again after step ${step}: no cover in between`).toEqual([]);
      same++;
      continue;
    }
    // Someone else (or nobody here) is asked: first what the move did, on the mover's screen, no cover before it.
    expect(await covers(), `after ${mover}'s step ${step}, before "Done"`).toEqual([]);
    await page.getByRole('button', { name: 'Done, hide my screen' }).click();
    if (asked.length === 0) continue;
    await expect.poll(() => shownNow(page)).toBe(`cover ${asked[0]}`);
    expect(await covers(), `after ${mover}'s step ${step}, ${asked[0]} is asked`).not.toContain(`Pass to ${mover}`);
    expect((await covers()).at(-1)).toBe(`Pass to ${asked[0]}`);
    handed++;
  }
  return { same, handed };
}

/**
 * Secret Invasion (seed 9) on the pass-and-play screen, `steps` moves, always the first button: a
 * discard's steps stay on one screen, the next player is covered, and no message leaks a card.
 */
export async function coverSecretInvasion(session: CompanionPages, steps: number): Promise<void> {
  const { server, tapped } = await session.serve(startTestServer({ limits: FAST, games: GAMES }));
  const links = await startMatch(server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 9, timer: { kind: 'none' } });
  const page = await passPage(session, links.table.replace('/table/', '/pass/'));
  const counts = await playCovered(server, tapped, page, steps, () => 0);
  expect(counts.same).toBeGreaterThan(0);
  expect(counts.handed).toBeGreaterThan(0);
  expect(leaks(tapped)).toEqual([]);
}

/**
 * The Queen's Gambit (seed 17) on the pass-and-play screen, `steps` moves, never a step back: a plan
 * made card by card stays on one screen, the other side is covered, and no message leaks a plan.
 */
export async function coverQueensGambit(session: CompanionPages, steps: number): Promise<void> {
  const { server, tapped } = await session.serve(startTestServer({ limits: FAST, games: GAMES }));
  const links = await startMatch(server, { game: 'queens-gambit', seats: people('Ana', 'Ben'), options: {}, seed: 17, timer: { kind: 'none' } });
  const page = await passPage(session, links.table.replace('/table/', '/pass/'));
  // Never a step back, so each plan is made and committed.
  const forward = (labels: readonly string[]): number =>
    Math.max(
      0,
      labels.findIndex((l) => !/^(Undo|Take a bonus card back|Back:)/.test(l)),
    );
  const counts = await playCovered(server, tapped, page, steps, forward);
  expect(counts.same).toBeGreaterThan(2);
  expect(counts.handed).toBeGreaterThan(0);
  expect(qgLeaks(tapped)).toEqual([]);
}
