// The Queen's Gambit on the engine: the checks every table game runs, over many seeds at both
// table sizes (the random playouts and the hidden-information check: a few seeds here, all in table-game.soak.ts; the judge and the other options: a game of each here, more there): the engine's contract (fuzzTable), every card and every piece accounted for
// after every move, every game ending, the judge as oracle of the built legal moves, and the
// hidden-information check (views, prompts, legal moves, whose move and events).
import { describe, expect, it } from 'vitest';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import { outcomeProblem } from '../../../host/engine/chance.ts';
import { playTable, randomTableBot } from '../../../host/engine/table-play.ts';
import type { QgView } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgMove, QgState } from '../../../host/games/queens-gambit/model.ts';
import { symbolDie } from '../../../host/games/queens-gambit/rules.ts';
import { testSeeds } from '../../support/soak-seeds.ts';
import { tableOf } from './play-helpers.ts';
import { hiddenInformationHolds, judgeHolds, otherOptionsHold, playersOfSeed, randomPlayoutsHold } from './playouts.ts';

describe.each([2, 4] as const)("The Queen's Gambit, %i players: the engine's checks", (players) => {
  it('random playouts keep the contract, account for every card and piece after every move, and end', () => {
    randomPlayoutsHold(testSeeds('queens-gambit-random-playouts').filter((seed) => playersOfSeed(seed) === players));
  });

  it('the legal moves built directly are exactly the candidates the judge accepts', () => {
    judgeHolds(players, 1);
  });

  it('nothing a player receives holds what they may not know, and it stays the same when the unknown is dealt differently', () => {
    hiddenInformationHolds(testSeeds('queens-gambit-hidden-information').filter((seed) => Math.floor(seed / 1000) === players));
  });
});

describe("The Queen's Gambit with the other options", () => {
  it.each([2, 4] as const)('%i players, deck-out "stop", droid pool "eliminated", a planning clock: the contract holds and every game ends', (players) => {
    otherOptionsHold(players, 1);
  });

  it("table dice: the players enter what the box's dice show; a face a die does not have is refused, saying what it has", () => {
    const seating = Object.fromEntries(tableOf(2).players.map((_, i) => [`p${i + 1}`, randomTableBot<QgState, QgMove, QgView>()]));
    const entered: string[] = [];
    const played = playTable(queensGambit, tableOf(2), 3, seating, {
      maxSteps: 3_000,
      chance: (spec, random) => {
        if (spec.kind !== 'roll') throw new Error('only dice are entered');
        const faces = spec.dice.map((d) => random.pick(d.faces).id);
        entered.push(faces.join(','));
        return faces;
      },
    });
    expect(played.stopped === undefined || played.stopped.startsWith('the game did not end')).toBe(true);
    expect(entered.length).toBeGreaterThan(20);
    // Every roll the rules used is the table's entry, logged as it was typed.
    const logged = played.log.moves.flatMap((m) => (m.type === 'chance' ? [(m.outcome as string[]).join(',')] : []));
    expect(logged).toEqual(entered);
    expect(outcomeProblem({ kind: 'roll', dice: [symbolDie('grey')] }, ['block'])).toContain('grey attack die');
  }, 60_000);
});
