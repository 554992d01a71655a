// The EVT lines the device sends (protocol v1, names exact).

import { write, writeNumber, endLine } from "./serial";

export const BUZZ_DECOY: i32 = 0;
export const BUZZ_USED: i32 = 1;
export const BUZZ_MISTAKE: i32 = 2;
export const BUZZ_IDLE: i32 = 3;

/** The wire name of button `index` (0 triangle, 1..4 the symbols). */
export function buttonName(index: i32): string {
  switch (index) {
    case 0: return "triangle";
    case 1: return "circle";
    case 2: return "square";
    case 3: return "diamond";
    default: return "star";
  }
}

export function evtPowerOn(): void {
  write("EVT POWER on");
  endLine();
}

export function evtKey(button: i32): void {
  write("EVT KEY ");
  write(buttonName(button));
  endLine();
}

export function evtStart(leftMs: u32): void {
  write("EVT START left=");
  writeNumber(leftMs);
  endLine();
}

export function evtChime(found: i32): void {
  write("EVT CHIME found=");
  writeNumber(<u32>found);
  endLine();
}

export function evtBuzz(reason: i32): void {
  write("EVT BUZZ reason=");
  switch (reason) {
    case BUZZ_DECOY: write("decoy"); break;
    case BUZZ_USED: write("used"); break;
    case BUZZ_MISTAKE: write("mistake"); break;
    default: write("idle");
  }
  endLine();
}

export function evtFanfare(): void {
  write("EVT FANFARE");
  endLine();
}

export function evtTime(leftMs: u32): void {
  write("EVT TIME left=");
  writeNumber(leftMs);
  endLine();
}

export function evtWarn(leftMs: u32): void {
  write("EVT WARN left=");
  writeNumber(leftMs);
  endLine();
}

export function evtTimeout(): void {
  write("EVT TIMEOUT");
  endLine();
}

export function evtPause(): void {
  write("EVT PAUSE");
  endLine();
}

export function evtResume(): void {
  write("EVT RESUME");
  endLine();
}

export function evtSleep(): void {
  write("EVT SLEEP");
  endLine();
}

export function evtWake(): void {
  write("EVT WAKE");
  endLine();
}

export function evtLowBattery(millivolts: i32): void {
  write("EVT LOWBAT mv=");
  writeNumber(<u32>millivolts);
  endLine();
}

/** The parts of the store an EVT STORE names. */
export const STORE_PART_SETTINGS: i32 = 0;
export const STORE_PART_PACK: i32 = 1;
/** Why a part of the store was not used. */
export const STORE_REASON_CORRUPT: i32 = 0;
export const STORE_REASON_VERSION: i32 = 1;

/** A part of the store could not be used (its defaults are used instead). */
export function evtStore(part: i32, reason: i32): void {
  write("EVT STORE part=");
  write(part == STORE_PART_SETTINGS ? "settings" : "pack");
  write(" reason=");
  write(reason == STORE_REASON_CORRUPT ? "corrupt" : "version");
  endLine();
}
