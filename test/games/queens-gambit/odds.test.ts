// The exact odds (host/games/queens-gambit/odds.ts) against hand calculations, on the shipped
// dice and on small dice made up for the test, so each formula is checked on its own.

import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { Fraction } from '../../../host/games/queens-gambit/fraction.ts';
import { standardData } from '../../../host/games/queens-gambit/load.ts';
import {
  atLeast,
  attackOutcomes,
  blocksDistribution,
  chanceOfDamageAtLeast,
  crossingChance,
  damageDistribution,
  diceShowingHits,
  expectedAnakinActions,
  expectedValue,
  faceChances,
  hitsDistribution,
  layerCrossingChance,
  mostLikelyTotals,
  rollDistribution,
  stackCrossingChance,
  totalsDistribution,
  type DiceTable,
  type Placement,
  type Pool,
  type SpaceDice,
} from '../../../host/games/queens-gambit/odds.ts';

const F = Fraction.of;
const data = standardData();
const dice = data.diceTable;

/** The distribution as "n/d" strings, for readable expectations. */
function shown(dist: readonly Fraction[]): string[] {
  return dist.map((p) => p.toString());
}

describe('Fraction', () => {
  it('keeps lowest terms and a positive denominator', () => {
    expect(F(6, 36).toString()).toBe('1/6');
    expect(F(3, -6).toString()).toBe('-1/2');
    expect(F(1, 3).add(F(1, 6)).toString()).toBe('1/2');
    expect(F(1, 3).mul(F(3, 4)).toString()).toBe('1/4');
    expect(F(1).div(F(2, 5)).toString()).toBe('5/2');
    expect(F(1, 2).sub(F(1, 3)).toString()).toBe('1/6');
    expect(() => F(1, 0)).toThrow('denominator 0');
  });
});

describe('one die of each colour, from its faces', () => {
  it('red: 2 misses, 2 hits, 2 multiple hits', () => {
    expect(shown(hitsDistribution(dice, { red: 1 }))).toEqual(['1/3', '1/3', '1/3']);
  });
  it('grey: 4 misses, 1 hit, 1 multiple hits', () => {
    expect(shown(hitsDistribution(dice, { grey: 1 }))).toEqual(['2/3', '1/6', '1/6']);
  });
  it('blue: 3 blanks, 2 blocks, 1 multiple block', () => {
    expect(shown(blocksDistribution(dice, { blue: 1 }))).toEqual(['1/2', '1/3', '1/6']);
  });
  it('gold: 2 blanks, 2 blocks, 2 multiple blocks', () => {
    expect(shown(blocksDistribution(dice, { gold: 1 }))).toEqual(['1/3', '1/3', '1/3']);
  });
  it('green: the riposte face is no block but a hit on the attacker', () => {
    expect(shown(blocksDistribution(dice, { green: 1 }))).toEqual(['1/2', '1/3', '1/6']);
    const riposte = rollDistribution(dice, { green: 1 }).filter((o) => o.value.riposte === 1);
    expect(riposte).toEqual([{ value: { hits: 0, blocks: 0, riposte: 1 }, probability: F(1, 6) }]);
  });

  it('red is stronger than grey and gold stronger than blue, at every threshold', () => {
    const red = hitsDistribution(dice, { red: 1 });
    const grey = hitsDistribution(dice, { grey: 1 });
    const gold = blocksDistribution(dice, { gold: 1 });
    const blue = blocksDistribution(dice, { blue: 1 });
    for (const k of [1, 2]) {
      expect(atLeast(red, k).compare(atLeast(grey, k))).toBeGreaterThanOrEqual(0);
      expect(atLeast(gold, k).compare(atLeast(blue, k))).toBeGreaterThanOrEqual(0);
    }
    expect(expectedValue(red).compare(expectedValue(grey))).toBe(1);
    expect(expectedValue(gold).compare(expectedValue(blue))).toBe(1);
  });
});

describe('pools, by convolution over the faces', () => {
  it('2 red: the chance of each total is the count of face pairs over 36', () => {
    // values 0,1,2 each 1/3: totals 0..4 in 1,2,3,2,1 ways out of 9
    expect(shown(hitsDistribution(dice, { red: 2 }))).toEqual(['1/9', '2/9', '1/3', '2/9', '1/9']);
  });

  it('a mixed pool adds both colours (1 red + 1 grey)', () => {
    // red 0/1/2 at 1/3 each; grey 0 at 2/3, 1 and 2 at 1/6 each
    expect(shown(hitsDistribution(dice, { red: 1, grey: 1 }))).toEqual(['2/9', '5/18', '1/3', '1/9', '1/18']);
  });

  it('an empty pool rolls nothing', () => {
    expect(shown(hitsDistribution(dice, {}))).toEqual(['1']);
    expect(shown(damageDistribution(dice, { red: 1 }, {}))).toEqual(['1/3', '1/3', '1/3']);
  });

  it('each distribution adds up to 1', () => {
    const pools: Pool[] = [{ red: 4 }, { grey: 4 }, { red: 2, grey: 1 }, { blue: 4 }, { green: 1, gold: 1 }];
    for (const pool of pools) {
      expect(Fraction.sum(rollDistribution(dice, pool).map((o) => o.probability)).toString()).toBe('1');
    }
  });

  it('damage through a defense: 1 red against 1 blue, by hand', () => {
    // hits 0,1,2 at 1/3; blocks 0 (1/2), 1 (1/3), 2 (1/6)
    // damage 2: hits 2, blocks 0 = 1/3 * 1/2 = 1/6
    // damage 1: hits 1 & blocks 0 (1/6) + hits 2 & blocks 1 (1/9) = 5/18
    expect(shown(damageDistribution(dice, { red: 1 }, { blue: 1 }))).toEqual(['5/9', '5/18', '1/6']);
    expect(chanceOfDamageAtLeast(dice, { red: 1 }, { blue: 1 }, 1).toString()).toBe('4/9');
  });

  it('the defender rolls even when the attack misses, so a riposte can land on a miss', () => {
    const outcomes = attackOutcomes(dice, { red: 1 }, { green: 1 });
    const missWithRiposte = outcomes.find((o) => o.value.damage === 0 && o.value.riposte === 1);
    // any hit total with the riposte face: the riposte blocks nothing, so hits 0 with riposte
    // is 1/3 * 1/6; hits 1 or 2 with riposte go through whole (damage 1 or 2, riposte 1)
    expect(missWithRiposte?.probability.toString()).toBe('1/18');
    expect(outcomes.find((o) => o.value.damage === 2 && o.value.riposte === 1)?.probability.toString()).toBe('1/18');
  });

  it('rejects an unknown die and a broken count', () => {
    expect(() => hitsDistribution(dice, { purple: 1 })).toThrow('no die "purple"');
    expect(() => hitsDistribution(dice, { red: -1 })).toThrow('whole number of red dice');
  });

  it('works on any faces: a made-up die of two faces', () => {
    const coin: DiceTable = {
      coin: {
        id: 'coin',
        faces: [
          { hits: 0, blocks: 0, riposte: 0 },
          { hits: 1, blocks: 0, riposte: 0 },
        ],
      },
    };
    expect(shown(hitsDistribution(coin, { coin: 3 }))).toEqual(['1/8', '3/8', '3/8', '1/8']);
  });
});

describe("the rulebook's example turn is plausible under the chosen faces", () => {
  // Each result the example shows should be an ordinary roll, not a long shot.
  const common = F(1, 20);
  it.each([
    ['Darth Maul: 3 red gave 4 hits', { red: 3 }, 4, '2/9'],
    ['the Destroyer Droid group: 4 red gave 5 hits', { red: 4 }, 5, '16/81'],
    ['the Red Queen: 1 red gave 2 hits', { red: 1 }, 2, '1/3'],
    ['Qui-Gon: 3 red gave 3 hits', { red: 3 }, 3, '7/27'],
    ['Gungan group A: 3 grey gave 2 hits', { grey: 3 }, 2, '5/18'],
    ['Gungan group B: 3 grey gave 1 hit', { grey: 3 }, 1, '2/9'],
  ])('%s', (_, pool, hits, exact) => {
    const p = hitsDistribution(dice, pool)[hits] ?? Fraction.ZERO;
    expect(p.toString()).toBe(exact);
    expect(p.compare(common)).toBe(1);
  });

  it('defense rolls of the example: Qui-Gon 2 blocks on green + blue, the Fambaa none on blue + gold', () => {
    expect(blocksDistribution(dice, { green: 1, blue: 1 })[2]?.compare(common)).toBe(1);
    expect(blocksDistribution(dice, { blue: 1, gold: 1 })[0]?.compare(common)).toBe(1);
    // Darth Maul: 1 block and 1 riposte on green + gold
    const maul = rollDistribution(dice, { green: 1, gold: 1 }).find((o) => o.value.blocks === 1 && o.value.riposte === 1);
    expect(maul?.probability.toString()).toBe('1/18');
  });

  it("single grey dice hit 3 times in the example's 9 single rolls: the chosen face hits one roll in three", () => {
    expect(atLeast(hitsDistribution(dice, { grey: 1 }), 1).toString()).toBe('1/3');
  });
});

describe("Anakin's 2d6", () => {
  it('totals 2..12 come up 1/36, 2/36, ..., 6/36, ..., 1/36', () => {
    const totals = totalsDistribution(data.dice.anakin.faces, data.dice.anakin.rolled);
    const expected = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((n) => F(n, 36).toString());
    expect(shown(totals.slice(2))).toEqual(expected);
    expect(totals[0]?.isZero() && totals[1]?.isZero()).toBe(true);
    expect(data.spaceDice.totals.map(String)).toEqual(totals.map(String));
  });
});

describe('the space battle', () => {
  const space = data.spaceDice;

  it('grey dice showing a hit: each die blocks one space at most, with chance 1/3', () => {
    expect(shown(diceShowingHits(dice, 'grey', 2))).toEqual(['4/9', '4/9', '1/9']);
    expect(shown(space.blockingHits(2))).toEqual(['4/9', '4/9', '1/9']);
  });

  it('crossing a set of blocked spaces: the chance of a free total', () => {
    expect(crossingChance(space.totals, []).toString()).toBe('1');
    expect(crossingChance(space.totals, [7]).toString()).toBe('5/6');
    expect(crossingChance(space.totals, [6, 7, 8]).toString()).toBe('5/9');
    expect(crossingChance(space.totals, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).toString()).toBe('0');
  });

  it('the Trade Federation blocks the most likely free totals: 7, then 6 or 8, then 5 or 9', () => {
    const free = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(mostLikelyTotals(free, 1, space.totals)).toEqual([7]);
    expect(mostLikelyTotals(free, 3, space.totals)).toEqual([7, 6, 8]);
    expect(mostLikelyTotals([2, 3, 5, 12], 2, space.totals)).toEqual([5, 3]);
    expect(mostLikelyTotals([2], 3, space.totals)).toEqual([2]);
  });

  it('grid 1 by hand: 2, 3, 11, 12 printed, 2 grey dice', () => {
    // free 30/36; no hit (4/9): 30/36; one hit (4/9): 7 blocked, 24/36; two (1/9): 7 and 6, 19/36
    // (4*30 + 4*24 + 1*19) / (9*36) = 235/324
    expect(layerCrossingChance(space, { greyDice: 2, blocked: [2, 3, 11, 12] }).toString()).toBe('235/324');
    expect(layerCrossingChance(space, data.space.grids[0] ?? { greyDice: 0, blocked: [] }).toString()).toBe('235/324');
  });

  it('a Starfighter card of 4 grey dice and nothing printed, by hand', () => {
    // hits k of 4 at C(4,k) (1/3)^k (2/3)^(4-k): 16/81, 32/81, 24/81, 8/81, 1/81;
    // blocked 7; 7,6; 7,6,8; 7,6,8,5 leave 36, 30, 25, 20, 16 of 36
    const expected = F(16 * 36 + 32 * 30 + 24 * 25 + 8 * 20 + 1 * 16, 81 * 36);
    expect(layerCrossingChance(space, { greyDice: 4, blocked: [] }).equals(expected)).toBe(true);
  });

  it('hits beyond the free spaces are lost', () => {
    // only 7 is free: any hit closes it
    const p = layerCrossingChance(space, { greyDice: 2, blocked: [2, 3, 4, 5, 6, 8, 9, 10, 11, 12] });
    expect(p.toString()).toBe(F(4, 9).mul(F(6, 36)).toString());
  });

  it('another placement gives other odds, and a placement breaking the rules is refused', () => {
    const highest: Placement = (free, hits) => [...free].sort((a, b) => b - a).slice(0, hits);
    // nothing printed, 2 dice put on 12 (1/36) and 11 (2/36): (4*36 + 4*35 + 1*33) / 324
    expect(layerCrossingChance(space, { greyDice: 2, blocked: [] }, highest).toString()).toBe(F(4 * 36 + 4 * 35 + 33, 324).toString());
    const cheat: Placement = (free) => free;
    expect(() => layerCrossingChance(space, { greyDice: 1, blocked: [] }, cheat)).toThrow('placement');
  });

  it('a stack is crossed in one action only if every layer is: the product', () => {
    const card = { greyDice: 3, blocked: [4, 6, 10] };
    const grid = { greyDice: 2, blocked: [2, 3, 11, 12] };
    const both = stackCrossingChance(space, [card, grid]);
    expect(both.equals(layerCrossingChance(space, card).mul(layerCrossingChance(space, grid)))).toBe(true);
    expect(stackCrossingChance(space, []).toString()).toBe('1');
  });

  it('expected Anakin actions: 1/p for one layer, 1 + the sum of (1/p - 1) for a stack', () => {
    const grid = { greyDice: 2, blocked: [2, 3, 11, 12] };
    expect(expectedAnakinActions(space, [grid]).toString()).toBe('324/235');
    const card = { greyDice: 2, blocked: [] };
    const pc = layerCrossingChance(space, card);
    const pg = layerCrossingChance(space, grid);
    const expected = Fraction.ONE.add(Fraction.ONE.div(pc).sub(Fraction.ONE)).add(Fraction.ONE.div(pg).sub(Fraction.ONE));
    expect(expectedAnakinActions(space, [card, grid]).equals(expected)).toBe(true);
  });

  it('works on made-up dice: one d3 for Anakin and a coin as blocking die', () => {
    const coin: DiceTable = {
      coin: {
        id: 'coin',
        faces: [
          { hits: 0, blocks: 0, riposte: 0 },
          { hits: 2, blocks: 0, riposte: 0 },
        ],
      },
    };
    const tiny: SpaceDice = { totals: totalsDistribution([1, 2, 3], 1), blockingHits: (n) => diceShowingHits(coin, 'coin', n) };
    // spaces 1,2,3 at 1/3; 3 printed; one coin: no hit (1/2) 2/3, hit (1/2) blocks 1: 1/3
    expect(layerCrossingChance(tiny, { greyDice: 1, blocked: [3] }).toString()).toBe('1/2');
  });
});

describe('a chance decision lists a die by its symbols', () => {
  it('each symbol once, with its share of the faces', () => {
    const shownChances = (id: string) => faceChances(data.dice, id).map((c) => `${c.symbol} ${c.probability.toString()}`);
    expect(shownChances('red')).toEqual(['miss 1/3', 'hit 1/3', 'multiple-hits 1/3']);
    expect(shownChances('green')).toEqual(['blank 1/3', 'block 1/3', 'multiple-block 1/6', 'riposte 1/6']);
    expect(() => faceChances(data.dice, 'white')).toThrow('no die "white"');
  });
});

describe('the exact odds agree with play sampled from a seeded generator', () => {
  // An independent check: play the rule itself many times (roll the grey dice, put them on the
  // most likely free totals, roll 2d6) and compare the frequency with the exact chance. The
  // bound is 5 standard deviations, so the test is deterministic (fixed seed) and not fragile.
  const symbols = new Map(data.dice.symbols.map((s) => [s.id, s]));
  const faces = (id: string) => data.dice.dice.find((d) => d.id === id)?.faces ?? [];

  function sampledCrossing(layer: { greyDice: number; blocked: readonly number[] }, tries: number, seed: number): number {
    const random = randomFrom(seedRng(seed));
    let crossed = 0;
    for (let i = 0; i < tries; i++) {
      let hits = 0;
      for (let d = 0; d < layer.greyDice; d++) if ((symbols.get(random.pick(faces('grey')))?.hits ?? 0) > 0) hits++;
      const free = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((t) => !layer.blocked.includes(t));
      const blocked = new Set([...layer.blocked, ...mostLikelyTotals(free, hits, data.spaceDice.totals)]);
      const total = random.pick(data.dice.anakin.faces) + random.pick(data.dice.anakin.faces);
      if (!blocked.has(total)) crossed++;
    }
    return crossed / tries;
  }

  it.each([...data.space.grids, ...data.space.starfighters].map((g) => [g.id, g] as const))('%s', (_, layer) => {
    const tries = 20_000;
    const p = layerCrossingChance(data.spaceDice, layer).toNumber();
    const sigma = Math.sqrt((p * (1 - p)) / tries);
    expect(Math.abs(sampledCrossing(layer, tries, 1234) - p)).toBeLessThan(5 * sigma);
  });

  it('damage through a defense: Darth Maul against Qui-Gon', () => {
    const random = randomFrom(seedRng(99));
    const tries = 20_000;
    const through = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < tries; i++) {
      let hits = 0;
      for (let d = 0; d < 3; d++) hits += symbols.get(random.pick(faces('red')))?.hits ?? 0;
      let blocks = 0;
      for (const die of ['green', 'blue']) blocks += symbols.get(random.pick(faces(die)))?.blocks ?? 0;
      through[Math.max(0, hits - blocks)]!++;
    }
    const exact = damageDistribution(dice, { red: 3 }, { green: 1, blue: 1 });
    exact.forEach((p, k) => {
      const q = p.toNumber();
      expect(Math.abs((through[k] ?? 0) / tries - q)).toBeLessThan(5 * Math.sqrt((q * (1 - q)) / tries) + 1e-9);
    });
  });
});
