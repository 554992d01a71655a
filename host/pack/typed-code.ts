// A code as a person types it from a placard: digits 1..4, symbol names or their unambiguous
// beginnings ("circle star sq"), or the symbols themselves. Checked the way the timer checks
// a `PACK CODE` (firmware/PROTOCOL.md, "Packs"): 3 symbols, each a known one, no symbol twice
// in a row, not the code of another placard. Every refusal says what is wrong and what to do.

import { PRINTED_ID } from '../games/rebel-missions/index.ts';

/** The timer's symbols, digit 1 first, with the picture the terminal draws for each. */
export interface SymbolSet {
  readonly names: readonly string[];
  readonly glyph: (name: string) => string;
}

export type CodeCheck =
  | { readonly ok: true; readonly digits: string }
  | { readonly ok: false; readonly reason: 'length' | 'symbol' | 'double' | 'repeat'; readonly message: string };

const CODE_LENGTH = 3;

/** "1 ● circle, 2 ■ square, ..." */
export function symbolKey(symbols: SymbolSet): string {
  return symbols.names.map((name, i) => `${i + 1} ${symbols.glyph(name)} ${name}`).join(', ');
}

/** The digits as pictures: "◆ ● ■". */
export function codeGlyphs(digits: string, symbols: SymbolSet): string {
  return [...digits].map((d) => symbols.glyph(symbols.names[Number(d) - 1] ?? '?')).join(' ');
}

/** The digits as names: "diamond, circle, square". */
export function codeNames(digits: string, symbols: SymbolSet): string {
  return [...digits].map((d) => symbols.names[Number(d) - 1] ?? '?').join(', ');
}

/** The outline pictures of the symbols, digit 1 first, taken as typed symbols too. */
const OUTLINE_GLYPHS = ['○', '□', '◇', '☆'];

/** One typed word into symbol digits, or the reason it is not a symbol. */
function wordDigits(word: string, symbols: SymbolSet): string | { problem: string } {
  const outline = OUTLINE_GLYPHS.indexOf(word);
  if (outline >= 0 && outline < symbols.names.length) return String(outline + 1);
  if (/^[0-9]+$/.test(word)) {
    const bad = [...word].find((d) => Number(d) < 1 || Number(d) > symbols.names.length);
    return bad === undefined ? word : { problem: `"${bad}" is not a symbol's digit` };
  }
  const byGlyph = symbols.names.findIndex((name) => symbols.glyph(name) === word);
  if (byGlyph >= 0) return String(byGlyph + 1);
  const lower = word.toLowerCase();
  const matches = symbols.names.flatMap((name, i) => (name.startsWith(lower) ? [i] : []));
  const exact = symbols.names.indexOf(lower);
  if (exact >= 0) return String(exact + 1);
  if (matches.length === 1) return String((matches[0] ?? 0) + 1);
  if (matches.length > 1) return { problem: `"${word}" could be ${matches.map((i) => symbols.names[i]).join(' or ')}` };
  return { problem: `"${word}" is not a symbol` };
}

/**
 * Checks a typed code against the symbols and the codes already typed (`earlier[k]` is the code
 * of placard k+1, or undefined when that placard is not typed yet or is the one being retyped).
 */
export function checkTypedCode(text: string, symbols: SymbolSet, earlier: readonly (string | undefined)[]): CodeCheck {
  const key = symbolKey(symbols);
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  let digits = '';
  for (const word of words) {
    const got = wordDigits(word, symbols);
    if (typeof got !== 'string') {
      return { ok: false, reason: 'symbol', message: `${got.problem}: type each symbol as its digit or its name (${key})` };
    }
    digits += got;
  }
  if (digits.length !== CODE_LENGTH) {
    const typed = digits.length === 0 ? 'nothing' : `${digits.length} (${codeGlyphs(digits, symbols)})`;
    return {
      ok: false,
      reason: 'length',
      message: `a code is ${CODE_LENGTH} symbols, you typed ${typed}: type the ${CODE_LENGTH} symbols printed on the placard, left to right`,
    };
  }
  const double = /(.)\1/.exec(digits);
  if (double) {
    const name = symbols.names[Number(double[1]) - 1] ?? '?';
    return {
      ok: false,
      reason: 'double',
      message: `${codeGlyphs(digits, symbols)} has ${name} twice in a row, and no printed code does (the timer could not tell a mistake from it): check the placard and type it again`,
    };
  }
  const other = earlier.indexOf(digits);
  if (other >= 0) {
    return {
      ok: false,
      reason: 'repeat',
      message: `${codeGlyphs(digits, symbols)} is already the code of placard ${other + 1}, and no two placards share a code: check both placards (type this one again, or fix placard ${other + 1} at the summary)`,
    };
  }
  return { ok: true, digits };
}

/**
 * What a code typed so far shows, for a terminal to draw at every key: its symbols (`?` for a
 * word that is no symbol, or not yet one), then ✓ once it is a good code, or the reason it cannot
 * become one (a symbol twice in a row, too long, another placard's code).
 */
export function codePreview(text: string, symbols: SymbolSet, earlier: readonly (string | undefined)[]): string {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return '';
  const parts: string[] = [];
  let digits = '';
  let unknown = false;
  for (const word of words) {
    const got = wordDigits(word, symbols);
    if (typeof got === 'string') {
      digits += got;
      parts.push(codeGlyphs(got, symbols));
    } else {
      unknown = true;
      parts.push('?');
    }
  }
  const shown = `[${parts.join(' ')}]`;
  if (unknown) return shown;
  if (/(.)\1/.test(digits)) return `${shown} ✗ twice in a row`;
  if (digits.length > CODE_LENGTH) return `${shown} ✗ more than ${CODE_LENGTH}`;
  if (digits.length < CODE_LENGTH) return shown;
  const other = earlier.indexOf(digits);
  return other >= 0 ? `${shown} ✗ placard ${other + 1}'s` : `${shown} ✓`;
}

export type IdCheck = { readonly ok: true; readonly id: string | null } | { readonly ok: false; readonly message: string };

/** An optional placard id as typed: empty for none; else what the timer takes, and not another placard's. */
export function checkTypedId(text: string, earlier: readonly (string | null | undefined)[]): IdCheck {
  const id = text.trim();
  if (id === '') return { ok: true, id: null };
  if (!PRINTED_ID.test(id)) {
    return { ok: false, message: `"${id}" cannot be a placard id: 1 to 8 letters, digits, - or _ (press Enter for none)` };
  }
  const other = earlier.indexOf(id);
  if (other >= 0)
    return { ok: false, message: `"${id}" is already the id of placard ${other + 1}: type the id printed on this placard, or press Enter for none` };
  return { ok: true, id };
}
