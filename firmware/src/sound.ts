// The buzzer: plays the note sequences of firmware/sounds.json, one note boundary per
// timer, and tells user interfaces which sound starts. At volume 0 nothing sounds.

import { tone, sound } from "./abi";
import { arm, disarm, TIMER_SOUND_NOTE } from "./timers";
import { SOUND_FIRST_NOTE, NOTE_HZ, NOTE_MS, NOTE_MS_EXACT, NOTE_MS_UNIT, SOUND_TICK } from "./generated/sounds";

// The sound ids (SOUND_CLICK, SOUND_CHIME, ...) are generated from the keys of sounds.json.
export {
  SOUND_CLICK, SOUND_TICK, SOUND_CHIME, SOUND_BUZZ, SOUND_FANFARE, SOUND_WARN, SOUND_LOSE, SOUND_LOWBAT,
  SOUND_START, SOUND_PAUSE, SOUND_RESUME, SOUND_POWER,
} from "./generated/sounds";
export const NO_SOUND: i32 = -1;

let volume: i32 = 2;
// NO_SOUND, written as the literal: an initial value named by a constant costs the module a start function.
let playing: i32 = -1;
let queued: i32 = -1;
let note: i32 = 0;
let toneNow: i32 = 0;

export function setVolume(level: i32): void {
  volume = level;
  if (volume == 0) stopSound();
}

/** Starts sound `id` now, cutting whatever was playing or queued. */
export function playSound(id: i32): void {
  queued = NO_SOUND;
  begin(id);
}

/** Plays `id` when the sound now playing ends (at once when none is). */
export function playSoundNext(id: i32): void {
  if (playing == NO_SOUND) begin(id);
  else queued = id;
}

/** A tick of the countdown: it never cuts another sound. */
export function playTick(): void {
  if (playing == NO_SOUND || playing == SOUND_TICK) playSound(SOUND_TICK);
}

/** Silence, nothing playing or queued. */
export function stopSound(): void {
  disarm(TIMER_SOUND_NOTE);
  playing = NO_SOUND;
  queued = NO_SOUND;
  if (toneNow != 0) setTone(0);
}

/** The note now playing ended (its timer expired). */
export function noteEnded(): void {
  note++;
  if (note < <i32>load<u8>(playing, SOUND_FIRST_NOTE + 1)) {
    startNote();
    return;
  }
  playing = NO_SOUND;
  setTone(0);
  if (queued != NO_SOUND) {
    const next = queued;
    queued = NO_SOUND;
    begin(next);
  }
}

export function soundPlaying(): i32 {
  return playing;
}

export function toneHz(): i32 {
  return toneNow;
}

/** Deep sleep: nothing playing, and the buzzer told to be silent even if it already is. */
export function silenceOutput(): void {
  stopSound();
  toneNow = 0;
  tone(0, volume);
}

function begin(id: i32): void {
  disarm(TIMER_SOUND_NOTE);
  if (volume == 0) {
    playing = NO_SOUND;
    return;
  }
  playing = id;
  note = <i32>load<u8>(id, SOUND_FIRST_NOTE);
  sound(id);
  startNote();
}

function startNote(): void {
  setTone(<i32>load<u16>(note << 1, NOTE_HZ));
  const length = <u32>load<u8>(note, NOTE_MS);
  arm(TIMER_SOUND_NOTE, length <= NOTE_MS_EXACT ? length : (length - 128) * NOTE_MS_UNIT);
}

function setTone(hz: i32): void {
  toneNow = hz;
  tone(hz, volume);
}
