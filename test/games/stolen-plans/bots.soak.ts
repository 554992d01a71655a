// npm run soak: the Stolen Plans bots' whole-game runs of bots.test.ts over every seed of test/soak-seeds.json.
import { describe, expect, it } from 'vitest';
import { spBots } from '../../../host/games/stolen-plans/bots.ts';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { HUNTER_WINS_ABOVE, playEverySet, winsAgainstRandom } from './bot-games.ts';

describe('Stolen Plans bots, every soak seed', () => {
  it('the hunter beats two random bots well above a third of the time', () => {
    const seeds = soakSeeds('stolen-plans-hunter-vs-random');
    expect(winsAgainstRandom(spBots.hunter, seeds)).toBeGreaterThan(seeds.length * HUNTER_WINS_ABOVE);
  });

  it('the hunter, the random and the search bot play whole games with every supported set, legally, and the cards stay accounted for', () => {
    playEverySet(soakSeeds('stolen-plans-every-set'));
  });

  it('the search bot plays whole games with legal moves only', () => {
    winsAgainstRandom(() => spBots.search({ timeMs: null, iterations: 4 }), soakSeeds('stolen-plans-search-bot'));
  });
});
