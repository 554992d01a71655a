// npm run soak: Stolen Plans' whole games through the table host (host-games.ts) at every soak seed,
// which are every option mix at every player count it plays.
import { describe, expect, it } from 'vitest';
import { soakSeeds } from '../../support/soak-seeds.ts';
import { everyHostGameSeed, playHostGame, tableOfSeed } from './host-games.ts';

describe('Stolen Plans through the table host, every soak seed', () => {
  it('the soak plays every option mix at every player count it allows (6 mixes at 2 to 5 players, 4 of them at 6)', () => {
    expect([...soakSeeds('stolen-plans-host-games')].sort((a, b) => a - b)).toEqual(everyHostGameSeed());
    expect(everyHostGameSeed().length).toBe(6 * 4 + 4);
  });

  it.each(soakSeeds('stolen-plans-host-games').map(tableOfSeed))(
    'plays a whole game with bots ($label, $players players: seed $seed); every card is accounted for, nothing leaks, the timer plays the sounds',
    (game) => playHostGame(game),
  );
});
