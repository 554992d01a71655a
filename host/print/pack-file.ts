// `print rebel-missions --pack F`: the placards and codes of a pack file of one's own, in the
// format of `firmware/pack/rebel-missions.json`, checked by the same reader as the game's
// (with every error naming F and the entry), and then for what a printed kit needs besides:
// symbols the kit can draw (the timer's buttons), codes that can be entered (no symbol twice in
// a row: pressing a symbol again clears the entry), and no more codes than the timer holds.

import { readFileSync } from 'node:fs';
import diceJson from '../games/rebel-missions/data/dice.json' with { type: 'json' };
import profilesJson from '../games/rebel-missions/data/profiles.json' with { type: 'json' };
import rulesJson from '../games/rebel-missions/data/rules.json' with { type: 'json' };
import tokensJson from '../games/rebel-missions/data/tokens.json' with { type: 'json' };
import { DataError } from '../engine/data.ts';
import { buildComponents, type Components } from '../games/rebel-missions/index.ts';
import { DRAWN_SYMBOLS } from './icons.ts';

/** The most codes a timer holds (protocol: a pack of up to 24 codes). */
export const MAX_PACK_CODES = 24;

/** The game's components with the placards, symbols and resources of the pack file at `path`; throws DataError naming `path`, the entry and the problem. */
export function readPackFile(path: string): Components {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataError(path, '', code === 'ENOENT' ? 'there is no such file' : `cannot be read (${code ?? (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new DataError(path, '', `is not valid JSON (${(error as Error).message})`);
  }
  let components: Components;
  try {
    components = buildComponents({ pack: value, tokens: tokensJson, profiles: profilesJson, dice: diceJson, rules: rulesJson });
  } catch (error) {
    if (error instanceof DataError && error.file === 'firmware/pack/rebel-missions.json') throw new DataError(path, error.entry, error.problem);
    throw error;
  }
  components.symbols.forEach((symbol, i) => {
    if (!(DRAWN_SYMBOLS as readonly string[]).includes(symbol)) {
      throw new DataError(path, `symbols[${i}]`, `"${symbol}" is not one of the timer's buttons (${DRAWN_SYMBOLS.join(', ')})`);
    }
  });
  const coded = components.placards.filter((p) => p.code !== null);
  if (coded.length > MAX_PACK_CODES) throw new DataError(path, 'placards', `${coded.length} placards have codes; a timer holds at most ${MAX_PACK_CODES}`);
  components.placards.forEach((placard, i) => {
    const code = placard.code;
    if (code === null) return;
    const twice = [...code].findIndex((digit, k) => k > 0 && digit === code[k - 1]);
    if (twice > 0) {
      throw new DataError(
        path,
        `placards[${i}] (${placard.id}).code`,
        `"${code}" has the ${placard.codeSymbols[twice]} twice in a row, which cannot be entered on the timer (pressing a symbol again clears the entry)`,
      );
    }
  });
  return components;
}
