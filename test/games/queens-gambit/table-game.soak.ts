// npm run soak: The Queen's Gambit's random playouts and hidden-information check (playouts.ts) at every soak seed.
import { describe, it } from 'vitest';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { hiddenInformationHolds, randomPlayoutsHold } from './playouts.ts';

describe("The Queen's Gambit's engine checks, every soak seed", () => {
  it('random playouts keep the contract, account for every card and piece after every move, and end', () => {
    randomPlayoutsHold(soakSeeds('queens-gambit-random-playouts'));
  });

  it('nothing a player receives holds what they may not know, and it stays the same when the unknown is dealt differently', () => {
    hiddenInformationHolds(soakSeeds('queens-gambit-hidden-information'));
  });
});
