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

import { nvRead, nvWrite, nvCommit } from "./abi";
import { PRINTED_CODE_COUNT, CODE_LENGTH, PRINTED_CODE_SYMBOLS } from "./generated/pack";
import {
  PACK_OFFSET, STORE_GOOD, STORE_BLANK, STORE_CORRUPT, STORE_OTHER_VERSION, CRC16_INITIAL, crc16Update,
} from "./store";

/** The most codes a pack holds (the built-in pack has this many). */
export const MAX_CODES: i32 = 24;
/** The longest placard id. */
export const ID_MAX: i32 = 8;

const MAGIC_0: i32 = 0x50; // 'P'
const MAGIC_1: i32 = 0x4b; // 'K'
const FORMAT_VERSION: i32 = 1;
const CODES_AT: i32 = 4;
const IDS_AT: i32 = CODES_AT + MAX_CODES * CODE_LENGTH;
const CRC_AT: i32 = IDS_AT + MAX_CODES * ID_MAX;
const RECORD_LENGTH: i32 = CRC_AT + 2;

// The pack in play.
/** Its codes' symbols, 3 bytes a code, and its ids, ID_MAX bytes a code. */
const SYMBOLS: usize = memory.data(MAX_CODES * CODE_LENGTH);
const IDS: usize = memory.data(MAX_CODES * ID_MAX);
let count: i32 = 0;
let loaded: bool = false;

// A pack being received (PACK BEGIN .. PACK END).
const INCOMING_SYMBOLS: usize = memory.data(MAX_CODES * CODE_LENGTH);
const INCOMING_IDS: usize = memory.data(MAX_CODES * ID_MAX);
let incomingCount: i32 = 0;
let incomingPresent: u32 = 0;
let receiving: bool = false;

/** The record as read from or written to the store. */
const RECORD: usize = memory.data(RECORD_LENGTH);

export function codeCount(): i32 {
  return count;
}

export function isLoaded(): bool {
  return loaded;
}

/** Symbol `position` (0..2) of code `index` (0-based), 1..4. */
export function codeSymbol(index: i32, position: i32): i32 {
  return <i32>load<u8>(SYMBOLS + index * CODE_LENGTH + position);
}

/** The length of code `index`'s placard id, 0 when it has none. */
export function idLength(index: i32): i32 {
  let length = 0;
  while (length < ID_MAX && load<u8>(IDS + index * ID_MAX + length) != 0) length++;
  return length;
}

export function idByte(index: i32, position: i32): i32 {
  return <i32>load<u8>(IDS + index * ID_MAX + position);
}

/** A code of 3 symbols 1..4 with no symbol twice in a row. */
export function isValidCode(a: i32, b: i32, c: i32): bool {
  return a >= 1 && a <= 4 && b >= 1 && b <= 4 && c >= 1 && c <= 4 && a != b && b != c;
}

/** A byte a placard id may hold: a letter, a digit, '-' or '_'. */
export function isIdByte(byte: i32): bool {
  return (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45 || byte == 95;
}

/**
 * The pack's sum: CRC-16/CCITT-FALSE over its text, one line per code in order, each the
 * code's digits, then a space and its id when it has one, then '\n' (firmware/PROTOCOL.md).
 */
export function packSum(): u32 {
  let crc = CRC16_INITIAL;
  for (let code = 0; code < count; code++) {
    for (let i = 0; i < CODE_LENGTH; i++) crc = crc16Update(crc, 48 + codeSymbol(code, i));
    const length = idLength(code);
    if (length > 0) {
      crc = crc16Update(crc, 32);
      for (let i = 0; i < length; i++) crc = crc16Update(crc, idByte(code, i));
    }
    crc = crc16Update(crc, 10);
  }
  return crc;
}

/** The built-in pack in play. */
function useBuiltin(): void {
  count = PRINTED_CODE_COUNT;
  memory.fill(SYMBOLS, 0, MAX_CODES * CODE_LENGTH);
  memory.copy(SYMBOLS, PRINTED_CODE_SYMBOLS, PRINTED_CODE_COUNT * CODE_LENGTH);
  memory.fill(IDS, 0, MAX_CODES * ID_MAX);
  loaded = false;
}

/** Power-on: the stored pack, or the built-in one; says what the store held (STORE_*). */
export function loadPack(): i32 {
  useBuiltin();
  receiving = false;
  let blank = true;
  for (let i = 0; i < RECORD_LENGTH; i++) {
    const byte = <u8>(nvRead(PACK_OFFSET + i) & 0xff);
    store<u8>(RECORD + i, byte);
    if (byte != 0xff) blank = false;
  }
  if (blank) return STORE_BLANK;
  if (<i32>load<u8>(RECORD + 0) != MAGIC_0 || <i32>load<u8>(RECORD + 1) != MAGIC_1) return STORE_CORRUPT;
  if (<i32>load<u8>(RECORD + 2) != FORMAT_VERSION) return STORE_OTHER_VERSION;
  let crc = CRC16_INITIAL;
  for (let i = 0; i < CRC_AT; i++) crc = crc16Update(crc, <i32>load<u8>(RECORD + i));
  const stored = <u32>load<u8>(RECORD + CRC_AT) | (<u32>load<u8>(RECORD + CRC_AT + 1) << 8);
  if (crc != stored) return STORE_CORRUPT;
  if (!isValidRecord()) return STORE_CORRUPT;
  count = <i32>load<u8>(RECORD + 3);
  memory.copy(SYMBOLS, RECORD + CODES_AT, MAX_CODES * CODE_LENGTH);
  memory.copy(IDS, RECORD + IDS_AT, MAX_CODES * ID_MAX);
  loaded = true;
  return STORE_GOOD;
}

/** The fields of a record whose checksum matched: n, every code, no repeat, the ids, the zeros. */
function isValidRecord(): bool {
  const n = <i32>load<u8>(RECORD + 3);
  if (n < 1 || n > MAX_CODES) return false;
  for (let code = 0; code < MAX_CODES; code++) {
    const at = CODES_AT + code * CODE_LENGTH;
    const a = <i32>load<u8>(RECORD + at);
    const b = <i32>load<u8>(RECORD + at + 1);
    const c = <i32>load<u8>(RECORD + at + 2);
    if (code >= n) {
      if (a != 0 || b != 0 || c != 0) return false;
      continue;
    }
    if (!isValidCode(a, b, c)) return false;
    for (let other = 0; other < code; other++) {
      const o = CODES_AT + other * CODE_LENGTH;
      if (<i32>load<u8>(RECORD + o) == a && <i32>load<u8>(RECORD + o + 1) == b && <i32>load<u8>(RECORD + o + 2) == c) return false;
    }
    let ended = false;
    for (let i = 0; i < ID_MAX; i++) {
      const byte = <i32>load<u8>(RECORD + IDS_AT + code * ID_MAX + i);
      if (byte == 0) ended = true;
      else if (ended || !isIdByte(byte)) return false;
    }
  }
  for (let i = IDS_AT + n * ID_MAX; i < CRC_AT; i++) if (load<u8>(RECORD + i) != 0) return false;
  return true;
}

// ---- receiving a pack ---------------------------------------------------------------------

/** PACK BEGIN n: a new transfer of n codes (an unfinished one is dropped). */
export function beginTransfer(n: i32): void {
  receiving = true;
  incomingCount = n;
  incomingPresent = 0;
  memory.fill(INCOMING_SYMBOLS, 0, MAX_CODES * CODE_LENGTH);
  memory.fill(INCOMING_IDS, 0, MAX_CODES * ID_MAX);
}

export function isReceiving(): bool {
  return receiving;
}

export function transferCount(): i32 {
  return incomingCount;
}

/** Drops a transfer (PACK CANCEL, RESET); nothing is stored. */
export function cancelTransfer(): void {
  receiving = false;
}

/**
 * The index (1-based) of another code of the transfer with the same symbols as code `index`
 * would have, or 0 when there is none.
 */
export function repeatOf(index: i32, a: i32, b: i32, c: i32): i32 {
  for (let other = 0; other < incomingCount; other++) {
    if (other == index || (incomingPresent & ((<u32>1) << other)) == 0) continue;
    const at = other * CODE_LENGTH;
    if (<i32>load<u8>(INCOMING_SYMBOLS + at) == a && <i32>load<u8>(INCOMING_SYMBOLS + at + 1) == b &&
        <i32>load<u8>(INCOMING_SYMBOLS + at + 2) == c) {
      return other + 1;
    }
  }
  return 0;
}

/** Code `index` (0-based) of the transfer, already checked; replaces one sent before. */
export function putCode(index: i32, a: i32, b: i32, c: i32): void {
  const at = index * CODE_LENGTH;
  store<u8>(INCOMING_SYMBOLS + at, a);
  store<u8>(INCOMING_SYMBOLS + at + 1, b);
  store<u8>(INCOMING_SYMBOLS + at + 2, c);
  memory.fill(INCOMING_IDS + index * ID_MAX, 0, ID_MAX);
  incomingPresent |= (<u32>1) << index;
}

/** Byte `position` of code `index`'s id in the transfer (after putCode; already checked). */
export function putIdByte(index: i32, position: i32, byte: i32): void {
  store<u8>(INCOMING_IDS + index * ID_MAX + position, byte);
}

/**
 * PACK END: the first code of the transfer that is missing (1-based), or 0 when every one is
 * there; then the new pack is in play and stored (one commit). The transfer ends either way.
 */
export function endTransfer(): i32 {
  receiving = false;
  for (let code = 0; code < incomingCount; code++) {
    if ((incomingPresent & ((<u32>1) << code)) == 0) return code + 1;
  }
  count = incomingCount;
  memory.copy(SYMBOLS, INCOMING_SYMBOLS, MAX_CODES * CODE_LENGTH);
  memory.copy(IDS, INCOMING_IDS, MAX_CODES * ID_MAX);
  loaded = true;
  saveRecord();
  return 0;
}

/** PACK BUILTIN (never while a transfer is open): back to the built-in pack; the stored record is blanked (only if there was one). */
export function returnToBuiltin(): void {
  let blank = true;
  for (let i = 0; i < RECORD_LENGTH; i++) if ((nvRead(PACK_OFFSET + i) & 0xff) != 0xff) blank = false;
  useBuiltin();
  if (blank) return;
  for (let i = 0; i < RECORD_LENGTH; i++) nvWrite(PACK_OFFSET + i, 0xff);
  nvCommit();
}

function saveRecord(): void {
  store<u8>(RECORD + 0, MAGIC_0);
  store<u8>(RECORD + 1, MAGIC_1);
  store<u8>(RECORD + 2, FORMAT_VERSION);
  store<u8>(RECORD + 3, count);
  memory.copy(RECORD + CODES_AT, SYMBOLS, MAX_CODES * CODE_LENGTH);
  memory.copy(RECORD + IDS_AT, IDS, MAX_CODES * ID_MAX);
  let crc = CRC16_INITIAL;
  for (let i = 0; i < CRC_AT; i++) crc = crc16Update(crc, <i32>load<u8>(RECORD + i));
  store<u8>(RECORD + CRC_AT, (crc & 0xff));
  store<u8>(RECORD + CRC_AT + 1, (crc >>> 8));
  for (let i = 0; i < RECORD_LENGTH; i++) nvWrite(PACK_OFFSET + i, <i32>load<u8>(RECORD + i));
  nvCommit();
}
