// npm run soak: The Queen's Gambit's random playouts and hidden-information check (playouts.ts) at every soak seed, and
// the judge and the other options over more games than game.test.ts plays.
import { describe, it } from 'vitest';
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
});
