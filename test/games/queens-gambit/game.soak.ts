// npm run soak: The Queen's Gambit's random playouts (playouts.ts) at every soak seed.
import { describe, it } from 'vitest';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { randomPlayoutsHold } from './playouts.ts';

describe("The Queen's Gambit's random playouts, every soak seed", () => {
  it('keep the contract, account for every card and piece after every move, and end', () => {
    randomPlayoutsHold(soakSeeds('queens-gambit-random-playouts'));
  });
});
