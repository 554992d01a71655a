// Button debouncing: event-driven integrate and decide, per button.
// Every raw edge restarts that button's window; when the window expires with the raw
// level unchanged since the last edge, the debounced level takes that value. So a
// bounce burst whose edges are closer than the window gives at most one change, and
// the change happens exactly DEBOUNCE_MS after the last edge.

import { arm, TIMER_DEBOUNCE } from "./timers";
import { RAW_LEVEL, RAW_LEVEL_BYTES, STABLE_LEVEL, STABLE_LEVEL_BYTES } from "./generated/ram";

/** The debounce window in ms (a compile-time constant, documented in firmware/README.md). */
export const DEBOUNCE_MS: u32 = 20;
/** Buttons: 0 triangle, 1..4 circle, square, diamond, star. */
export const BUTTON_COUNT: i32 = 5;

export const NO_CHANGE: i32 = -1;
export const RELEASED: i32 = 0;
export const PRESSED: i32 = 1;

// Each button's last raw level and its debounced level, a byte each: RAW_LEVEL and STABLE_LEVEL
// (ram.json), both 0 (open) at power-on as static memory is.

/** A raw contact level now. Returns false when it is no edge (the level did not change). */
export function rawEdge(button: i32, level: i32): bool {
  if (RAW_LEVEL_BYTES < BUTTON_COUNT || STABLE_LEVEL_BYTES < BUTTON_COUNT) ERROR("ram.json: RAW_LEVEL and STABLE_LEVEL must hold a byte per button");
  if (<i32>load<u8>(button, RAW_LEVEL) == level) return false;
  store<u8>(button, level, RAW_LEVEL);
  arm(TIMER_DEBOUNCE + button, DEBOUNCE_MS);
  return true;
}

/** The window of `button` expired: returns PRESSED, RELEASED or NO_CHANGE. */
export function windowExpired(button: i32): i32 {
  const level = load<u8>(button, RAW_LEVEL);
  if (level == load<u8>(button, STABLE_LEVEL)) return NO_CHANGE;
  store<u8>(button, level, STABLE_LEVEL);
  // A level is 0 (RELEASED) or 1 (PRESSED).
  return level;
}

/** Takes `level` as both raw and debounced, with no event (a press that woke the device is consumed). */
export function adoptLevel(button: i32, level: i32): void {
  // In deep sleep no debounce window runs (no timer does).
  store<u8>(button, level, RAW_LEVEL);
  store<u8>(button, level, STABLE_LEVEL);
}

export function isHeld(button: i32): bool {
  return load<u8>(button, STABLE_LEVEL) != 0;
}
