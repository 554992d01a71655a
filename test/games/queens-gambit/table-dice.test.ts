// Dice rolled at the table and entered (host/games/queens-gambit/table-dice.ts).

import { describe, expect, it } from 'vitest';
import { standardData } from '../../../host/games/queens-gambit/load.ts';
import { enteredAnakinTotal, enteredRollTotals } from '../../../host/games/queens-gambit/table-dice.ts';

const dice = standardData().dice;

describe('an entered roll', () => {
  it('adds the faces: multiple hits count 2, a riposte is no block', () => {
    expect(
      enteredRollTotals(dice, { red: 3 }, [
        { die: 'red', symbol: 'multiple-hits' },
        { die: 'red', symbol: 'hit' },
        { die: 'red', symbol: 'hit' },
      ]),
    ).toEqual({ hits: 4, blocks: 0, riposte: 0 });
    expect(
      enteredRollTotals(dice, { green: 1, gold: 1 }, [
        { die: 'gold', symbol: 'block' },
        { die: 'green', symbol: 'riposte' },
      ]),
    ).toEqual({ hits: 0, blocks: 1, riposte: 1 });
  });

  it("needs exactly the pool's dice", () => {
    expect(() => enteredRollTotals(dice, { red: 2 }, [{ die: 'red', symbol: 'hit' }])).toThrow('this roll is 2 red; enter one face for each');
    expect(() =>
      enteredRollTotals(dice, { red: 1 }, [
        { die: 'red', symbol: 'hit' },
        { die: 'grey', symbol: 'hit' },
      ]),
    ).toThrow('this roll is 1 red');
    expect(enteredRollTotals(dice, {}, [])).toEqual({ hits: 0, blocks: 0, riposte: 0 });
  });

  it('refuses a face the die does not have', () => {
    expect(() => enteredRollTotals(dice, { blue: 1 }, [{ die: 'blue', symbol: 'riposte' }])).toThrow(
      'the blue defense die has no "riposte" face; its faces are blank, block, multiple-block',
    );
    expect(() => enteredRollTotals(dice, { white: 1 }, [{ die: 'white', symbol: 'hit' }])).toThrow('there is no white die');
  });

  it("Anakin's two dice", () => {
    expect(enteredAnakinTotal(dice, [5, 3])).toBe(8);
    expect(() => enteredAnakinTotal(dice, [7, 1])).toThrow('7 is not a face');
    expect(() => enteredAnakinTotal(dice, [6])).toThrow('enter the 2 dice Anakin rolls');
  });
});
