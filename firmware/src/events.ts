// The EVT lines the device sends (protocol v1, names exact). The event texts (text.json's EVT_ entries) are
// what follows `EVT ` in each line.

import { say, sayLine, sayNumberLine, endLine, listed } from "./serial";
import {
  TEXT_EVT, TEXT_EVT_POWER_ON, TEXT_EVT_KEY, TEXT_EVT_START_LEFT, TEXT_EVT_CHIME_FOUND, TEXT_EVT_BUZZ_REASON,
  TEXT_EVT_FANFARE, TEXT_EVT_TIME_LEFT, TEXT_EVT_WARN_LEFT, TEXT_EVT_TIMEOUT, TEXT_EVT_PAUSE, TEXT_EVT_RESUME,
  TEXT_EVT_SLEEP, TEXT_EVT_WAKE, TEXT_EVT_LOWBAT_MV, TEXT_EVT_STORE_PART, TEXT_REASON_KEY,
  LIST_BUTTON, LIST_BUZZ_REASON, LIST_STORE_PART, LIST_STORE_REASON,
} from "./generated/text";

// The reasons of EVT BUZZ, in the order of LIST_BUZZ_REASON.
export const BUZZ_DECOY: i32 = 0;
export const BUZZ_USED: i32 = 1;
export const BUZZ_MISTAKE: i32 = 2;
export const BUZZ_IDLE: i32 = 3;

/** `EVT ` and text `ref`; the caller ends the line. */
function evt(ref: i32): void {
  say(TEXT_EVT);
  say(ref);
}

/** `EVT ` and text `ref` as a whole line. */
function evtLine(ref: i32): void {
  evt(ref);
  endLine();
}

/** `EVT `, text `ref`, then `value` in decimal: the whole line. */
function evtNumber(ref: i32, value: u32): void {
  say(TEXT_EVT);
  sayNumberLine(ref, value);
}

/** The wire name of button `index` (0 triangle, 1..4 the symbols): a text reference. */
export function buttonName(index: i32): i32 {
  return listed(LIST_BUTTON, index);
}

export function evtPowerOn(): void {
  evtLine(TEXT_EVT_POWER_ON);
}

export function evtKey(button: i32): void {
  evt(TEXT_EVT_KEY);
  sayLine(buttonName(button));
}

export function evtStart(leftMs: u32): void {
  evtNumber(TEXT_EVT_START_LEFT, leftMs);
}

export function evtChime(found: i32): void {
  evtNumber(TEXT_EVT_CHIME_FOUND, <u32>found);
}

export function evtBuzz(reason: i32): void {
  evt(TEXT_EVT_BUZZ_REASON);
  sayLine(listed(LIST_BUZZ_REASON, reason));
}

export function evtFanfare(): void {
  evtLine(TEXT_EVT_FANFARE);
}

export function evtTime(leftMs: u32): void {
  evtNumber(TEXT_EVT_TIME_LEFT, leftMs);
}

export function evtWarn(leftMs: u32): void {
  evtNumber(TEXT_EVT_WARN_LEFT, leftMs);
}

export function evtTimeout(): void {
  evtLine(TEXT_EVT_TIMEOUT);
}

export function evtPause(): void {
  evtLine(TEXT_EVT_PAUSE);
}

export function evtResume(): void {
  evtLine(TEXT_EVT_RESUME);
}

export function evtSleep(): void {
  evtLine(TEXT_EVT_SLEEP);
}

export function evtWake(): void {
  evtLine(TEXT_EVT_WAKE);
}

export function evtLowBattery(millivolts: i32): void {
  evtNumber(TEXT_EVT_LOWBAT_MV, <u32>millivolts);
}

/** The parts of the store an EVT STORE names, in the order of LIST_STORE_PART. */
export const STORE_PART_SETTINGS: i32 = 0;
export const STORE_PART_PACK: i32 = 1;
/** Why a part of the store was not used, in the order of LIST_STORE_REASON. */
export const STORE_REASON_CORRUPT: i32 = 0;
export const STORE_REASON_VERSION: i32 = 1;

/** A part of the store could not be used (its defaults are used instead). */
export function evtStore(part: i32, reason: i32): void {
  evt(TEXT_EVT_STORE_PART);
  say(listed(LIST_STORE_PART, part));
  say(TEXT_REASON_KEY);
  sayLine(listed(LIST_STORE_REASON, reason));
}
