// The line being executed: its bytes, split into words, and what the commands read from them.
// protocol.ts fills it byte by byte; the command modules (protocol.ts, pack-commands.ts) read it.

import { writeByte } from "./serial";

/** Longest line accepted, terminator excluded. */
export const LINE_MAX: i32 = 80;
const MAX_TOKENS: i32 = LINE_MAX / 2 + 1;
/** parseNumber's answer for anything that is not a number. */
export const NO_NUMBER: i64 = -1;

export const line = new StaticArray<u8>(LINE_MAX);
export let lineLength: i32 = 0;

const tokenStart = new StaticArray<i32>(MAX_TOKENS);
const tokenLength = new StaticArray<i32>(MAX_TOKENS);
export let tokenCount: i32 = 0;

/** Appends a byte (the caller checks LINE_MAX). */
export function appendByte(byte: i32): void {
  unchecked((line[lineLength] = <u8>byte));
  lineLength++;
}

export function clearLine(): void {
  lineLength = 0;
  tokenCount = 0;
}

/** Splits the line into words separated by spaces. */
export function tokenize(): void {
  tokenCount = 0;
  let i = 0;
  while (i < lineLength) {
    while (i < lineLength && unchecked(line[i]) == 32) i++;
    if (i >= lineLength) break;
    const start = i;
    while (i < lineLength && unchecked(line[i]) != 32) i++;
    unchecked((tokenStart[tokenCount] = start));
    unchecked((tokenLength[tokenCount] = i - start));
    tokenCount++;
  }
}

export function tokenAt(t: i32): i32 {
  return unchecked(tokenStart[t]);
}

export function tokenSize(t: i32): i32 {
  return unchecked(tokenLength[t]);
}

/** Byte `i` of token `t`. */
export function tokenByte(t: i32, i: i32): i32 {
  return <i32>unchecked(line[unchecked(tokenStart[t]) + i]);
}

export function tokenIs(t: i32, word: string): bool {
  return spanIs(unchecked(tokenStart[t]), unchecked(tokenLength[t]), word);
}

/** Case-insensitive comparison of line[start .. start+length-1] with an ASCII word. */
export function spanIs(start: i32, length: i32, word: string): bool {
  if (length != word.length) return false;
  for (let i = 0; i < length; i++) {
    if (toLower(<i32>unchecked(line[start + i])) != toLower(word.charCodeAt(i))) return false;
  }
  return true;
}

function toLower(byte: i32): i32 {
  return byte >= 65 && byte <= 90 ? byte + 32 : byte;
}

/** A decimal number of 1..10 digits that fits in 32 bits, or NO_NUMBER. */
export function parseNumber(start: i32, length: i32): i64 {
  if (length < 1 || length > 10) return NO_NUMBER;
  let value: i64 = 0;
  for (let i = 0; i < length; i++) {
    const digit = <i32>unchecked(line[start + i]) - 48;
    if (digit < 0 || digit > 9) return NO_NUMBER;
    value = value * 10 + digit;
  }
  return value > 0xffffffff ? NO_NUMBER : value;
}

/** Token `t` as a number, or NO_NUMBER. */
export function tokenNumber(t: i32): i64 {
  return parseNumber(unchecked(tokenStart[t]), unchecked(tokenLength[t]));
}

export function writeToken(t: i32, length: i32): void {
  writeSpan(unchecked(tokenStart[t]), length);
}

export function writeSpan(start: i32, length: i32): void {
  for (let i = 0; i < length; i++) writeByte(<i32>unchecked(line[start + i]));
}
