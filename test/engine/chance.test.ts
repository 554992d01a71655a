import { describe, expect, it } from 'vitest';
import {
  chanceStream,
  diceFileSchema,
  listOutcomes,
  outcomeOdds,
  outcomeProblem,
  rollDistribution,
  rollTotal,
  sampledChanceMove,
  sampleOutcome,
  tableMayEnter,
  type ChanceSpec,
} from '../../host/engine/chance.ts';
import { DataError } from '../../host/engine/data.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { parseData } from '../../host/engine/schema.ts';
import { die, TOY_DICE } from './dice-toy.ts';

const d6 = die('d6');
const red = die('red');
const green = die('green');
const twoD6: ChanceSpec = { kind: 'roll', dice: [d6, d6] };

/** Pearson's chi-square statistic of observed counts against expected probabilities. */
function chiSquare(observed: readonly number[], probabilities: readonly number[], n: number): number {
  return observed.reduce((sum, o, i) => sum + (o - n * (probabilities[i] as number)) ** 2 / (n * (probabilities[i] as number)), 0);
}

describe('dice as data', () => {
  it('reads the dice file and its special faces', () => {
    expect(TOY_DICE.dice.map((d) => d.id)).toEqual(['grey', 'red', 'gold', 'green', 'd6']);
    expect(green.faces.find((f) => f.id === 'riposte')?.values).toEqual({ riposte: 1 });
  });

  it('a bad dice file gets an error naming the die and the problem', () => {
    const bad = { dice: [{ id: 'red', name: 'red', faces: [{ id: 'hit', count: 0, values: {} }] }] };
    expect(() => parseData(diceFileSchema, bad, 'dice.json')).toThrow(DataError);
    expect(() => parseData(diceFileSchema, bad, 'dice.json')).toThrow(/dice.json: dice\[0\] \(red\).faces\[0\] \(hit\).count: must show on at least one side/);
    const twice = {
      dice: [
        {
          id: 'x',
          name: 'x',
          faces: [
            { id: 'a', count: 1, values: {} },
            { id: 'a', count: 1, values: {} },
          ],
        },
      ],
    };
    expect(() => parseData(diceFileSchema, twice, 'dice.json')).toThrow(/has two faces with the same id/);
  });
});

describe('exact odds', () => {
  it('the exact distribution of a 2d6 total', () => {
    const dist = rollDistribution([d6, d6], (faces) => rollTotal([d6, d6], faces, 'pips'));
    expect([...dist.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([...dist.values()].map((o) => o.numerator)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect([...dist.values()].every((o) => o.denominator === 36)).toBe(true);
  });

  it('a die with special faces: the odds of each face and of hits over three dice', () => {
    expect(outcomeOdds({ kind: 'roll', dice: [red] }, ['double-hit'])).toEqual({ numerator: 1, denominator: 6 });
    expect(outcomeOdds({ kind: 'roll', dice: [red] }, ['nope'])).toEqual({ numerator: 0, denominator: 1 });
    const hits = rollDistribution([red, red, red], (faces) => rollTotal([red, red, red], faces, 'hit'));
    // P(no hit) = (3/6)^3 = 27/216; the odds sum to 1.
    expect(hits.get(0)).toEqual({ numerator: 27, denominator: 216 });
    expect([...hits.values()].reduce((n, o) => n + o.numerator, 0)).toBe(216);
    expect(hits.get(6)).toEqual({ numerator: 1, denominator: 216 });
  });

  it('lists small outcome spaces and never a large one (a shuffle of 17)', () => {
    expect(listOutcomes(twoD6)?.length).toBe(36);
    expect(listOutcomes({ kind: 'shuffle', size: 3 })?.map((o) => o.outcome)).toHaveLength(6);
    expect(listOutcomes({ kind: 'shuffle', size: 17 })).toBeNull();
    expect(outcomeOdds({ kind: 'shuffle', size: 4 }, [3, 1, 0, 2])).toEqual({ numerator: 1, denominator: 24 });
  });
});

describe('sampling from the seeded generator', () => {
  it('the sampled frequencies of a die with special faces match its declared odds', () => {
    const random = randomFrom(seedRng(7));
    const n = 60_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const [face] = sampleOutcome({ kind: 'roll', dice: [red] }, random) as string[];
      counts.set(face as string, (counts.get(face as string) ?? 0) + 1);
    }
    const faces = red.faces.map((f) => f.id);
    // 2 degrees of freedom: 13.8 is the 0.1% critical value.
    expect(
      chiSquare(
        faces.map((f) => counts.get(f) ?? 0),
        [2 / 6, 1 / 6, 3 / 6],
        n,
      ),
    ).toBeLessThan(13.8);
  });

  it('the sampled 2d6 totals match the exact distribution', () => {
    const random = randomFrom(seedRng(11));
    const n = 72_000;
    const counts = new Array<number>(13).fill(0);
    for (let i = 0; i < n; i++) {
      const total = rollTotal([d6, d6], sampleOutcome(twoD6, random) as string[], 'pips');
      counts[total] = (counts[total] ?? 0) + 1;
    }
    const probabilities = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((k) => k / 36);
    // 10 degrees of freedom: 29.6 is the 0.1% critical value.
    expect(chiSquare(counts.slice(2), probabilities, n)).toBeLessThan(29.6);
  });

  it('a shuffle and a uniform index are sampled without listing outcomes', () => {
    const random = randomFrom(seedRng(3));
    const order = sampleOutcome({ kind: 'shuffle', size: 17 }, random) as number[];
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i));
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(sampleOutcome({ kind: 'index', size: 5, secret: true }, random) as number);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('the chance move depends only on the state generator; the generator advances the same either way', () => {
    const rng = seedRng(99);
    expect(sampledChanceMove(twoD6, rng)).toEqual(sampledChanceMove(twoD6, rng));
    expect(chanceStream(rng).next).toEqual(chanceStream(rng).next);
    expect(chanceStream(rng).next).not.toEqual(rng);
    const moves = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(sampledChanceMove(twoD6, seedRng(i)).outcome)));
    expect(moves.size).toBeGreaterThan(10);
  });
});

describe('table dice', () => {
  it('the table may enter dice and open draws, never a secret outcome', () => {
    expect(tableMayEnter(twoD6)).toBe(true);
    expect(tableMayEnter({ kind: 'weighted', outcomes: [{ id: 'a', weight: 1 }], secret: false })).toBe(true);
    expect(tableMayEnter({ kind: 'index', size: 4, secret: true })).toBe(false);
    expect(tableMayEnter({ kind: 'shuffle', size: 4 })).toBe(false);
  });

  it('dice typed in are checked with a message a person can act on', () => {
    expect(outcomeProblem(twoD6, ['3', '5'])).toBeNull();
    expect(outcomeProblem(twoD6, ['3'])).toBe('enter one face for each of the 2 dice (six-sided die, six-sided die)');
    expect(outcomeProblem(twoD6, ['3', '7'])).toBe('die 2 (six-sided die) has no face "7"; its faces are 1, 2, 3, 4, 5, 6');
    expect(outcomeProblem({ kind: 'roll', dice: [green] }, ['ripost'])).toMatch(/its faces are block, riposte, blank/);
    expect(outcomeProblem({ kind: 'index', size: 3, secret: true }, 3)).toMatch(/from 0 to 2/);
    expect(outcomeProblem({ kind: 'shuffle', size: 3 }, [0, 0, 1])).toMatch(/each of 0..2 once/);
  });
});
