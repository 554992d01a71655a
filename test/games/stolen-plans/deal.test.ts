// The deal at set-up: every card once, hands of 5, the same deal for the same seed, R2-D2 in a
// starting hand under R2-D2 Where Are You?, the resources in front of each player.
import { describe, expect, it } from 'vitest';
import { GameConfigError } from '../../../host/engine/table-game.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { dealCards } from '../../../host/games/stolen-plans/deal.ts';
import { allSets, deckFor } from '../../../host/games/stolen-plans/deck.ts';

const holderOfR2 = (hands: readonly (readonly string[])[]): number => hands.findIndex((hand) => hand.includes('r2-d2-1'));

describe('dealCards', () => {
  it('deals every card of the deck exactly once: 5 to each player, the rest to the draw pile', () => {
    for (const [options, players] of [
      [{}, 2],
      [{}, 5],
      [{ sets: allSets() }, 6],
      [{ sets: ['rogue-one', 'r2-d2-where-are-you'] }, 4],
    ] as const) {
      const plan = deckFor(options);
      const deal = dealCards(plan, players, randomFrom(seedRng(7)));
      expect(deal.hands).toHaveLength(players);
      for (const hand of deal.hands) expect(hand).toHaveLength(5);
      expect([...deal.hands.flat(), ...deal.drawPile].sort()).toEqual(plan.deck.map((card) => card.id).sort());
      expect(deal.drawPile).toHaveLength(plan.deck.length - 5 * players);
    }
  });

  it('deals the same for the same seed and differently for another', () => {
    const plan = deckFor({ sets: ['bonus'] });
    expect(dealCards(plan, 4, randomFrom(seedRng(42)))).toEqual(dealCards(plan, 4, randomFrom(seedRng(42))));
    expect(dealCards(plan, 4, randomFrom(seedRng(43))).hands).not.toEqual(dealCards(plan, 4, randomFrom(seedRng(42))).hands);
  });

  it('puts R2-D2 in a starting hand under R2-D2 Where Are You?, at any seat', () => {
    const plan = deckFor({ sets: ['r2-d2-where-are-you'] });
    const seats = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const deal = dealCards(plan, 3, randomFrom(seedRng(seed)));
      const seat = holderOfR2(deal.hands);
      expect(seat, `seed ${seed}`).toBeGreaterThanOrEqual(0);
      seats.add(seat);
      expect(deal.drawPile).not.toContain('r2-d2-1');
    }
    expect([...seats].sort()).toEqual([0, 1, 2]);
  });

  it('leaves R2-D2 to chance without the rule: in a starting hand about 5 x players in deck-size of the time', () => {
    const plan = deckFor();
    let dealtR2 = 0;
    const games = 2000;
    for (let seed = 0; seed < games; seed++) if (holderOfR2(dealCards(plan, 4, randomFrom(seedRng(seed))).hands) >= 0) dealtR2++;
    // 20 of 46 cards are dealt: 43.5%; 2,000 fixed seeds land well within 4 points of it.
    expect(Math.abs(dealtR2 / games - 20 / 46)).toBeLessThan(0.04);
  });

  it('puts the Starting Resources, Active, in front of each player, and New Ruling beside the discard pile', () => {
    const deal = dealCards(deckFor({ sets: ['starting-resources', 'new-ruling'] }), 3, randomFrom(seedRng(1)));
    expect(deal.resources.map((cards) => cards.map((card) => card.id))).toEqual(
      [1, 2, 3].map((seat) => ['food', 'water', 'binocs', 'tracking-beacon', 'data-pad'].map((type) => `${type}@${seat}`)),
    );
    expect(deal.resources.flat().every((card) => card.active)).toBe(true);
    expect(deal.besideDiscard).toEqual(['new-ruling-1']);
    expect(dealCards(deckFor(), 3, randomFrom(seedRng(1))).resources).toEqual([[], [], []]);
  });

  it('refuses a player count the deck does not support', () => {
    expect(() => dealCards(deckFor(), 6, randomFrom(seedRng(1)))).toThrow(GameConfigError);
    expect(() => dealCards(deckFor(), 1, randomFrom(seedRng(1)))).toThrow('this deck (46 cards) is for 2 to 5 players, not 1');
  });
});
