// npm run soak: The Queen's Gambit's random playouts and hidden-information check (playouts.ts) at every soak seed, and
// the judge and the other options over more games than table-game.test.ts plays, and the two games that
// reach a deck out in the middle of a card's action (rules.test.ts builds that situation directly).
import { describe, expect, it } from 'vitest';
import { checkHiddenInformation } from '../../../host/engine/table-check.ts';
import { queensGambitEntry } from '../../../host/games/queens-gambit/table-entry.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { hiddenInformationHolds, judgeHolds, otherOptionsHold, randomPlayoutsHold } from './playouts.ts';

describe("The Queen's Gambit's engine checks, every soak seed", () => {
  it('random playouts keep the contract, account for every card and piece after every move, and end', () => {
    randomPlayoutsHold(soakSeeds('queens-gambit-random-playouts'));
  });

  it('nothing a player receives holds what they may not know, and it stays the same when the unknown is dealt differently', () => {
    hiddenInformationHolds(soakSeeds('queens-gambit-hidden-information'));
  });

  it.each([2, 4] as const)('%i players: the legal moves built directly are exactly the candidates the judge accepts', (players) => {
    judgeHolds(players, 4);
  });

  it.each([2, 4] as const)('%i players, deck-out "stop", droid pool "eliminated", a planning clock: the contract holds and every game ends', (players) => {
    otherOptionsHold(players, 4);
  });

  it('deck out mid-action, in the random games of 2 players from seed 11: the card being carried out never becomes a secret again', () => {
    const report = checkHiddenInformation(queensGambit, {
      games: 2,
      firstSeed: 11,
      config: () => queensGambitEntry.configFor(['Ana', 'Ben'], {}),
      maxSteps: 3000,
      samples: 1,
      checkEvents: () => false,
    });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(3000);
  });
});
