// npm run soak: The Queen's Gambit's whole games on the pass-and-play terminal and the public JSON
// stream (front-end-games.ts) at every soak seed.
import { describe, it } from 'vitest';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { jsonGameOfSeed, playJsonGame, playTerminalGame, terminalGameOfSeed } from './front-end-games.ts';

describe("The Queen's Gambit on the text front ends, every soak seed", () => {
  it.each(soakSeeds('queens-gambit-terminal-games').map(terminalGameOfSeed))(
    'pass-and-play terminal, seed $seed: $players players play to the end, asked in seat order with the screen cleared between; nobody is shown what they may not know',
    (game) => playTerminalGame(game),
  );

  it.each(soakSeeds('queens-gambit-json-games').map(jsonGameOfSeed))(
    'JSON stream, seed $seed: $players players on the public stream play to the end; bad input is refused; every line is only what its reader may know',
    (game) => playJsonGame(game),
  );
});
