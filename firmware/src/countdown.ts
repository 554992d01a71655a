// The countdown behind the sand-timer bar, for a game and for the table-mode TIMER.
//
// Time left L (ms) of a countdown of D ms: bar segment k (0..9) is lit while L > k*D/10.
// While it runs, one timer wakes the firmware at the next of these instants:
//   - a segment goes out            -> EVT TIME left=L (the last one at L = 0)
//   - 30 s since the last TIME      -> EVT TIME left=L
//   - L = 60 s and L = 10 s         -> EVT WARN left=L and the warn sound (when D is longer)
//   - ticks in the last minute      -> the tick sound: every 1000 ms while L > 20 s,
//                                      every 500 ms while L > 5 s, then every 250 ms
//   - L = 0                         -> time out (the caller sends EVT TIMEOUT)

import { now, msUntil } from "./clock";
import { arm, disarm, TIMER_COUNTDOWN } from "./timers";
import { setBar, startBlink, stopBlink, BAR_SEGMENTS, CUE_WARN60, CUE_WARN10 } from "./display";
import { startCue } from "./cue";
import { evtTime, evtWarn } from "./events";
import { playTick } from "./sound";

export const REPORT_EVERY_MS: u32 = 30000;
export const FIRST_WARN_MS: u32 = 60000;
export const LAST_WARN_MS: u32 = 10000;
export const TICKING_FROM_MS: u32 = 60000;

/** The countdown's length (read only while it runs). */
let durationMs: u32 = 0;
let running: bool = false;
/** While running, the instant the countdown ends; else the time left, frozen. */
let endOrLeft: u32 = 0;
let segmentsLit: i32 = 0;
let lastReportLeft: u32 = 0;
let nextTickLeft: u32 = 0;
/** The time left of the next EVT WARN: FIRST_WARN_MS, LAST_WARN_MS, or 0 when none is left. */
let nextWarnLeft: u32 = 0;

/** Starts a countdown of `totalMs` now: the full bar, the current segment blinking. */
export function startCountdown(totalMs: u32): void {
  durationMs = totalMs;
  endOrLeft = totalMs;
  segmentsLit = BAR_SEGMENTS;
  lastReportLeft = totalMs;
  nextTickLeft = tickBelow(totalMs < TICKING_FROM_MS ? totalMs : TICKING_FROM_MS);
  nextWarnLeft = totalMs > FIRST_WARN_MS ? FIRST_WARN_MS : totalMs > LAST_WARN_MS ? LAST_WARN_MS : 0;
  setBar(segmentsLit);
  resumeCountdown();
}

/** Freezes the countdown where it is (the bar steady). */
export function freezeCountdown(): void {
  if (!running) return;
  endOrLeft = leftNow();
  running = false;
  disarm(TIMER_COUNTDOWN);
  stopBlink();
}

/** Continues a frozen countdown from now. */
export function resumeCountdown(): void {
  endOrLeft += now();
  running = true;
  startBlink();
  scheduleNext();
}

/** Ends any countdown: no time left, the bar dark. */
export function clearCountdown(): void {
  running = false;
  endOrLeft = 0;
  segmentsLit = 0;
  disarm(TIMER_COUNTDOWN);
  stopBlink();
  setBar(0);
}

export function isCounting(): bool {
  return running;
}

/** Milliseconds left: counting down while running, frozen otherwise. */
export function timeLeftMs(): u32 {
  return running ? leftNow() : endOrLeft;
}

/** The countdown timer expired: does what is due now. Returns true when the time ran out. */
export function countdownDue(): bool {
  const left = leftNow();
  let segmentOut = false;
  while (segmentsLit > 0 && left <= segmentThreshold(segmentsLit - 1)) {
    segmentsLit--;
    segmentOut = true;
  }
  // The bar unchanged lights the same (setBar then changes no output).
  setBar(segmentsLit);
  if (segmentOut || left + REPORT_EVERY_MS <= lastReportLeft) {
    lastReportLeft = left;
    evtTime(left);
  }
  if (nextWarnLeft != 0 && left <= nextWarnLeft) {
    // A countdown longer than FIRST_WARN_MS is longer than LAST_WARN_MS too.
    const first = nextWarnLeft == FIRST_WARN_MS;
    nextWarnLeft = first ? LAST_WARN_MS : 0;
    evtWarn(left);
    startCue(first ? CUE_WARN60 : CUE_WARN10);
  }
  if (nextTickLeft > 0 && left <= nextTickLeft) {
    playTick();
    nextTickLeft = tickBelow(left);
  }
  if (left == 0) {
    freezeCountdown();
    return true;
  }
  scheduleNext();
  return false;
}

function leftNow(): u32 {
  const remaining = msUntil(endOrLeft);
  return remaining > 0 ? <u32>remaining : 0;
}

function segmentThreshold(segment: i32): u32 {
  return (<u32>segment * durationMs) / <u32>BAR_SEGMENTS;
}

/** The tick instant (as time left) after `left`: the grid gets finer near the end. */
function tickBelow(left: u32): u32 {
  // At 1 ms left the grid below gives 0 too.
  if (left == 0) return 0;
  const step: u32 = left > 20000 ? 1000 : left > 5000 ? 500 : 250;
  return ((left - 1) / step) * step;
}

function scheduleNext(): void {
  let threshold: u32 = 0;
  if (segmentsLit > 0) threshold = max(threshold, segmentThreshold(segmentsLit - 1));
  if (lastReportLeft >= REPORT_EVERY_MS) threshold = max(threshold, lastReportLeft - REPORT_EVERY_MS);
  threshold = max(threshold, nextWarnLeft);
  threshold = max(threshold, nextTickLeft);
  arm(TIMER_COUNTDOWN, <u32>msUntil(endOrLeft) - threshold);
}
