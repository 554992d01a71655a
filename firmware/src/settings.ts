// The settings and their record in the non-volatile store (bytes 0..63 of store.ts's layout).
//
// Store layout (little-endian):
//   0..1  magic "IT"        2  format version (1)
//   3..4  duration, s       5  correct          6  need
//   7..8  sleep, s          9  volume           10 CRC-8 (poly 0x07, init 0) of bytes 0..9
// A blank record (0xFF) gives the defaults silently; another magic or version, a bad CRC or
// any field out of range gives the defaults and is reported at power-on (EVT STORE). The
// record is written (one commit) only when a CONFIG command changes a value.
//
// The settings are numbered in CONFIG's answer order (SETTING_*, the keys of LIST_CONFIG_KEY);
// one table gives each its default, its range and its place in the record.

import { RECORD, RECORD_BYTES, READ, READ_BYTES } from "./generated/ram";
import { SETTINGS_OFFSET, STORE_GOOD, STORE_CORRUPT, CRC8_POLY, crcOf, readRecord, putHead, writeStore } from "./store";

export const SETTING_DURATION: i32 = 0;
export const SETTING_CORRECT: i32 = 1;
export const SETTING_NEED: i32 = 2;
export const SETTING_SLEEP: i32 = 3;
export const SETTING_VOLUME: i32 = 4;
export const SETTING_COUNT: i32 = 5;

/**
 * Per setting, 2 u16: the lowest and the highest value. Its size in the record is 2 bytes when the
 * highest is above 255, else 1 (the fields follow each other from FIRST_FIELD_AT in this order).
 * `need` is checked against `correct` as well (isValidNeed), and `sleep` may be 0 (never) below its
 * lowest value.
 */
const FIELDS: usize = memory.data<u16>([
  60, 3600, // duration, s
  1, 24, // correct
  1, 24, // need
  30, 3600, // sleep, s (or 0)
  0, 3, // volume
]);
const LOWEST: i32 = 0;
const HIGHEST: i32 = 1;
/** Where the first field lies in the record (after its magic and format version). */
const FIRST_FIELD_AT: usize = 3;

/**
 * The settings in use, u32 each: the defaults until a good record is loaded (static memory, as the
 * module starts: `init` runs once in a fresh instance).
 */
const VALUES: usize = memory.data<u32>([720, 12, 4, 180, 2]);

/** "IT", little-endian. */
const MAGIC: i32 = 0x5449;
const RECORD_LENGTH: i32 = 11;

// The record as read from or written to the store is RECORD; the values a record holds while it
// is checked, u32 each, READ (ram.json).

function field(setting: i32, index: i32): u32 {
  return <u32>load<u16>(((setting << 1) + index) << 1, FIELDS);
}

/** The bytes `setting` takes in the record: 2 when its highest value needs them, else 1. */
function fieldSize(setting: i32): i32 {
  return field(setting, HIGHEST) > 255 ? 2 : 1;
}

/** Setting `setting` (a SETTING_*) now. */
export function setting(setting: i32): u32 {
  return load<u32>(setting << 2, VALUES);
}

export function durationSeconds(): u32 { return setting(SETTING_DURATION); }
export function correctCount(): u32 { return setting(SETTING_CORRECT); }
export function needCount(): u32 { return setting(SETTING_NEED); }
export function sleepSeconds(): u32 { return setting(SETTING_SLEEP); }
export function volume(): u32 { return setting(SETTING_VOLUME); }

/** Copies the settings now (SETTING_COUNT u32) to `into`. */
export function copySettings(into: usize): void {
  memory.copy(into, VALUES, SETTING_COUNT * 4);
}

/** Whether `value` is in the range of `setting` (need: 1..24; isValidNeed checks it against correct). */
export function isValidAlone(setting: i32, value: u32): bool {
  if (setting == SETTING_SLEEP && value == 0) return true;
  const lowest = field(setting, LOWEST);
  return value - lowest <= field(setting, HIGHEST) - lowest;
}

/** `need` is valid from 1 up to the number of correct codes it goes with. */
export function isValidNeed(value: u32, correct: u32): bool {
  return value - 1 < correct;
}

/** Loads the settings from the store, or the defaults when the record is not valid; says which. */
export function loadSettings(): i32 {
  if (READ_BYTES < SETTING_COUNT * 4 || RECORD_BYTES < RECORD_LENGTH) ERROR("ram.json: READ must hold a u32 per setting, RECORD the settings record");
  const found = readRecord(SETTINGS_OFFSET, RECORD, RECORD_LENGTH, MAGIC);
  if (found != STORE_GOOD) return found;
  if (crc8() != <u32>load<u8>(RECORD, RECORD_LENGTH - 1)) return STORE_CORRUPT;
  let at = RECORD + FIRST_FIELD_AT;
  let s = 0;
  do {
    const size = fieldSize(s);
    const value = size == 2 ? <u32>load<u16>(at) : <u32>load<u8>(at);
    if (!isValidAlone(s, value)) return STORE_CORRUPT;
    store<u32>(s << 2, value, READ);
    at += size;
  } while (++s < SETTING_COUNT);
  if (!isValidNeed(load<u32>(READ + (SETTING_NEED << 2)), load<u32>(READ + (SETTING_CORRECT << 2)))) return STORE_CORRUPT;
  memory.copy(VALUES, READ, SETTING_COUNT * 4);
  return STORE_GOOD;
}

/**
 * Takes new settings (already validated: SETTING_COUNT u32 at `values`) and saves them when any
 * value changed. Returns true when something changed.
 */
export function applySettings(values: usize): bool {
  let changed = false;
  let s = 0;
  do if (load<u32>(values + (s << 2)) != setting(s)) changed = true;
  while (++s < SETTING_COUNT);
  if (!changed) return false;
  memory.copy(VALUES, values, SETTING_COUNT * 4);
  save();
  return true;
}

function save(): void {
  putHead(RECORD, MAGIC);
  let at = RECORD + FIRST_FIELD_AT;
  let s = 0;
  do {
    // A 1-byte field's value is below 256: the byte after it is 0, the next field's or the CRC's place, written after.
    store<u16>(at, setting(s));
    at += fieldSize(s);
  } while (++s < SETTING_COUNT);
  store<u8>(RECORD, crc8(), RECORD_LENGTH - 1);
  writeStore(SETTINGS_OFFSET, RECORD, RECORD_LENGTH);
}

/** The record's CRC-8 (polynomial 0x07, initial value 0) of its bytes before the CRC. */
function crc8(): u32 {
  return crcOf(RECORD, RECORD_LENGTH - 1, CRC8_POLY, 0) >>> 8;
}
