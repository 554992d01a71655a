// The non-volatile store's layout (STORE_SIZE bytes, a blank byte reads 0xFF): where each part
// lives, what loading a part can find, and the CRC-16 the pack record and the pack's sum use.
//
//   0..63    the settings record (settings.ts; bytes 11..63 unused)
//   64..333  the loaded pack's record (pack.ts)
//   334..511 unused

import { nvRead, nvWrite, nvCommit } from "./abi";

/** The store's size in bytes (the `nvRead`/`nvWrite` offsets are 0..STORE_SIZE-1). */
export const STORE_SIZE: i32 = 512;
export const SETTINGS_OFFSET: i32 = 0;
export const PACK_OFFSET: i32 = 64;

/** What loading a part of the store found. */
export const STORE_GOOD: i32 = 0;
/** Never written (every byte of the part 0xFF): its defaults, nothing to report. */
export const STORE_BLANK: i32 = 1;
/** Written but unreadable: another magic, a bad checksum or a value out of range. */
export const STORE_CORRUPT: i32 = 2;
/** A record of another format version (written by another firmware). */
export const STORE_OTHER_VERSION: i32 = 3;

/**
 * Reads `length` store bytes from `offset` into memory at `into`; true when every one is blank
 * (0xFF: the part was never written).
 */
export function readStore(offset: i32, into: usize, length: i32): bool {
  // The bytes and'ed together: 0xff when every one is.
  let all = 0xff;
  let i = 0;
  do {
    const byte = nvRead(offset + i) & 0xff;
    store<u8>(into + i, byte);
    all &= byte;
  } while (++i < length);
  return all == 0xff;
}

/** The format version of every record (its byte 2, after the 2 bytes of its magic). */
const FORMAT_VERSION: i32 = 1;

/**
 * Reads the `length`-byte record at store `offset` into memory at `into` and checks its head:
 * STORE_BLANK, STORE_CORRUPT for another magic (bytes 0..1: `magic`, little-endian),
 * STORE_OTHER_VERSION, else STORE_GOOD (the caller checks the rest).
 */
export function readRecord(offset: i32, into: usize, length: i32, magic: i32): i32 {
  if (readStore(offset, into, length)) return STORE_BLANK;
  if (<i32>load<u16>(into) != magic) return STORE_CORRUPT;
  return <i32>load<u8>(into, 2) != FORMAT_VERSION ? STORE_OTHER_VERSION : STORE_GOOD;
}

/** Puts a record's head at `into`: its magic (little-endian) and the format version. */
export function putHead(into: usize, magic: i32): void {
  store<u16>(into, magic);
  store<u8>(into, FORMAT_VERSION, 2);
}

/** Writes `length` bytes of memory at `from` to the store at `offset`, then commits them. */
export function writeStore(offset: i32, from: usize, length: i32): void {
  let i = 0;
  do nvWrite(offset + i, <i32>load<u8>(from + i));
  while (++i < length);
  nvCommit();
}

/**
 * The settings record's CRC-8 (polynomial 0x07, initial value 0), computed as a 16-bit CRC of
 * polynomial 0x0700 whose high byte it is (the low byte stays 0).
 */
export const CRC8_POLY: u32 = 0x0700;
/** The pack record's and the pack sum's CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF. */
export const CRC16_POLY: u32 = 0x1021;
export const CRC16_INITIAL: u32 = 0xffff;

/**
 * One byte (0..255) into a 16-bit CRC of polynomial `poly`, MSB first, no final xor. The bits above
 * the 16 are left as they come (they never reach the 16): the CRC is `crc & 0xffff`.
 */
export function crcUpdate(crc: u32, byte: i32, poly: u32): u32 {
  crc ^= <u32>byte << 8;
  let bit = 0;
  do crc = (crc & 0x8000) != 0 ? (crc << 1) ^ poly : crc << 1;
  while (++bit < 8);
  return crc;
}

/** The 16-bit CRC (crcUpdate's `poly`, starting from `initial`) of `length` bytes of memory at `from`. */
export function crcOf(from: usize, length: i32, poly: u32, initial: u32): u32 {
  let crc = initial;
  let i = 0;
  do crc = crcUpdate(crc, <i32>load<u8>(from + i), poly);
  while (++i < length);
  return crc & 0xffff;
}
