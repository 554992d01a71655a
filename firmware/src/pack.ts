// The mission pack the timer plays: its printed codes (3 symbols each) and, for a loaded pack,
// the placard id of each. The built-in pack comes from firmware/pack/rebel-missions.json; a pack
// loaded over the serial line (PACK BEGIN / CODE / END, pack-commands.ts) is kept in the store.
//
// Pack record (store bytes PACK_OFFSET.., little-endian):
//   0..1    magic "PK"        2  format version (1)        3  n, the number of codes (1..24)
//   4..75   24 codes x 3 symbols (1..4); the slots past n are 0
//   76..267 24 ids x 8 bytes (ASCII [A-Za-z0-9_-], then 0 to the end; all 0 = no id)
//   268..269 CRC-16/CCITT-FALSE of bytes 0..267
// A blank record (every byte 0xFF) means the built-in pack; anything else that is not a valid
// record gives the built-in pack and is reported at power-on (EVT STORE part=pack).
//
// The pack in play and a pack being received are both kept in the record's layout (PLAY,
// INCOMING), so storing one, taking it into play and checking a record read from the store are
// each one copy or one loop over the same bytes. A code slot of all zeros is a code not (yet)
// there: no valid code has a 0 symbol.

import { PRINTED_CODE_COUNT, CODE_LENGTH, PRINTED_CODE_SYMBOLS } from "./generated/pack";
import { PLAY, PLAY_BYTES, INCOMING, INCOMING_BYTES } from "./generated/ram";
import { TEXT_SPACE } from "./generated/text";
import { say, writeByte, endLine, startSum, endSum } from "./serial";
import {
  PACK_OFFSET, STORE_GOOD, STORE_CORRUPT, CRC16_POLY, CRC16_INITIAL, crcOf, readStore, readRecord, putHead, writeStore,
} from "./store";

/** The most codes a pack holds (the built-in pack has this many). */
export const MAX_CODES: i32 = 24;
/** The longest placard id. */
export const ID_MAX: i32 = 8;

/** "PK", little-endian. */
const MAGIC: i32 = 0x4b50;
const COUNT_AT: i32 = 3;
const CODES_AT: i32 = 4;
const IDS_AT: i32 = CODES_AT + MAX_CODES * CODE_LENGTH;
const CRC_AT: i32 = IDS_AT + MAX_CODES * ID_MAX;
const RECORD_LENGTH: i32 = CRC_AT + 2;

/** codeFault's answers: a symbol outside 1..4, a symbol twice in a row. */
export const FAULT_SYMBOL: i32 = 1;
export const FAULT_DOUBLE: i32 = 2;

// The pack in play, in the record's layout: PLAY (ram.json). A loaded pack has its record's head
// (the magic), the built-in one zeros there.

// A pack being received (PACK BEGIN .. PACK END), in the record's layout; also the record as read
// from or written to the store: INCOMING (ram.json).
let receiving: bool = false;

export function codeCount(): i32 {
  return <i32>load<u8>(PLAY, COUNT_AT);
}

export function isLoaded(): bool {
  return load<u16>(PLAY) != 0;
}

/** Symbol `position` (0..2) of code `index` (0-based), 1..4. */
export function codeSymbol(index: i32, position: i32): i32 {
  return <i32>load<u8>(index * CODE_LENGTH + position, PLAY + CODES_AT);
}

/** The length of code `index`'s placard id, 0 when it has none. */
export function idLength(index: i32): i32 {
  return idLengthAt(PLAY + IDS_AT + index * ID_MAX);
}

/** The length of the id whose ID_MAX bytes start at `id`: its bytes before the first 0. */
function idLengthAt(id: usize): i32 {
  let length = 0;
  while (length < ID_MAX && load<u8>(id + length) != 0) length++;
  return length;
}

export function idByte(index: i32, position: i32): i32 {
  return <i32>load<u8>(index * ID_MAX + position, PLAY + IDS_AT);
}

/**
 * Why `symbols` (3 symbols as one little-endian number of 24 bits, a byte each: a code's bytes in
 * the record) cannot be a code (FAULT_SYMBOL, FAULT_DOUBLE), or 0 when they can.
 */
export function codeFault(symbols: i32): i32 {
  // Each byte less 1 is 0..3 when every symbol is 1..4. A byte outside (the lowest such: no borrow
  // reaches it) keeps a bit of 0xfc: a borrow it makes only changes the bytes above it.
  if (((symbols - 0x010101) & 0xfcfcfc) != 0) return FAULT_SYMBOL;
  // The same byte twice in a row: a byte of 0 in the symbols xor themselves one byte on.
  const pairs = symbols ^ (symbols >>> 8);
  return (pairs & 0xff) == 0 || (pairs & 0xff00) == 0 ? FAULT_DOUBLE : 0;
}

/** A byte a placard id may hold: a letter, a digit, '-' or '_'. */
export function isIdByte(byte: i32): bool {
  const letter = byte | 32;
  return <u32>(byte - 48) <= 9 || <u32>(letter - 97) <= 25 || byte == 45 || byte == 95;
}

/**
 * The first (0-based) of the n codes (its count, 1 or more) of the record at `record` but code `skip`
 * whose symbols, the `mask` of its 3 bytes read as one little-endian number, are `symbols`; -1 when
 * none is.
 */
export function findCode(record: usize, symbols: i32, mask: i32, skip: i32): i32 {
  const n = <i32>load<u8>(record, COUNT_AT);
  let code = 0;
  do {
    // The byte after a code's 3 is always masked off.
    if (code != skip && (load<i32>(record + code * CODE_LENGTH, CODES_AT) & mask) == symbols) return code;
  } while (++code < n);
  return -1;
}

/** A code's 3 bytes as one number (codeFault's `symbols`): the `mask` of findCode for a whole code. */
export const CODE_MASK: i32 = 0xffffff;

/**
 * The index (1-based) of the first code of the transfer (INCOMING) but code `index` whose symbols are
 * `symbols` (codeFault's), or 0 when there is none.
 */
export function repeatOf(index: i32, symbols: i32): i32 {
  return findCode(INCOMING, symbols, CODE_MASK, index) + 1;
}

/**
 * The pack's sum: CRC-16/CCITT-FALSE over its text, one line per code in order, each the
 * code's digits, then a space and its id when it has one, then '\n' (firmware/PROTOCOL.md).
 */
export function packSum(): u32 {
  startSum();
  const count = codeCount();
  let code = 0;
  do writeCode(code, TEXT_SPACE);
  while (++code < count);
  return endSum();
}

/**
 * Writes code `index`: its digits, then text `idPrefix` and its id when it has one, then ends the
 * line (the pack's text for its sum, the end of a CODES line).
 */
export function writeCode(index: i32, idPrefix: i32): void {
  let i = 0;
  do writeByte(48 + codeSymbol(index, i));
  while (++i < CODE_LENGTH);
  const length = idLength(index);
  if (length > 0) {
    say(idPrefix);
    i = 0;
    do writeByte(idByte(index, i));
    while (++i < length);
  }
  endLine();
}

/** The CRC-16 of a record's bytes before its CRC. */
function recordCrc(record: usize): u32 {
  return crcOf(record, CRC_AT, CRC16_POLY, CRC16_INITIAL);
}

/** The built-in pack in play. */
function useBuiltin(): void {
  memory.fill(PLAY, 0, RECORD_LENGTH);
  store<u8>(PLAY, PRINTED_CODE_COUNT, COUNT_AT);
  let k = 0;
  do store<u8>(k, 1 + ((<i32>load<u8>(k >>> 2, PRINTED_CODE_SYMBOLS) >>> ((k & 3) << 1)) & 3), PLAY + CODES_AT);
  while (++k < PRINTED_CODE_COUNT * CODE_LENGTH);
}

/** Power-on: the stored pack, or the built-in one; says what the store held (STORE_*). */
export function loadPack(): i32 {
  useBuiltin();
  const found = readRecord(PACK_OFFSET, INCOMING, RECORD_LENGTH, MAGIC);
  if (found != STORE_GOOD) return found;
  if (recordCrc(INCOMING) != <u32>load<u16>(INCOMING, CRC_AT) || !isValidRecord()) return STORE_CORRUPT;
  takeIncoming();
  return STORE_GOOD;
}

/** The fields of the record in INCOMING: n, every code, no repeat, the ids, the zeros past n. */
function isValidRecord(): bool {
  const n = <i32>load<u8>(INCOMING, COUNT_AT);
  if (<u32>(n - 1) >= <u32>MAX_CODES) return false;
  let code = 0;
  do {
    const symbols = load<i32>(code * CODE_LENGTH, INCOMING + CODES_AT) & CODE_MASK;
    const id = INCOMING + IDS_AT + code * ID_MAX;
    const length = idLengthAt(id);
    if (code >= n) {
      if ((symbols | length) != 0) return false;
    } else if (codeFault(symbols) != 0 || repeatOf(code, symbols) != 0) {
      return false;
    }
    let i = 0;
    do {
      const byte = <i32>load<u8>(id + i);
      if (i < length ? !isIdByte(byte) : byte != 0) return false;
    } while (++i < ID_MAX);
  } while (++code < MAX_CODES);
  return true;
}

/** The pack in INCOMING in play. */
function takeIncoming(): void {
  memory.copy(PLAY, INCOMING, RECORD_LENGTH);
}

// ---- receiving a pack ---------------------------------------------------------------------

/** PACK BEGIN n: a new transfer of n codes (an unfinished one is dropped). */
export function beginTransfer(n: i32): void {
  if (PLAY_BYTES < RECORD_LENGTH || INCOMING_BYTES < RECORD_LENGTH) ERROR("ram.json: PLAY and INCOMING must hold a pack record");
  receiving = true;
  memory.fill(INCOMING, 0, RECORD_LENGTH);
  store<u8>(INCOMING, n, COUNT_AT);
}

export function isReceiving(): bool {
  return receiving;
}

export function transferCount(): i32 {
  return <i32>load<u8>(INCOMING, COUNT_AT);
}

/** Drops a transfer (PACK CANCEL, RESET); nothing is stored. */
export function cancelTransfer(): void {
  receiving = false;
}

/** Code `index` (0-based) of the transfer, `symbols` (codeFault's), already checked; replaces one sent before. */
export function putCode(index: i32, symbols: i32): void {
  const at = index * CODE_LENGTH;
  store<u16>(at, symbols, INCOMING + CODES_AT);
  store<u8>(at, symbols >>> 16, INCOMING + CODES_AT + 2);
  memory.fill(INCOMING + IDS_AT + index * ID_MAX, 0, ID_MAX);
}

/** Byte `position` of code `index`'s id in the transfer (after putCode; already checked). */
export function putIdByte(index: i32, position: i32, byte: i32): void {
  store<u8>(index * ID_MAX + position, byte, INCOMING + IDS_AT);
}

/**
 * PACK END: the first code of the transfer that is missing (1-based), or 0 when every one is
 * there; then the new pack is in play and stored (one commit). The transfer ends either way.
 */
export function endTransfer(): i32 {
  receiving = false;
  // A code not sent is all zeros: its first byte is 0.
  const missing = findCode(INCOMING, 0, 0xff, -1) + 1;
  if (missing > 0) return missing;
  putHead(INCOMING, MAGIC);
  store<u16>(INCOMING, recordCrc(INCOMING), CRC_AT);
  writeStore(PACK_OFFSET, INCOMING, RECORD_LENGTH);
  takeIncoming();
  return 0;
}

/** PACK BUILTIN (never while a transfer is open): back to the built-in pack; the stored record is blanked (only if there was one). */
export function returnToBuiltin(): void {
  useBuiltin();
  if (readStore(PACK_OFFSET, INCOMING, RECORD_LENGTH)) return;
  memory.fill(INCOMING, 0xff, RECORD_LENGTH);
  writeStore(PACK_OFFSET, INCOMING, RECORD_LENGTH);
}
