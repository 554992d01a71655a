// @vitest-environment happy-dom
// The Queen's Gambit's dice faces in words and symbols, as data (dice.json's `symbol` and `name`,
// Anakin's `faceSymbols`): checked when loaded (a missing or shared symbol, a symbol per Anakin
// face, refused with the file, the entry and the problem), carried by every roll the game asks the
// table for (attack, defense, the grey dice, Anakin's dice: taken from real games), and drawn by
// the table-dice control as "✶ hit" with the face's share of the sides, never an id.

import { describe, expect, it } from 'vitest';
import type { ChanceSpec, Die } from '../../host/engine/chance.ts';
import { DataError } from '../../host/engine/data.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { openChance, toMove } from '../../host/engine/table-game.ts';
import { nextRandomMove } from '../../host/engine/table-play.ts';
import { queensGambit } from '../../host/games/queens-gambit/table-game.ts';
import { DATA_DIR, loadQueensGambit, STANDARD_FILES, type QueensGambitFiles } from '../../host/games/queens-gambit/load.ts';
import type { QgState } from '../../host/games/queens-gambit/model.ts';
import { ANAKIN_DIE, DATA, symbolDie } from '../../host/games/queens-gambit/rules.ts';
import { diceEntry } from '../../host/web/page/dice-entry.ts';

// biome-ignore lint/suspicious/noExplicitAny: a damaged copy of the data files
type Files = { [K in keyof QueensGambitFiles]: any };

function loadError(damage: (files: Files) => void): DataError {
  const copy = structuredClone(STANDARD_FILES) as Files;
  damage(copy);
  try {
    loadQueensGambit(copy);
  } catch (err) {
    if (err instanceof DataError) return err;
    throw err;
  }
  throw new Error('the damaged files loaded without an error');
}

/** The rolls a few random games ask for, by the decision's kind (attack-roll, defense-roll, grey-roll, anakin-roll). */
function rollsAsked(): Map<string, ChanceSpec> {
  const found = new Map<string, ChanceSpec>();
  for (let seed = 1; seed <= 40 && found.size < 4; seed++) {
    let s: QgState = queensGambit.setup({ players: [{ name: 'Ana' }, { name: 'Ben' }], options: {} }, seed).state;
    const random = randomFrom(seedRng(seed));
    for (let step = 0; step < 4000; step++) {
      const actors = toMove(queensGambit, s);
      if (actors.length === 0) break;
      const spec = openChance(queensGambit, s);
      const kind = queensGambit.decisions(s).at(-1)?.kind ?? '';
      if (spec !== null && spec.kind === 'roll' && !found.has(kind)) found.set(kind, spec);
      const applied = queensGambit.apply(s, nextRandomMove(queensGambit, s, actors, random, true));
      if (!applied.ok) throw new Error(applied.reason);
      s = applied.state;
    }
  }
  return found;
}

describe("The Queen's Gambit's dice faces have words and a symbol", () => {
  it('as data: every face of every die, each symbol its own', () => {
    const dice: Die[] = [...DATA.dice.dice.map((d) => symbolDie(d.id)), ANAKIN_DIE];
    for (const die of dice)
      for (const face of die.faces) {
        expect(face.symbol, `${die.name}: ${face.id}`).toMatch(/^\S{1,8}$/);
        expect(face.name, `${die.name}: ${face.id}`).toMatch(/\S/);
      }
    expect(symbolDie('red').faces.map((f) => `${f.symbol} ${f.name}`)).toEqual(['○ miss', '✶ hit', '✶✶ multiple hits']);
    expect(symbolDie('green').faces.find((f) => f.id === 'riposte')).toMatchObject({ symbol: '↩', name: 'riposte (a hit on the attacker)' });
    expect(ANAKIN_DIE.faces.map((f) => `${f.symbol} ${f.name}`)).toEqual(['⚀ 1', '⚁ 2', '⚂ 3', '⚃ 4', '⚄ 5', '⚅ 6']);
    const symbols = DATA.dice.symbols.map((s) => s.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('checked when loaded: a face without a symbol, two faces drawn alike, and a symbol per face of Anakin’s die', () => {
    const file = `${DATA_DIR}/dice.json`;
    const missing = loadError((f) => delete f.dice.symbols[1].symbol);
    expect(missing.message).toContain(file);
    expect(missing.message).toContain('symbols[1] (hit)');
    const alike = loadError((f) => (f.dice.symbols[4].symbol = '□'));
    expect(alike.message).toContain(`${file}: symbols[4] (block).symbol: "□" is already the symbol of "blank"; give each face its own`);
    const long = loadError((f) => (f.dice.symbols[0].symbol = 'a-long-symbol'));
    expect(long.message).toContain('a symbol is at most 8 characters');
    const short = loadError((f) => f.dice.anakin.faceSymbols.pop());
    expect(short.message).toContain(`${file}: anakin.faceSymbols: has 5 symbols for 6 faces; give one per face, in the order of "faces"`);
    const twice = loadError((f) => (f.dice.anakin.faceSymbols[5] = '⚀'));
    expect(twice.message).toContain('anakin.faceSymbols[5]: "⚀" is already the symbol of face 1');
  });

  it('in every roll the game asks the table for, and in the table-dice control', () => {
    const rolls = rollsAsked();
    expect([...rolls.keys()].sort()).toEqual(['anakin-roll', 'attack-roll', 'defense-roll', 'grey-roll']);
    for (const [kind, spec] of rolls) {
      if (spec.kind !== 'roll') throw new Error(kind);
      for (const die of spec.dice)
        for (const face of die.faces) expect(face.symbol !== undefined && face.name !== undefined, `${kind}: ${die.name} ${face.id}`).toBe(true);
      // The control the table page and the pass-and-play screen draw for it (the spec as the page receives it, JSON).
      const form = diceEntry(JSON.parse(JSON.stringify(spec)), () => undefined, kind);
      document.body.replaceChildren(form);
      const text = form.textContent ?? '';
      for (const die of spec.dice) {
        for (const face of die.faces) {
          expect(text).toContain(`${face.symbol} ${face.name} (${face.count} of 6)`);
          const options = [...form.querySelectorAll('option')].map((o) => o.textContent);
          expect(options).toContain(`${face.symbol} ${face.name}`);
        }
      }
      // No face is shown by its id where it has words of its own (multiple-hits, multiple-block).
      expect(text).not.toMatch(/multiple-(hits|block)/);
      expect(form.querySelector('label')?.textContent).toBe(`Die 1: the ${spec.dice[0]?.name}`);
    }
    const grey = rolls.get('grey-roll');
    if (grey?.kind !== 'roll') throw new Error('no grey roll');
    expect(document.body.textContent).toBeDefined();
    const form = diceEntry(JSON.parse(JSON.stringify(grey)), () => undefined, 'grey');
    expect(form.querySelector('.die-faces')?.textContent).toBe(' Its faces: ○ miss (4 of 6), ✶ hit (1 of 6), ✶✶ multiple hits (1 of 6).');
  });
});
