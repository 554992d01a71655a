// The game's chance against the exact odds: the space battle's chance of crossing each grid
// and Starfighter card, by exact calculation over 2d6 and the blocked spaces (odds.ts), against
// the frequency sampled when the rules play Move Anakin from the engine's chance; and the dice
// the rules roll against their faces (dice.json).
import { describe, expect, it } from 'vitest';
import { rollDistribution as engineRollDistribution, rollTotal, sampleOutcome, type ChanceOutcome } from '../../../host/engine/chance.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { queensGambit as g } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgEvent, QgState } from '../../../host/games/queens-gambit/model.ts';
import { faceChances, hitsDistribution, layerCrossingChance } from '../../../host/games/queens-gambit/odds.ts';
import { DATA, poolDice, symbolDie } from '../../../host/games/queens-gambit/rules.ts';
import { atCard, copy1, started } from './play-helpers.ts';

const TRIALS = 2_500;
const totals = DATA.spaceDice.totals;
/** The Trade Federation's placement the exact odds assume: the free total Anakin rolls most often. */
const mostLikely = (options: readonly string[]): string =>
  [...options].sort((a, b) => {
    const x = Number(a.slice(6));
    const y = Number(b.slice(6));
    return (totals[y]?.compare(totals[x]!) ?? 0) || x - y;
  })[0] as string;

/** Plays one Move Anakin action from `s`, chance from `random`, and says whether the first layer was crossed. */
function firstLayerCrossed(s: QgState, random: ReturnType<typeof randomFrom>): boolean {
  const state = g.clone(s);
  g.applyInPlace(state, { actor: 'p2', type: 'choose', option: 'action:0' });
  for (let i = 0; i < 20; i++) {
    const top = state.stack.at(-1)!;
    let events: readonly QgEvent[];
    if (top.chance !== null) events = g.applyInPlace(state, { actor: 'chance', type: 'chance', outcome: sampleOutcome(top.chance, random) as ChanceOutcome });
    else {
      const options = g.legalMoves(state, top.asked[0]!).map((m) => (m.type === 'choose' ? m.option : ''));
      events = g.applyInPlace(state, { actor: top.asked[0]!, type: 'choose', option: mostLikely(options) });
    }
    const anakin = events.find((e) => e.type === 'anakin');
    if (anakin !== undefined && anakin.type === 'anakin') return anakin.crossed;
  }
  throw new Error('the Anakin action never rolled his dice');
}

describe('the space battle: sampled crossings against the exact chance', () => {
  const base = atCard(started(), 'p2', copy1('nb-move-anakin'));
  const layers = [
    ...DATA.space.grids.map((grid, k) => ({ grid, state: { ...base, anakin: k } })),
    ...DATA.space.starfighters.map((grid) => ({
      grid,
      state: { ...base, starfighterDeck: base.starfighterDeck.filter((c) => c !== grid.id), stacks: base.stacks.map((x, i) => (i === 0 ? [grid.id] : x)) },
    })),
  ];
  it.each(layers.map((l) => [l.grid.id, l] as const))('%s', (_id, { grid, state }) => {
    const random = randomFrom(seedRng(grid.id.length * 7919 + grid.blocked.length));
    let crossed = 0;
    for (let i = 0; i < TRIALS; i++) if (firstLayerCrossed(state, random)) crossed++;
    const p = layerCrossingChance(DATA.spaceDice, grid).toNumber();
    const sigma = Math.sqrt((p * (1 - p)) / TRIALS);
    expect(Math.abs(crossed / TRIALS - p)).toBeLessThan(4.5 * sigma);
  });
});

describe('the dice the rules roll', () => {
  it('each die shows its faces as often as dice.json prints them', () => {
    const random = randomFrom(seedRng(99));
    const n = 12_000;
    for (const die of DATA.dice.dice) {
      const seen = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const [face] = sampleOutcome({ kind: 'roll', dice: [symbolDie(die.id)] }, random) as string[];
        seen.set(face!, (seen.get(face!) ?? 0) + 1);
      }
      for (const { symbol, probability } of faceChances(DATA.dice, die.id)) {
        const p = probability.toNumber();
        expect(Math.abs((seen.get(symbol) ?? 0) / n - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
      }
    }
  });

  it("the engine's exact odds of a pool's hits are the odds.ts figures", () => {
    const pools: Record<string, number>[] = [{ red: 3 }, { grey: 4 }, { red: 2, grey: 1 }, { red: 1 }];
    for (const pool of pools) {
      const dice = poolDice(pool);
      const engine = engineRollDistribution(dice, (faces) => rollTotal(dice, faces, 'hits'));
      const exact = hitsDistribution(DATA.diceTable, pool);
      exact.forEach((p, hits) => {
        const o = engine.get(hits);
        expect(o === undefined ? 0 : o.numerator / o.denominator).toBeCloseTo(p.toNumber(), 12);
      });
    }
  });
});
