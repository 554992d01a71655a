// The lights: the 10-segment sand-timer bar (bits 0..9, bit 0 goes out last) with its
// current segment blinking, and the four found-code lights (bits 10..13).
// The current (highest lit) segment flashes BLINK_ON_MS out of every BLINK_PERIOD_MS
// while the countdown runs; it is steady when the countdown is frozen.

import { leds } from "./abi";
import { now } from "./clock";
import { arm, disarm, TIMER_BLINK } from "./timers";

export const BAR_SEGMENTS: i32 = 10;
export const FOUND_LIGHTS: i32 = 4;
export const BLINK_ON_MS: u32 = 150;
export const BLINK_PERIOD_MS: u32 = 1000;

let barLit: i32 = 0;
let foundLit: i32 = 0;
let blinking: bool = false;
let blinkOn: bool = true;
let outputsOn: bool = true;
let shownMask: i32 = 0;

/** Lights the lowest `count` bar segments. */
export function setBar(count: i32): void {
  barLit = count;
  refresh();
}

/** Lights min(count, 4) found-code lights. */
export function setFoundLights(count: i32): void {
  foundLit = count < FOUND_LIGHTS ? count : FOUND_LIGHTS;
  refresh();
}

/** The current segment starts blinking (on first). */
export function startBlink(): void {
  blinking = true;
  blinkOn = true;
  arm(TIMER_BLINK, now() + BLINK_ON_MS);
  refresh();
}

/** The bar stands still, every lit segment steady. */
export function stopBlink(): void {
  blinking = false;
  blinkOn = true;
  disarm(TIMER_BLINK);
  refresh();
}

/** The blink timer expired: the next on/off edge. */
export function blinkEdge(): void {
  blinkOn = !blinkOn;
  arm(TIMER_BLINK, now() + (blinkOn ? BLINK_ON_MS : BLINK_PERIOD_MS - BLINK_ON_MS));
  refresh();
}

/** Every light off, no blinking. */
export function clearLights(): void {
  barLit = 0;
  foundLit = 0;
  stopBlink();
}

/** Deep sleep: every output off (the lights' state is kept for the wake-up). */
export function outputsOff(): void {
  outputsOn = false;
  refresh();
}

export function outputsBack(): void {
  outputsOn = true;
  refresh();
}

export function ledMask(): i32 {
  return shownMask;
}

function refresh(): void {
  let mask: i32 = 0;
  if (outputsOn) {
    mask = (1 << barLit) - 1;
    if (blinking && !blinkOn && barLit > 0) mask &= ~(1 << (barLit - 1));
    mask |= ((1 << foundLit) - 1) << BAR_SEGMENTS;
  }
  if (mask != shownMask) {
    shownMask = mask;
    leds(mask);
  }
}
