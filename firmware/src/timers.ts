// One-shot timers, each a due instant. The firmware is tickless: the earliest armed
// timer is what `nextWake` reports, and the host calls back at that instant.

import { now, msUntil } from "./clock";
import { DUE_AT, DUE_AT_BYTES } from "./generated/ram";

/** Debounce window of button i is timer TIMER_DEBOUNCE + i (i = 0..4). */
export const TIMER_DEBOUNCE: i32 = 0;
/** The triangle's long-press mark (pause). */
export const TIMER_LONG_PRESS: i32 = 5;
/** The end of the sound note now playing. */
export const TIMER_SOUND_NOTE: i32 = 6;
/** The next on/off edge of the blinking bar segment. */
export const TIMER_BLINK: i32 = 7;
/** The next countdown instant: a segment out, a TIME report, a WARN, a tick or the end. */
export const TIMER_COUNTDOWN: i32 = 8;
/** An unfinished code entry is abandoned. */
export const TIMER_ENTRY_IDLE: i32 = 9;
/** Deep sleep after the idle time. */
export const TIMER_DEEP_SLEEP: i32 = 10;
/** The next frame of the light pattern now shown. */
export const TIMER_LIGHTS: i32 = 11;
export const TIMER_COUNT: i32 = 12;

// Each timer's due instant, u32 each: DUE_AT (ram.json).
let armedMask: u32 = 0;

/** Timer `id` falls due `ms` after now(). */
export function arm(id: i32, ms: u32): void {
  if (DUE_AT_BYTES < TIMER_COUNT * 4) ERROR("ram.json: DUE_AT must hold a u32 per timer");
  store<u32>(id << 2, now() + ms, DUE_AT);
  armedMask |= (<u32>1) << id;
}

export function disarm(id: i32): void {
  armedMask &= ~((<u32>1) << id);
}

export function disarmAll(): void {
  armedMask = 0;
}

export function isArmed(id: i32): bool {
  return (armedMask & ((<u32>1) << id)) != 0;
}

export function dueTime(id: i32): u32 {
  return load<u32>(id << 2, DUE_AT);
}

/** The armed timer due first (ties: the lowest id), or -1 when none is armed. */
export function earliestTimer(): i32 {
  let best: i32 = -1;
  let bestDelay: i32 = 0;
  let id = 0;
  do {
    if (!isArmed(id)) continue;
    const delay = msUntil(dueTime(id));
    if (best < 0 || delay < bestDelay) {
      best = id;
      bestDelay = delay;
    }
  } while (++id < TIMER_COUNT);
  return best;
}

/** Milliseconds until the earliest timer (0 if due), or -1 when nothing is timed. */
export function msUntilNextTimer(): i32 {
  const id = earliestTimer();
  if (id < 0) return -1;
  const delay = msUntil(dueTime(id));
  return delay > 0 ? delay : 0;
}
