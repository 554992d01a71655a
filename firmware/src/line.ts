// The line being executed: its bytes, split into words, and what the commands read from them.
// protocol.ts fills it byte by byte; the command modules (commands.ts, pack-commands.ts) read it.

import { writeByte, say, endLine, textByte, textLength, listed } from "./serial";
import { LINE, LINE_BYTES, TOKEN_START, TOKEN_START_BYTES, TOKEN_LENGTH, TOKEN_LENGTH_BYTES } from "./generated/ram";

/** Longest line accepted, terminator excluded: the line's buffer (ram.json) but the space tokenize() puts after it. */
export const LINE_MAX: i32 = LINE_BYTES - 1;
/** parseNumber's answer for anything that is not a number. */
export const NO_NUMBER: i32 = -1;
/**
 * parseNumber's value stops growing from this on: no command takes a value this large (the largest
 * any takes is 3600), so a larger number and this one are a bad value alike, and no value wraps.
 */
const NUMBER_CAP: u32 = 100000;

// The line's bytes are LINE; each word's start and length in the line, a byte each, TOKEN_START
// and TOKEN_LENGTH (ram.json).
export let lineLength: i32 = 0;
export let tokenCount: i32 = 0;

/** Appends a byte (the caller checks LINE_MAX). */
export function appendByte(byte: i32): void {
  store<u8>(lineLength, byte, LINE);
  lineLength++;
}

export function clearLine(): void {
  lineLength = 0;
  tokenCount = 0;
}

/** Byte `i` of the line. */
export function lineByte(i: i32): i32 {
  return <i32>load<u8>(i, LINE);
}

/** Splits the line into words separated by spaces (no word yet: clearLine() came before). */
export function tokenize(): void {
  // A line of words one byte apart holds LINE_MAX / 2 + 1 of them.
  if (TOKEN_START_BYTES < LINE_MAX / 2 + 1 || TOKEN_LENGTH_BYTES < LINE_MAX / 2 + 2) ERROR("ram.json: TOKEN_START and TOKEN_LENGTH must hold LINE / 2 + 1 words, TOKEN_LENGTH one more");
  // A space after the line ends its last word.
  store<u8>(lineLength, 32, LINE);
  let start = 0;
  let i = 0;
  do {
    if (lineByte(i) != 32) continue;
    if (i > start) {
      store<u8>(tokenCount, start, TOKEN_START);
      store<u8>(tokenCount, i - start, TOKEN_LENGTH);
      tokenCount++;
    }
    start = i + 1;
  } while (++i <= lineLength);
  // The word after the last is empty: it is no text (a line of one word has no subcommand word).
  store<u8>(tokenCount, 0, TOKEN_LENGTH);
}

export function tokenAt(t: i32): i32 {
  return <i32>load<u8>(t, TOKEN_START);
}

export function tokenSize(t: i32): i32 {
  return <i32>load<u8>(t, TOKEN_LENGTH);
}

/** The first 4 bytes from token `t` as one little-endian number (past its end, the line's next bytes). */
export function tokenLoad(t: i32): i32 {
  return load<i32>(tokenAt(t), LINE);
}

/** Byte `i` of token `t`. */
export function tokenByte(t: i32, i: i32): i32 {
  return lineByte(tokenAt(t) + i);
}

/** Whether token `t` is text `ref` (a TEXT_* reference), in any case. */
export function tokenIs(t: i32, ref: i32): bool {
  return spanIs(tokenAt(t), tokenSize(t), ref);
}

/**
 * Case-insensitive comparison of the line's bytes start .. start+length-1 with text `ref`, a text of
 * letters and digits (a command word, a list entry): with bit 5 set, a letter is lower-case, a digit
 * stays itself, and no other byte of a line (32..126) becomes either.
 */
export function spanIs(start: i32, length: i32, ref: i32): bool {
  if (length != textLength(ref)) return false;
  // A text is 1 character or more.
  let i = 0;
  do {
    if ((lineByte(start + i) | 32) != (textByte(ref, i) | 32)) return false;
  } while (++i < length);
  return true;
}

/**
 * The index of the first of the `count` texts of list `list` (a LIST_* table) that the line's bytes
 * start .. start+length-1 are, in any case; -1 when none is.
 */
export function spanListed(start: i32, length: i32, list: usize, count: i32): i32 {
  let i = 0;
  do {
    if (spanIs(start, length, listed(list, i))) return i;
  } while (++i < count);
  return -1;
}

/** The index of the first text of list `list` that token `t` is, in any case; -1 when none is. */
export function tokenListed(t: i32, list: usize, count: i32): i32 {
  return spanListed(tokenAt(t), tokenSize(t), list, count);
}

/** A decimal number of 1..10 digits (NUMBER_CAP or more from NUMBER_CAP on), or NO_NUMBER. */
export function parseNumber(start: i32, length: i32): i32 {
  if (<u32>(length - 1) >= 10) return NO_NUMBER;
  let value: u32 = 0;
  let i = 0;
  do {
    const digit = lineByte(start + i) - 48;
    if (<u32>digit > 9) return NO_NUMBER;
    if (value < NUMBER_CAP) value = value * 10 + digit;
  } while (++i < length);
  return <i32>value;
}

/** Token `t` as a number, or NO_NUMBER. */
export function tokenNumber(t: i32): i32 {
  return parseNumber(tokenAt(t), tokenSize(t));
}

/** Writes the `length` bytes (1 or more) of the line from `start`. */
export function writeSpan(start: i32, length: i32): void {
  let i = 0;
  do writeByte(lineByte(start + i));
  while (++i < length);
}

/** A word of the line is echoed in an answer up to this many characters. */
const ECHO_MAX: i32 = 16;

/** Text `ref`, then the `length` characters (1 or more) of the line from `start` (at most ECHO_MAX): a whole line. */
export function sayEchoLine(ref: i32, start: i32, length: i32): void {
  say(ref);
  writeSpan(start, min(length, ECHO_MAX));
  endLine();
}
