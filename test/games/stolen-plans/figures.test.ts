// The deck figures are exact: the Defend totals against every hand counted one by one on a small
// deck, and the base deck's numbers from their formulas.
import { describe, expect, it } from 'vitest';
import { deckFor } from '../../../host/games/stolen-plans/deck.ts';
import { bestDefendTotals, deckFigures } from '../../../host/games/stolen-plans/figures.ts';

/** Every hand of `hand` cards from `deck` (values, 0 for a card that cannot Defend), counted. */
function bruteForce(deck: readonly number[], hand: number, k: number): Map<number, number> {
  const totals = new Map<number, number>();
  let hands = 0;
  const walk = (start: number, picked: number[]): void => {
    if (picked.length === hand) {
      const best = picked
        .filter((v) => v > 0)
        .sort((a, b) => b - a)
        .slice(0, k)
        .reduce((a, b) => a + b, 0);
      totals.set(best, (totals.get(best) ?? 0) + 1);
      hands++;
      return;
    }
    for (let i = start; i < deck.length; i++) walk(i + 1, [...picked, deck[i]!]);
  };
  walk(0, []);
  for (const [sum, n] of totals) totals.set(sum, n / hands);
  return totals;
}

const sorted = (m: Map<number, number>): [number, number][] => [...m].sort(([a], [b]) => a - b);

describe('bestDefendTotals', () => {
  it('matches counting every hand of a small deck', () => {
    const deck = [2, 2, 2, 3, 3, 4, 6, 6, 0, 0, 0, 0, 0, 0];
    const groups = new Map([
      [2, 3],
      [3, 2],
      [4, 1],
      [6, 2],
    ]);
    for (const k of [1, 2]) {
      const exact = sorted(bestDefendTotals(groups, deck.length, 5, k));
      const counted = sorted(bruteForce(deck, 5, k));
      expect(exact.map(([sum]) => sum)).toEqual(counted.map(([sum]) => sum));
      exact.forEach(([, p], i) => expect(p).toBeCloseTo(counted[i]![1], 12));
    }
  });

  it('gives a distribution that adds up to 1', () => {
    const base = bestDefendTotals(
      new Map([
        [2, 4],
        [3, 9],
        [4, 3],
        [6, 2],
        [9, 1],
      ]),
      46,
      5,
      2,
    );
    expect([...base.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('counts a tiny case by hand: two Defend 3 among four cards, hands of two', () => {
    expect(sorted(bestDefendTotals(new Map([[3, 2]]), 4, 2, 2))).toEqual([
      [0, 1 / 6],
      [3, 4 / 6],
      [6, 1 / 6],
    ]);
  });
});

describe('deckFigures', () => {
  const figures = deckFigures(deckFor());

  it('gives the base deck make-up and draw pile per player count', () => {
    expect(figures.deckSize).toBe(46);
    expect(figures.byKind.reduce((sum, k) => sum + k.count, 0)).toBe(46);
    expect(figures.perPlayerCount.map((f) => [f.players, f.pile])).toEqual([
      [2, 36],
      [3, 31],
      [4, 26],
      [5, 21],
    ]);
    for (const f of figures.perPlayerCount) {
      expect(f.shortestGameRounds).toBeCloseTo(f.pile / f.players, 12);
      expect(f.r2d2Dealt).toBeCloseTo((5 * f.players) / 46, 12);
    }
  });

  it('gives the odds against every Attack value of the deck, weaker with one Defend card', () => {
    expect(figures.defendOdds.map((o) => [o.attack, o.copies])).toEqual([
      [3, 4],
      [5, 4],
      [6, 2],
      [7, 2],
      [8, 1],
      [10, 1],
    ]);
    for (const odds of figures.defendOdds) {
      expect(odds.oneCard.reach).toBeLessThanOrEqual(odds.twoCards.reach + 1e-12);
      expect(odds.twoCards.beat).toBeLessThanOrEqual(odds.twoCards.reach + 1e-12);
      expect(odds.oneCard.expectedLoss).toBeGreaterThanOrEqual(odds.twoCards.expectedLoss - 1e-12);
    }
    // Defend cards for a player who is not a Jedi: 12 Defend cards and 6 heroes; the best single
    // card is the Millennium Falcon's 6, so no single card stops a 7.
    expect(figures.defendOdds.find((o) => o.attack === 7)?.oneCard.reach).toBe(0);
    const noDefend = (28 * 27 * 26 * 25 * 24) / (46 * 45 * 44 * 43 * 42);
    expect(figures.anyDefend).toBeCloseTo(1 - noDefend, 12);
    const noSteal = (38 * 37 * 36 * 35 * 34) / (46 * 45 * 44 * 43 * 42);
    expect(figures.anySteal).toBeCloseTo(1 - noSteal, 12);
  });
});
