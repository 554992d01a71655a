// Serial output: lines of ASCII written byte by byte with `tx`. Texts come from the one ASCII
// blob (generated/text.ts, by reference), numbers are written in decimal or hex. Nothing is
// allocated.

import { tx } from "./abi";
import { CRC16_INITIAL, CRC16_POLY, crcUpdate } from "./store";
import { TEXT, TEXT_CHARACTERS, TEXT_CHARACTER_BITS, TEXT_LENGTH_BITS, TEXT_OFFSET_BIAS } from "./generated/text";

/** While true, the bytes written go into `sum` instead of out on the line (startSum .. endSum). */
let summing: bool = false;
let sum: u32 = 0;

/** The bytes written from now until endSum() are summed (CRC-16/CCITT-FALSE), not sent. */
export function startSum(): void {
  summing = true;
  sum = CRC16_INITIAL;
}

/** Ends what startSum() began: the sum of the bytes written since; they go out again. */
export function endSum(): u32 {
  summing = false;
  return sum & 0xffff;
}

/** One byte out on the line, or into the sum. */
function out(byte: i32): void {
  if (summing) sum = crcUpdate(sum, byte, CRC16_POLY);
  else tx(byte);
}

/**
 * Character `i` of text `ref`: its code (TEXT_CHARACTER_BITS bits of TEXT) looked up in
 * TEXT_CHARACTERS. A reference's offset is signed, less TEXT_OFFSET_BIAS.
 */
export function textByte(ref: i32, i: i32): i32 {
  // The bit counted from the bias (negative before it), so the byte is an address added, not a load's offset.
  if ((TEXT_OFFSET_BIAS * TEXT_CHARACTER_BITS) % 8 != 0) ERROR("build-tables.ts: TEXT_OFFSET_BIAS characters must fill whole bytes");
  const bit = ((ref >> TEXT_LENGTH_BITS) + i) * TEXT_CHARACTER_BITS;
  const code = (<i32>load<u16>(TEXT + (TEXT_OFFSET_BIAS * TEXT_CHARACTER_BITS) / 8 + (bit >> 3)) >>> (bit & 7)) & ((1 << TEXT_CHARACTER_BITS) - 1);
  return <i32>load<u8>(code, TEXT_CHARACTERS);
}

/** The length of text `ref`. */
export function textLength(ref: i32): i32 {
  return ref & ((1 << TEXT_LENGTH_BITS) - 1);
}

/** Entry `index` of list `list` (a LIST_* table of text references, i16 each). */
export function listed(list: usize, index: i32): i32 {
  return <i32>load<i16>(list + (<usize>index << 1));
}

/** Writes text `ref` (a TEXT_* reference: a text is 1 character or more). */
export function say(ref: i32): void {
  const length = textLength(ref);
  let i = 0;
  do out(textByte(ref, i));
  while (++i < length);
}

export function writeByte(byte: i32): void {
  out(byte);
}

/** Writes text `ref`, then `value` in decimal, no sign, no leading zeros. */
export function sayNumber(ref: i32, value: u32): void {
  say(ref);
  writeDigits(value, 10, 1);
}

/**
 * Writes `value` in base `base` (10 or 16: lower-case hex), at least `digits` digits (leading
 * zeros): the digits before the last first, by recursion (at most 10 calls deep).
 */
function writeDigits(value: u32, base: u32, digits: i32): void {
  if (value >= base || digits > 1) writeDigits(value / base, base, digits - 1);
  const digit = <i32>(value % base);
  out(digit < 10 ? 48 + digit : 87 + digit);
}

/** Ends the line. */
export function endLine(): void {
  out(10);
}

/** Writes text `ref`, then `value` in decimal, and ends the line. */
export function sayNumberLine(ref: i32, value: u32): void {
  sayNumber(ref, value);
  endLine();
}

/** Writes text `ref` as a whole line. */
export function sayLine(ref: i32): void {
  say(ref);
  endLine();
}

/** Writes `value` (below 0x10000) as 4 lower-case hex digits. */
export function writeHex4(value: u32): void {
  writeDigits(value, 16, 4);
}
