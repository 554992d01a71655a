// The settings and their record in the non-volatile store (bytes 0..63 of store.ts's layout).
//
// Store layout (little-endian):
//   0..1  magic "IT"        2  format version (1)
//   3..4  duration, s       5  correct          6  need
//   7..8  sleep, s          9  volume           10 CRC-8 (poly 0x07, init 0) of bytes 0..9
// A blank record (0xFF) gives the defaults silently; another magic or version, a bad CRC or
// any field out of range gives the defaults and is reported at power-on (EVT STORE). The
// record is written (one commit) only when a CONFIG command changes a value.

import { nvRead, nvWrite, nvCommit } from "./abi";
import { STORE_GOOD, STORE_BLANK, STORE_CORRUPT, STORE_OTHER_VERSION } from "./store";
import { MAX_CODES } from "./pack";

export const DURATION_DEFAULT: u32 = 720;
export const DURATION_MIN: u32 = 60;
export const DURATION_MAX: u32 = 3600;
export const CORRECT_DEFAULT: u32 = 12;
export const NEED_DEFAULT: u32 = 4;
export const SLEEP_DEFAULT: u32 = 180;
export const SLEEP_MIN: u32 = 30;
export const SLEEP_MAX: u32 = 3600;
export const VOLUME_DEFAULT: u32 = 2;
export const VOLUME_MAX: u32 = 3;

const MAGIC_0: i32 = 0x49; // 'I'
const MAGIC_1: i32 = 0x54; // 'T'
const FORMAT_VERSION: i32 = 1;
const RECORD_LENGTH: i32 = 11;

let durationS: u32 = DURATION_DEFAULT;
let correctCodes: u32 = CORRECT_DEFAULT;
let needCodes: u32 = NEED_DEFAULT;
let sleepS: u32 = SLEEP_DEFAULT;
let volumeLevel: u32 = VOLUME_DEFAULT;

/** The record as read from or written to the store. */
const RECORD: usize = memory.data(RECORD_LENGTH);

export function durationSeconds(): u32 { return durationS; }
export function correctCount(): u32 { return correctCodes; }
export function needCount(): u32 { return needCodes; }
export function sleepSeconds(): u32 { return sleepS; }
export function volume(): u32 { return volumeLevel; }

export function isValidDuration(value: u64): bool {
  return value >= <u64>DURATION_MIN && value <= <u64>DURATION_MAX;
}
export function isValidCorrect(value: u64): bool {
  return value >= 1 && value <= <u64>MAX_CODES;
}
/** `need` is valid from 1 up to the number of correct codes it goes with. */
export function isValidNeed(value: u64, correct: u64): bool {
  return value >= 1 && value <= correct;
}
export function isValidSleep(value: u64): bool {
  return value == 0 || (value >= <u64>SLEEP_MIN && value <= <u64>SLEEP_MAX);
}
export function isValidVolume(value: u64): bool {
  return value <= <u64>VOLUME_MAX;
}

/** Loads the settings from the store, or the defaults when the record is not valid; says which. */
export function loadSettings(): i32 {
  setDefaults();
  let blank = true;
  for (let i = 0; i < RECORD_LENGTH; i++) {
    const byte = <u8>(nvRead(i) & 0xff);
    store<u8>(RECORD + i, byte);
    if (byte != 0xff) blank = false;
  }
  if (blank) return STORE_BLANK;
  if (<i32>load<u8>(RECORD + 0) != MAGIC_0 || <i32>load<u8>(RECORD + 1) != MAGIC_1) return STORE_CORRUPT;
  if (<i32>load<u8>(RECORD + 2) != FORMAT_VERSION) return STORE_OTHER_VERSION;
  if (crc8(RECORD_LENGTH - 1) != load<u8>(RECORD + RECORD_LENGTH - 1)) return STORE_CORRUPT;
  const duration = readU16(3);
  const correct = <u32>load<u8>(RECORD + 5);
  const need = <u32>load<u8>(RECORD + 6);
  const sleepTime = readU16(7);
  const level = <u32>load<u8>(RECORD + 9);
  if (!isValidDuration(duration) || !isValidCorrect(correct) || !isValidNeed(need, correct)) return STORE_CORRUPT;
  if (!isValidSleep(sleepTime) || !isValidVolume(level)) return STORE_CORRUPT;
  durationS = duration;
  correctCodes = correct;
  needCodes = need;
  sleepS = sleepTime;
  volumeLevel = level;
  return STORE_GOOD;
}

/**
 * Takes new settings (already validated) and saves them when any value changed.
 * Returns true when something changed.
 */
export function applySettings(duration: u32, correct: u32, need: u32, sleepTime: u32, level: u32): bool {
  if (duration == durationS && correct == correctCodes && need == needCodes && sleepTime == sleepS && level == volumeLevel) {
    return false;
  }
  durationS = duration;
  correctCodes = correct;
  needCodes = need;
  sleepS = sleepTime;
  volumeLevel = level;
  save();
  return true;
}

function setDefaults(): void {
  durationS = DURATION_DEFAULT;
  correctCodes = CORRECT_DEFAULT;
  needCodes = NEED_DEFAULT;
  sleepS = SLEEP_DEFAULT;
  volumeLevel = VOLUME_DEFAULT;
}

function save(): void {
  store<u8>(RECORD + 0, MAGIC_0);
  store<u8>(RECORD + 1, MAGIC_1);
  store<u8>(RECORD + 2, FORMAT_VERSION);
  writeU16(3, durationS);
  store<u8>(RECORD + 5, correctCodes);
  store<u8>(RECORD + 6, needCodes);
  writeU16(7, sleepS);
  store<u8>(RECORD + 9, volumeLevel);
  store<u8>(RECORD + RECORD_LENGTH - 1, crc8(RECORD_LENGTH - 1));
  for (let i = 0; i < RECORD_LENGTH; i++) nvWrite(i, <i32>load<u8>(RECORD + i));
  nvCommit();
}

function readU16(offset: i32): u32 {
  return <u32>load<u8>(RECORD + offset) | (<u32>load<u8>(RECORD + offset + 1) << 8);
}

function writeU16(offset: i32, value: u32): void {
  store<u8>(RECORD + offset, (value & 0xff));
  store<u8>(RECORD + offset + 1, (value >>> 8));
}

/** CRC-8, polynomial 0x07, initial value 0, over the record's bytes 0 .. length-1. */
function crc8(length: i32): u8 {
  let crc: u32 = 0;
  for (let i = 0; i < length; i++) {
    crc ^= <u32>load<u8>(RECORD + i);
    for (let bit = 0; bit < 8; bit++) {
      crc = (crc & 0x80) != 0 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
  }
  return <u8>crc;
}
