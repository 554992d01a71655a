// Pass-and-play's cover in Debian's Chromium (playwright-core): the cover "Pass to Ana" comes back
// only when the next person asked differs from the one holding the device. Secret Invasion's
// discard in its small steps (card, target, value) and The Queen's Gambit's plan made card by card
// stay on the one person's screen; a change of person is covered. Every cover the page ever drew is
// recorded in the page itself (a MutationObserver), so a cover that flashed up between two steps is
// caught. Under a cover nothing of any hand is on the screen, and every message the pages were sent
// is checked for what its viewer may not know. The decision itself (`pass-cover.ts`) is checked to
// read only who is asked and whether play is held: two seats that differ only in their hands and
// moves decide alike. Here a few moves of each game are clicked (pass-cover-play.ts); npm run soak
// clicks more (pass-cover.soak.ts).

import { describe, expect, it } from 'vitest';
import { passScreen, type CoverSeat } from '../../host/web/page/pass-cover.ts';
import { describeInChromium } from '../support/browser.ts';
import { companionPages } from './pages.ts';
import { coverQueensGambit, coverSecretInvasion } from './pass-cover-play.ts';

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

/** Moves clicked of each game here; pass-cover.soak.ts plays longer. */
const STEPS = { secretInvasion: 8, queensGambit: 8 };

describeInChromium('pass-and-play covers only a change of person', () => {
  const session = companionPages();

  it("Secret Invasion: a discard's steps stay on one screen; the next player is covered", () => coverSecretInvasion(session, STEPS.secretInvasion));

  it("The Queen's Gambit: a plan made card by card stays on one screen; the other side is covered", () => coverQueensGambit(session, STEPS.queensGambit));
});
