// A cue: its sound and its light pattern (firmware/lights.json), started together, so that every
// sound of a cue is also seen.

import { playSound } from "./sound";
import { showCue } from "./display";
import { CUE_SOUND } from "./generated/lights";

/** Starts cue `id`: the sound lights.json gives it, then its light pattern. */
export function startCue(id: i32): void {
  playSound(<i32>load<u8>(id, CUE_SOUND));
  showCue(id);
}
