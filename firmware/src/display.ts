// The lights: the 10-segment sand-timer bar (bits 0..9, bit 0 goes out last) with its
// current segment blinking, and the four found-code lights (bits 10..13).
// The current (highest lit) segment flashes BLINK_ON_MS out of every BLINK_PERIOD_MS
// while the countdown runs; it is steady when the countdown is frozen.
//
// A light pattern (a cue of firmware/lights.json: the face of a sound) is shown in place of
// that display, frame by frame; the game's display goes on underneath (the bar still counts
// down, the blink still runs) and is shown again after the last frame.

import { leds } from "./abi";
import { arm, disarm, TIMER_BLINK, TIMER_LIGHTS } from "./timers";
import { CUE_FIRST_FRAME, FRAME_MASK, FRAME_MS, FRAME_MS_UNIT } from "./generated/lights";

// The cue ids (CUE_CHIME, CUE_DECOY, ...) are generated from the keys of lights.json.
export {
  CUE_CHIME, CUE_FANFARE, CUE_DECOY, CUE_USED, CUE_MISTAKE, CUE_IDLE, CUE_BUZZ, CUE_WARN60, CUE_WARN10,
  CUE_LOWBAT, CUE_REFUSED, CUE_TIMEOUT,
} from "./generated/lights";

export const BAR_SEGMENTS: i32 = 10;
export const FOUND_LIGHTS: i32 = 4;
export const BLINK_ON_MS: u32 = 150;
export const BLINK_PERIOD_MS: u32 = 1000;
export const NO_CUE: i32 = -1;

let barLit: i32 = 0;
let foundLit: i32 = 0;
/** The blinking segment is in the dark part of its period (only while the blink timer runs). */
let blinkDark: bool = false;
let outputsOn: bool = true;
let shownMask: i32 = 0;
/** NO_CUE, written as the literal: an initial value named by a constant costs the module a start function. */
let cue: i32 = -1;
let frame: i32 = 0;
/** faceMask when no face is shown (a face is a mask of 0 or more). */
const NO_FACE: i32 = -1;
/**
 * A face set by the protocol's SHOW (the bring-up check), shown in place of the game's display, or
 * NO_FACE (written as the literal, as `cue`).
 */
let faceMask: i32 = -1;

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
  blinkDark = false;
  arm(TIMER_BLINK, BLINK_ON_MS);
  refresh();
}

/** The bar stands still, every lit segment steady. */
export function stopBlink(): void {
  blinkDark = false;
  disarm(TIMER_BLINK);
  refresh();
}

/** The blink timer expired: the next on/off edge. */
export function blinkEdge(): void {
  blinkDark = !blinkDark;
  arm(TIMER_BLINK, blinkDark ? BLINK_PERIOD_MS - BLINK_ON_MS : BLINK_ON_MS);
  refresh();
}

/** Shows cue `id`'s light pattern from its first frame, in place of whatever pattern was showing. */
export function showCue(id: i32): void {
  cue = id;
  frame = <i32>load<u8>(id, CUE_FIRST_FRAME);
  showFrame();
}

/** Shows the pattern's frame `frame` and arms its end. */
function showFrame(): void {
  arm(TIMER_LIGHTS, <u32>load<u8>(frame, FRAME_MS) * FRAME_MS_UNIT);
  refresh();
}

/** The pattern's frame timer expired: the next frame, or the game's display again. */
export function cueFrameEnded(): void {
  frame++;
  if (frame < <i32>load<u8>(cue, CUE_FIRST_FRAME + 1)) showFrame();
  else stopCue();
}

/** Ends the pattern now showing, if any: the game's display again. */
export function stopCue(): void {
  cue = NO_CUE;
  disarm(TIMER_LIGHTS);
  refresh();
}

/** SHOW: `mask` (the bits of the `leds` import) lit alone, any pattern ended, until endFace(). */
export function showFace(mask: i32): void {
  faceMask = mask;
  stopCue();
}

/** The face set by SHOW, if any, is gone: the game's display again. */
export function endFace(): void {
  faceMask = NO_FACE;
  refresh();
}

/** The cue whose pattern is showing, NO_CUE when none. */
export function cueShowing(): i32 {
  return cue;
}

/** Every light off, no blinking (a pattern showing goes on: it may announce what cleared them). */
export function clearLights(): void {
  barLit = 0;
  foundLit = 0;
  faceMask = NO_FACE;
  stopBlink();
}

/**
 * Deep sleep: every output off, any pattern and any SHOW face ended (the lights' state is kept for
 * the wake-up).
 */
export function outputsOff(): void {
  outputsOn = false;
  faceMask = NO_FACE;
  stopCue();
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
    if (cue != NO_CUE) mask = <i32>load<u16>(frame << 1, FRAME_MASK);
    else if (faceMask != NO_FACE) mask = faceMask;
    else {
      mask = (1 << barLit) - 1;
      // With no segment lit, the bit cleared is bit 31, never lit.
      if (blinkDark) mask &= ~(1 << (barLit - 1));
      mask |= ((1 << foundLit) - 1) << BAR_SEGMENTS;
    }
  }
  if (mask != shownMask) {
    shownMask = mask;
    leds(mask);
  }
}
