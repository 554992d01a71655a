// npm run soak: The Queen's Gambit's whole games through the table host (host-games.ts) at every soak seed, at 2 and 4 players.
import { describe, it } from 'vitest';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { hostGamesOfSeed, playHostGame } from './host-games.ts';

describe("The Queen's Gambit through the table host, every soak seed", () => {
  it.each(soakSeeds('queens-gambit-host-games').flatMap((seed) => hostGamesOfSeed(seed, [2, 4])))(
    'plays a whole game with bots at $players players through the host (seed $seed, $bot bots), with a timer; every line each viewer gets is only what it may know',
    (game) => playHostGame(game),
  );
});
