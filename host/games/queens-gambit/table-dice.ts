// Dice rolled at the table (option `dice`: `table`): the players roll the box's dice and enter
// what each shows; these pure checks turn an entry into the totals the rules apply, or say
// exactly what is wrong with it (a die not in the pool, a face that die does not have).

import type { DicePool, DiceFile } from './schema.ts';
import type { RollTotals } from './odds.ts';

/** One die as entered: its colour and the symbol on top. */
export interface EnteredDie {
  readonly die: string;
  readonly symbol: string;
}

export class EnteredDiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnteredDiceError';
  }
}

function poolWords(pool: DicePool): string {
  const parts = Object.entries(pool).map(([die, n]) => `${n} ${die}`);
  return parts.length === 0 ? 'no dice' : parts.join(' and ');
}

/**
 * The totals of a roll entered by the players for `pool`: exactly the pool's dice, each showing
 * a face that die has. Throws an EnteredDiceError saying what to enter instead.
 */
export function enteredRollTotals(dice: DiceFile, pool: DicePool, entered: readonly EnteredDie[]): RollTotals {
  const counts = new Map<string, number>();
  for (const { die } of entered) counts.set(die, (counts.get(die) ?? 0) + 1);
  const dieIds = new Set([...Object.keys(pool), ...counts.keys()]);
  for (const id of dieIds) {
    if ((counts.get(id) ?? 0) !== (pool[id] ?? 0)) {
      throw new EnteredDiceError(`this roll is ${poolWords(pool)}; enter one face for each of those dice`);
    }
  }
  const symbols = new Map(dice.symbols.map((s) => [s.id, s]));
  let hits = 0;
  let blocks = 0;
  let riposte = 0;
  for (const { die, symbol } of entered) {
    const spec = dice.dice.find((d) => d.id === die);
    if (spec === undefined) throw new EnteredDiceError(`there is no ${die} die; the dice are ${dice.dice.map((d) => d.id).join(', ')}`);
    if (!spec.faces.includes(symbol)) {
      throw new EnteredDiceError(`the ${spec.name} has no "${symbol}" face; its faces are ${[...new Set(spec.faces)].join(', ')}`);
    }
    const value = symbols.get(symbol);
    hits += value?.hits ?? 0;
    blocks += value?.blocks ?? 0;
    riposte += value?.riposte ?? 0;
  }
  return { hits, blocks, riposte };
}

/** Anakin's total from the faces entered for his dice (each a face of the die). */
export function enteredAnakinTotal(dice: DiceFile, faces: readonly number[]): number {
  const { anakin } = dice;
  if (faces.length !== anakin.rolled) throw new EnteredDiceError(`enter the ${anakin.rolled} dice Anakin rolls, one number each`);
  for (const face of faces) {
    if (!anakin.faces.includes(face)) throw new EnteredDiceError(`${face} is not a face of ${anakin.name} (${anakin.faces.join(', ')})`);
  }
  return faces.reduce((a, b) => a + b, 0);
}
