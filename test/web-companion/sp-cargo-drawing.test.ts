// @vitest-environment happy-dom
// Stolen Plans' drawing of the Cargo Ship (Rogue One) from real views: the ship beside the discard
// pile with its owner and cargo count, the cargo cards only to who knows them, and a loss the
// ship's owner is looking through, its cards drawn only on the pages of the loser and the owner.

import { describe, expect, it } from 'vitest';
import { withFaces } from '../../host/games/stolen-plans/card-faces.ts';
import { dealtState, stolenPlans } from '../../host/games/stolen-plans/table-game.ts';
import type { SpMove, SpState } from '../../host/games/stolen-plans/state.ts';
import { stolenPlans as draw } from '../../host/web/page/drawings/stolen-plans.ts';

const NAMES = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };

function play(state: SpState, moves: readonly SpMove[]): SpState {
  for (const move of moves) {
    const step = stolenPlans.apply(state, move);
    if (!step.ok) throw new Error(step.reason);
    state = step.state;
  }
  return state;
}

function drawn(state: SpState, viewer: string): HTMLElement {
  const node = draw(withFaces(stolenPlans.view(state, viewer)) as unknown as Readonly<Record<string, unknown>>, NAMES);
  document.body.replaceChildren(node);
  return node;
}

const cardsOn = (node: HTMLElement): string[] => [...node.querySelectorAll('[data-card]')].map((e) => e.getAttribute('data-card') ?? '');

describe("Stolen Plans' drawing: the Cargo Ship", () => {
  it('draws the ship, its cargo count, and the cards being discarded only for the loser and the owner', () => {
    const dealt = dealtState([['jawa-attack-1'], ['x-wing-defend-1', 'han-solo-1', 'r2-d2-1'], ['ewok-defend-2']], ['ewok-defend-1'], {
      sets: ['rogue-one'],
    });
    const s = play({ ...dealt, cargo: { card: 'cargo-ship-1', owner: 'p3', hold: [{ card: 'pao-1', from: 'p1' }] } }, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]);
    const owner = drawn(s, 'p3');
    expect(owner.textContent).toContain('Carry Cards (Cargo Ship SW-0608) beside the discard pile');
    expect(owner.textContent).toContain('Yours: 1 card of cargo face down.');
    expect(cardsOn(owner)).toEqual(expect.arrayContaining(['pao-1', 'x-wing-defend-1', 'han-solo-1']));
    const attacker = drawn(s, 'p1');
    expect(attacker.textContent).toContain("Cy's: 1 card of cargo face down.");
    // p1 lost Pao to the ship, so knows it; the cards Ben is losing are not shown to them.
    expect(cardsOn(attacker)).toContain('pao-1');
    expect(cardsOn(attacker)).not.toContain('x-wing-defend-1');
    expect(attacker.textContent).toContain("Being discarded by Ben, for the Cargo Ship's owner to look through");
    expect(attacker.textContent).toContain('2 cards, face down until the owner has chosen.');
    const table = drawn(s, 'table');
    expect(cardsOn(table)).not.toContain('pao-1');
    expect(cardsOn(table)).not.toContain('han-solo-1');
  });
});
