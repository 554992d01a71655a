// Which printed codes are correct this game (drawn by the seeded generator at each new
// game; the rest are decoys), and which of them were already found.
//
// A pack may hold fewer codes than the `correct` setting: a game then has every code of the
// pack correct, and needs at most that many (correctInPlay, needToWin).

import { codeCount, MAX_CODES } from "./pack";
import { correctCount, needCount } from "./settings";
import { randomBelow } from "./rng";
import { ORDER, ORDER_BYTES } from "./generated/ram";

// The codes in shuffled order while the correct ones are drawn, a byte each: ORDER (ram.json).
let correctMask: u32 = 0;
let foundMask: u32 = 0;

/** How many codes are correct in a game: the `correct` setting, at most the pack's codes. */
export function correctInPlay(): i32 {
  return min(<i32>correctCount(), codeCount());
}

/** How many correct codes win a game: the `need` setting, at most the correct ones in play. */
export function needToWin(): i32 {
  return min(<i32>needCount(), correctInPlay());
}

/** Draws correctInPlay() distinct correct codes (a partial Fisher-Yates shuffle) and forgets the found ones. */
export function drawCorrectCodes(): void {
  const codes = codeCount();
  const count = correctInPlay();
  if (ORDER_BYTES < MAX_CODES) ERROR("ram.json: ORDER must hold a byte per code of a pack");
  // A pack holds a code or more, and `correct` is 1 or more.
  let i = 0;
  do store<u8>(i, i, ORDER);
  while (++i < codes);
  correctMask = 0;
  i = 0;
  do {
    const pick = i + <i32>randomBelow(<u32>(codes - i));
    const code = load<u8>(pick, ORDER);
    store<u8>(pick, load<u8>(i, ORDER), ORDER);
    store<u8>(i, code, ORDER);
    correctMask |= (<u32>1) << code;
  } while (++i < count);
  foundMask = 0;
}

/** Forgets the whole game (no correct code, none found). */
export function clearMissions(): void {
  correctMask = 0;
  foundMask = 0;
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
  return foundCodes();
}

export function foundCodes(): i32 {
  return <i32>popcnt(foundMask);
}
