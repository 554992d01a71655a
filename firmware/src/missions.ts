// Which printed codes are correct this game (drawn by the seeded generator at each new
// game; the rest are decoys), and which of them were already found.

import { PRINTED_CODE_COUNT } from "./generated/pack";
import { randomBelow } from "./rng";

const order = new StaticArray<u8>(PRINTED_CODE_COUNT);
let correctMask: u32 = 0;
let foundMask: u32 = 0;
let foundCount: i32 = 0;

/** Draws `count` distinct correct codes (a partial Fisher-Yates shuffle) and forgets the found ones. */
export function drawCorrectCodes(count: i32): void {
  for (let i = 0; i < PRINTED_CODE_COUNT; i++) unchecked((order[i] = <u8>i));
  correctMask = 0;
  for (let i = 0; i < count; i++) {
    const pick = i + <i32>randomBelow(<u32>(PRINTED_CODE_COUNT - i));
    const code = unchecked(order[pick]);
    unchecked((order[pick] = order[i]));
    unchecked((order[i] = code));
    correctMask |= (<u32>1) << code;
  }
  foundMask = 0;
  foundCount = 0;
}

/** Forgets the whole game (no correct code, none found). */
export function clearMissions(): void {
  correctMask = 0;
  foundMask = 0;
  foundCount = 0;
}

export function isCorrect(code: i32): bool {
  return (correctMask & ((<u32>1) << code)) != 0;
}

export function isFound(code: i32): bool {
  return (foundMask & ((<u32>1) << code)) != 0;
}

/** Marks a correct code found; returns how many are found now. */
export function markFound(code: i32): i32 {
  foundMask |= (<u32>1) << code;
  foundCount++;
  return foundCount;
}

export function foundCodes(): i32 {
  return foundCount;
}
