// Pass-and-play's cover in Debian's Chromium (playwright-core): the cover "Pass to Ana" comes back
// only when the next person asked differs from the one holding the device. Secret Invasion's
// discard in its small steps (card, target, value) and The Queen's Gambit's plan made card by card
// stay on the one person's screen; a change of person is covered. Every cover the page ever drew is
// recorded in the page itself (a MutationObserver), so a cover that flashed up between two steps is
// caught. Under a cover nothing of any hand is on the screen, and every message the pages were sent
// is checked for what its viewer may not know. The decision itself (`pass-cover.ts`) is checked to
// read only who is asked and whether play is held: two seats that differ only in their hands and
// moves decide alike.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { secretInvasionEntry } from '../../host/games/secret-invasion/table-entry.ts';
import { passScreen, type CoverSeat } from '../../host/web/page/pass-cover.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { describeInChromium } from '../support/browser.ts';
import { people } from '../table/support.ts';
import { companionPages, FAST, startMatch, type CompanionPages } from './pages.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';
import { leaks, startTestServer, type Tapped } from './support.ts';

/** How long a page may take to show what it was sent, on a busy machine. */
const PATIENT = { timeout: 15_000 };
const GAMES = [webGame(secretInvasionEntry), webGame(queensGambitEntry)];

type Json = Readonly<Record<string, unknown>>;

describe("the cover's decision reads who is asked, nothing else", () => {
  const snap = (waitingOn: readonly string[], extra: Json = {}): Json => ({ waitingOn: waitingOn.map((id) => ({ id, name: id })), held: null, ...extra });
  const seat = (id: string, waitingOn: readonly string[], extra: Json = {}): CoverSeat => ({ id, snapshot: snap(waitingOn, extra), awaiting: false });

  it("stays on the holder's screen while the holder is asked again, covers for anyone else", () => {
    expect(passScreen([seat('p1', ['p1']), seat('p2', ['p1'])], 'p1')).toEqual({ show: 'screen', seat: 'p1' });
    expect(passScreen([seat('p1', ['p2']), seat('p2', ['p2'])], 'p1')).toEqual({ show: 'cover', seat: 'p2' });
    // Both asked at once (the plans): the holder keeps the device; nobody holding it: the first in table order.
    expect(passScreen([seat('p1', ['p1', 'p2']), seat('p2', ['p1', 'p2'])], 'p2')).toEqual({ show: 'screen', seat: 'p2' });
    expect(passScreen([seat('p1', ['p1', 'p2']), seat('p2', ['p1', 'p2'])], null)).toEqual({ show: 'cover', seat: 'p1' });
    expect(passScreen([seat('p1', ['chance']), seat('p2', ['chance'])], 'p1')).toEqual({ show: 'nobody' });
    // Held (a paused countdown): nobody is asked.
    expect(passScreen([seat('p1', ['p1'], { held: 'the timer is paused' })], 'p1')).toEqual({ show: 'nobody' });
    // A seat whose move was taken and whose next snapshot is on its way: the screen waits.
    expect(passScreen([{ ...seat('p1', ['p1']), awaiting: true }, seat('p2', ['p1'])], 'p1')).toEqual({ show: 'hold' });
  });

  it('two seats that differ only in their hands, views and moves decide alike', () => {
    const rich = {
      view: { hand: ['spy', 'droid'] },
      moves: [
        { n: 0, label: 'Play the spy' },
        { n: 1, label: 'Pass' },
      ],
      prompt: 'Choose a card',
    };
    const poor = { view: { hand: [] }, moves: [{ n: 0, label: 'Pass' }], prompt: 'Pass' };
    for (const holder of [null, 'p1', 'p2'])
      for (const on of [['p1'], ['p2'], ['p1', 'p2'], []])
        expect(passScreen([seat('p1', on, rich), seat('p2', on, rich)], holder)).toEqual(passScreen([seat('p1', on, poor), seat('p2', on, poor)], holder));
  });
});

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

/** What the screen shows now: a cover for a name, a person's own screen with moves to press, or neither. */
async function shownNow(page: Page): Promise<string> {
  const cover = page.locator('h2.cover');
  if ((await cover.count()) > 0) return `cover ${(await cover.innerText()).replace('Pass to ', '')}`;
  const review = page.locator('h2.review');
  if ((await review.count()) > 0) return `review ${(await review.innerText()).split(':')[0]}`;
  if ((await page.locator('.pass-stage .move-list button:enabled').count()) === 0) return 'nothing to press';
  return `screen ${(await page.locator('.pass-stage > h2').innerText()).split(':')[0]}`;
}

/**
 * Plays `steps` moves on the pass-and-play screen by clicking (`pick` chooses among the labels) and
 * checks after each that the cover came back exactly when someone else was asked. Returns how many
 * moves were followed by the same person's screen and how many by a cover for someone else.
 */
async function playCovered(
  server: WebServer,
  tapped: readonly Tapped[],
  page: Page,
  steps: number,
  pick: (labels: readonly string[]) => number,
): Promise<{ same: number; handed: number }> {
  const names = Object.fromEntries((server.links()?.seats ?? []).map((s) => [s.id, s.name]));
  let same = 0;
  let handed = 0;
  await expect.poll(() => shownNow(page), { timeout: 15_000 }).toMatch(/^cover /);
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
    await buttons.nth(pick(await buttons.allInnerTexts())).click();
    await server.match()?.settled();
    const asked = askedNames(tapped, names);
    if (server.match()?.finished() ?? true) break;
    const covers = (): Promise<string[]> => page.evaluate(() => (window as unknown as { covers: string[] }).covers);
    if (asked.includes(mover)) {
      await expect.poll(() => shownNow(page), { timeout: 10_000 }).toBe(`screen ${mover}`);
      expect(await covers(), `${mover} is asked again after step ${step}: no cover in between`).toEqual([]);
      same++;
      continue;
    }
    // Someone else (or nobody here) is asked: first what the move did, on the mover's screen, no cover before it.
    await expect.poll(() => shownNow(page), { timeout: 10_000 }).toBe(`review ${mover}`);
    expect(await covers(), `after ${mover}'s step ${step}, before "Done"`).toEqual([]);
    await page.getByRole('button', { name: 'Done, hide my screen' }).click();
    if (asked.length === 0) continue;
    await expect.poll(() => shownNow(page), { timeout: 10_000 }).toBe(`cover ${asked[0]}`);
    expect(await covers(), `after ${mover}'s step ${step}, ${asked[0]} is asked`).not.toContain(`Pass to ${mover}`);
    expect((await covers()).at(-1)).toBe(`Pass to ${asked[0]}`);
    handed++;
  }
  return { same, handed };
}

describeInChromium('pass-and-play covers only a change of person', () => {
  const session = companionPages();

  it("Secret Invasion: a discard's steps stay on one screen; the next player is covered", async () => {
    const { server, tapped } = await session.serve(startTestServer({ limits: FAST, games: GAMES }));
    const links = await startMatch(server, { game: 'secret-invasion', seats: people('Ana', 'Ben'), options: {}, seed: 9, timer: { kind: 'none' } });
    const page = await passPage(session, links.table.replace('/table/', '/pass/'));
    const counts = await playCovered(server, tapped, page, 16, () => 0);
    expect(counts.same).toBeGreaterThan(0);
    expect(counts.handed).toBeGreaterThan(0);
    expect(leaks(tapped)).toEqual([]);
  }, 120_000);

  it("The Queen's Gambit: a plan made card by card stays on one screen; the other side is covered", async () => {
    const { server, tapped } = await session.serve(startTestServer({ limits: FAST, games: GAMES }));
    const links = await startMatch(server, { game: 'queens-gambit', seats: people('Ana', 'Ben'), options: {}, seed: 17, timer: { kind: 'none' } });
    const page = await passPage(session, links.table.replace('/table/', '/pass/'));
    // Never a step back, so each plan is made and committed.
    const forward = (labels: readonly string[]): number =>
      Math.max(
        0,
        labels.findIndex((l) => !/^(Undo|Take a bonus card back|Back:)/.test(l)),
      );
    const counts = await playCovered(server, tapped, page, 14, forward);
    expect(counts.same).toBeGreaterThan(2);
    expect(counts.handed).toBeGreaterThan(0);
    expect(qgLeaks(tapped)).toEqual([]);
  }, 120_000);
});
