// Code entry and checking against the printed codes of the mission pack in play (pack.ts).

import { CODE_LENGTH } from "./generated/pack";
import { findCode } from "./pack";
import { PLAY } from "./generated/ram";
import { ENTERED, ENTERED_BYTES } from "./generated/ram";

/** The entry so far is the beginning of a printed code. */
export const ENTRY_PARTIAL: i32 = -1;
/** The entry begins no printed code: it was cleared. */
export const ENTRY_MISTAKE: i32 = -2;
// A complete code returns its printed-code index (0..n-1) and clears the entry.

// The symbols entered so far, a byte each: ENTERED (ram.json).
let length: i32 = 0;

export function clearEntry(): void {
  length = 0;
}

export function entryLength(): i32 {
  return length;
}

/** Symbol `i` (0-based) of the entry, 1..4, or 0 outside it. */
export function entrySymbol(i: i32): i32 {
  return <u32>i < <u32>length ? <i32>load<u8>(i, ENTERED) : 0;
}

/** Appends symbol 1..4. Returns ENTRY_PARTIAL, ENTRY_MISTAKE or the complete code's index. */
export function appendSymbol(symbol: i32): i32 {
  if (ENTERED_BYTES < CODE_LENGTH) ERROR("ram.json: ENTERED must hold a code's symbols");
  store<u8>(length, symbol, ENTERED);
  length++;
  const code = firstCodeStartingWithEntry();
  if (code < 0) {
    length = 0;
    return ENTRY_MISTAKE;
  }
  if (length < CODE_LENGTH) return ENTRY_PARTIAL;
  length = 0;
  return code;
}

function firstCodeStartingWithEntry(): i32 {
  // The entry's symbols (1..3 of them) as one little-endian number, the bytes after them masked off.
  const mask = (1 << (length << 3)) - 1;
  return findCode(PLAY, load<i32>(ENTERED) & mask, mask, -1);
}
