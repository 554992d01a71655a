// The Stolen Plans bots: the hunter reads where R2-D2 can be from its view and beats random
// bots; the search bot plays whole games with legal moves; every bot only ever sees a view. The
// whole-game runs play the test seeds of test/soak-seeds.json here and all of them in bots.soak.ts.
import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { hunterBot, r2d2Odds, spBots } from '../../../host/games/stolen-plans/bots.ts';
import { dealtState, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpState } from '../../../host/games/stolen-plans/state.ts';
import { testSeeds } from '../../support/soak-seeds.ts';
import { HUNTER_WINS_ABOVE, playEverySet, winsAgainstRandom } from './bot-games.ts';
import { playAll } from './sp-fixtures.ts';

const PILE = ['ewok-defend-1', 'jawa-attack-4', 'boba-fett-steal-5', 'rebel-trooper-defend-4'];

describe('Stolen Plans bots', () => {
  it("the hunter weighs R2-D2's places by their cards, and knows it after a declaration", () => {
    const s = dealtState(
      [
        ['jawa-attack-1', 'boba-fett-steal-1'],
        ['r2-d2-1', 'boba-fett-steal-2', 'jabba-the-hutt-steal-1'],
        ['jedi-1', 'ewok-defend-2'],
      ],
      PILE,
    );
    const odds = r2d2Odds(stolenPlans.view(s, 'p1'));
    expect(odds.p2).toBeCloseTo(3 / 5);
    expect(odds.p3).toBeCloseTo(2 / 5);
    const attacked = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    expect(r2d2Odds(stolenPlans.view(attacked, 'p3'))).toEqual({ p1: 0, p2: 1, p3: 0 });
    // p3 to play later with a steal: the hunter would take from p2, where R2-D2 is known to be.
    const v = stolenPlans.view(attacked, 'p1');
    const steal = hunterBot(
      v,
      [
        { actor: 'p1', type: 'draw' },
        { actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p3' },
        { actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' },
      ],
      randomFrom(seedRng(1)),
    );
    expect(steal).toEqual({ actor: 'p1', type: 'steal', card: 'boba-fett-steal-1', target: 'p2' });
  });

  it('the hunter loads the Cargo Ship with the card most worth having, and unloads it when attacked (RO6)', () => {
    const dealt = dealtState([['jawa-attack-1'], ['rebel-trooper-defend-1', 'boba-fett-steal-1', 'imperial-officer-attack-1']], ['ewok-defend-1'], {
      sets: ['rogue-one'],
    });
    const s: SpState = { ...dealt, cargo: { card: 'cargo-ship-1', owner: 'p1', hold: [] } };
    const discarding = playAll(s, [
      { actor: 'p1', type: 'attack', card: 'jawa-attack-1', target: 'p2' },
      { actor: 'p2', type: 'pass' },
    ]).state;
    const load = hunterBot(stolenPlans.view(discarding, 'p1'), stolenPlans.legalMoves(discarding, 'p1'), randomFrom(seedRng(1)));
    expect(load).toEqual({ actor: 'p1', type: 'react', card: 'cargo-ship-1', on: 'boba-fett-steal-1' });
    // Attacked with cargo on the ship: it unloads first (the cargo may defend).
    const owner: SpState = {
      ...dealtState([['jawa-attack-2'], ['r2-d2-1']], ['ewok-defend-1'], { sets: ['rogue-one'] }),
      cargo: { card: 'cargo-ship-1', owner: 'p2', hold: [{ card: 'x-wing-defend-1', from: 'p1' }] },
    };
    const attacked = playAll(owner, [{ actor: 'p1', type: 'attack', card: 'jawa-attack-2', target: 'p2' }]).state;
    expect(hunterBot(stolenPlans.view(attacked, 'p2'), stolenPlans.legalMoves(attacked, 'p2'), randomFrom(seedRng(1)))).toEqual({
      actor: 'p2',
      type: 'unload',
      card: 'cargo-ship-1',
    });
  });

  it('the hunter beats two random bots well above a third of the time', () => {
    const seeds = testSeeds('stolen-plans-hunter-vs-random');
    expect(winsAgainstRandom(spBots.hunter, seeds)).toBeGreaterThan(seeds.length * HUNTER_WINS_ABOVE);
  });

  it('the hunter, the random and the search bot play whole games with every supported set, legally, and the cards stay accounted for', () => {
    playEverySet(testSeeds('stolen-plans-every-set'));
  });

  it('the search bot plays whole games with legal moves only', () => {
    // winsAgainstRandom fails on any rejected move or unfinished game.
    winsAgainstRandom(() => spBots.search({ timeMs: null, iterations: 4 }), testSeeds('stolen-plans-search-bot'));
  });
});
