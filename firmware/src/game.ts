// The Imperial Timer's state machine: every state, every transition, in one place.
//
// state    | event                                  | what happens                       | next
// ---------|----------------------------------------|------------------------------------|--------
// (boot)   | init                                   | EVT POWER on (EVT STORE), power    | ready
// ready, won, lost, table | triangle press / START  | battery check, EVT START           | running
// running  | triangle held LONG_PRESS_MS / PAUSE    | EVT PAUSE, entry cleared           | paused
// paused   | triangle press / RESUME                | EVT RESUME                         | running
// running  | symbol press                           | entry: CHIME, BUZZ                 | running
// running  | last needed correct code               | EVT FANFARE, all found lights      | won
// running  | time runs out                          | EVT TIMEOUT, lose sound            | lost
// ready, won, lost, table | PLAY, TIMER, SHOW       | a sound, a countdown, a face       | table
// table    | TIMER runs out                         | EVT TIMEOUT                        | table
// ready, paused, won, lost, table (no TIMER) | idle `sleep` s | outputs off, EVT SLEEP   | sleep
// sleep    | button edge or serial byte             | EVT WAKE, outputs back             | (before)
// any      | RESET                                  | outputs off, game forgotten        | ready
// ready, won, lost, table | PACK BEGIN/CODE/END/BUILTIN | a pack received, put in play     | (same)
//
// Every cue (CHIME, FANFARE, each BUZZ, WARN, LOWBAT, TIMEOUT) also shows its light pattern.

import { sleep as setPowerMode, batteryMv } from "./abi";
import { setNow } from "./clock";
import {
  arm, disarm, disarmAll, earliestTimer, dueTime,
  TIMER_DEBOUNCE, TIMER_LONG_PRESS, TIMER_SOUND_NOTE, TIMER_BLINK, TIMER_COUNTDOWN,
  TIMER_ENTRY_IDLE, TIMER_DEEP_SLEEP, TIMER_LIGHTS,
} from "./timers";
import { seedRandom } from "./rng";
import { windowExpired, isHeld, rawEdge, adoptLevel, BUTTON_COUNT, PRESSED, RELEASED } from "./debounce";
import {
  playSound, playSoundNext, noteEnded, silenceOutput, stopSound, setVolume,
  SOUND_CLICK, SOUND_START, SOUND_PAUSE, SOUND_RESUME, SOUND_POWER,
} from "./sound";
import {
  setFoundLights, clearLights, blinkEdge, outputsOff, outputsBack, cueFrameEnded, stopCue, showFace, endFace, FOUND_LIGHTS,
  CUE_CHIME, CUE_FANFARE, CUE_DECOY, CUE_USED, CUE_MISTAKE, CUE_IDLE, CUE_WARN60, CUE_LOWBAT,
  CUE_REFUSED, CUE_TIMEOUT,
} from "./display";
import { startCue } from "./cue";
import { PLAY_CUE, PLAY_SOUND_ALONE } from "./generated/lights";
import { startCountdown, freezeCountdown, resumeCountdown, clearCountdown, countdownDue, isCounting } from "./countdown";
import { appendSymbol, clearEntry, entryLength, ENTRY_PARTIAL, ENTRY_MISTAKE } from "./entry";
import { drawCorrectCodes, clearMissions, isCorrect, isFound, markFound, needToWin } from "./missions";
import { loadPack, cancelTransfer } from "./pack";
import {
  loadSettings, durationSeconds, sleepSeconds, volume,
} from "./settings";
import { STORE_CORRUPT, STORE_OTHER_VERSION } from "./store";
import {
  evtPowerOn, evtKey, evtStart, evtChime, evtBuzz, evtFanfare, evtTimeout, evtPause, evtResume,
  evtSleep, evtWake, evtLowBattery, evtTime, evtStore, BUZZ_DECOY, BUZZ_USED, BUZZ_MISTAKE, BUZZ_IDLE,
  STORE_PART_SETTINGS, STORE_PART_PACK, STORE_REASON_CORRUPT, STORE_REASON_VERSION,
} from "./events";

export const STATE_READY: i32 = 0;
export const STATE_RUNNING: i32 = 1;
export const STATE_PAUSED: i32 = 2;
export const STATE_WON: i32 = 3;
export const STATE_LOST: i32 = 4;
export const STATE_SLEEP: i32 = 5;
export const STATE_TABLE: i32 = 6;

export const TRIANGLE: i32 = 0;
/** Holding the triangle this long while running pauses the game (while it is still held). */
export const LONG_PRESS_MS: u32 = 1500;
/** An unfinished code entry is abandoned (BUZZ idle) after this long without a symbol press. */
export const ENTRY_IDLE_MS: u32 = 8000;
/** Below this battery voltage a game does not start. */
export const BATTERY_REFUSE_MV: i32 = 3300;
/** Below this battery voltage a game starts with a low-battery warning. */
export const BATTERY_WARN_MV: i32 = 3600;

// STATE_READY, written as the literal: an initial value named by a constant costs the module a start function.
let currentState: i32 = 0;
let stateBeforeSleep: i32 = 0;

export function gameState(): i32 {
  return currentState;
}

/** A raw button edge (main.ts's `button`): in deep sleep it only wakes the device. */
export function buttonEdge(index: i32, level: i32): void {
  if (<u32>index >= <u32>BUTTON_COUNT || <u32>level > 1) return;
  if (currentState == STATE_SLEEP) {
    // wake() restarts the deep-sleep wait, as an input does.
    wake();
    adoptLevel(index, level);
    return;
  }
  if (rawEdge(index, level)) noteInput();
}

/**
 * Power-on reset (the clock is already set). `init` runs once in a fresh instance (a power cycle is
 * a new one, firmware/README.md): the module's initial values are the power-on state (no timer, the
 * buttons open, no entry, no game, no countdown, every light off), so only what the store and the
 * seed give is set here.
 */
export function boot(seed: u32): void {
  seedRandom(seed);
  const settings = loadSettings();
  const pack = loadPack();
  setVolume(<i32>volume());
  evtPowerOn();
  reportStore(STORE_PART_SETTINGS, settings);
  reportStore(STORE_PART_PACK, pack);
  playSound(SOUND_POWER);
  setState(STATE_READY);
}

/**
 * A part of the store that was written but cannot be used is reported (its defaults are used).
 * The reasons follow the findings they report: a reason is the finding less STORE_CORRUPT.
 */
function reportStore(part: i32, found: i32): void {
  if (STORE_CORRUPT - STORE_REASON_CORRUPT != STORE_OTHER_VERSION - STORE_REASON_VERSION) {
    ERROR("events.ts: STORE_REASON_CORRUPT and STORE_REASON_VERSION must follow store.ts's STORE_CORRUPT and STORE_OTHER_VERSION");
  }
  const reason = found - (STORE_CORRUPT - STORE_REASON_CORRUPT);
  if (<u32>(reason - STORE_REASON_CORRUPT) <= <u32>(STORE_REASON_VERSION - STORE_REASON_CORRUPT)) evtStore(part, reason);
}

/** Runs, in time order, every timer due up to `time`, then sets the clock to `time`. */
export function runDueUntil(time: u32): void {
  while (true) {
    const id = earliestTimer();
    if (id < 0) break;
    const at = dueTime(id);
    if (<i32>(at - time) > 0) break;
    setNow(at);
    disarm(id);
    timerExpired(id);
  }
  setNow(time);
}

function timerExpired(id: i32): void {
  if (id < TIMER_DEBOUNCE + BUTTON_COUNT) {
    const button = id - TIMER_DEBOUNCE;
    const change = windowExpired(button);
    if (change == PRESSED) buttonPressed(button, true);
    else if (change == RELEASED) buttonReleased(button);
    return;
  }
  switch (id) {
    case TIMER_LONG_PRESS: longPressMark(); break;
    case TIMER_SOUND_NOTE: noteEnded(); break;
    case TIMER_BLINK: blinkEdge(); break;
    case TIMER_COUNTDOWN: if (countdownDue()) timeRanOut(); break;
    case TIMER_ENTRY_IDLE: entryAbandoned(); break;
    case TIMER_DEEP_SLEEP: enterSleep(); break;
    case TIMER_LIGHTS: cueFrameEnded(); break;
  }
}

/** Any input (button edge, serial byte) restarts the deep-sleep wait. */
export function noteInput(): void {
  armSleepTimer();
}

/** A debounced press (physical = from a contact, which may become a long press). */
export function buttonPressed(button: i32, physical: bool): void {
  evtKey(button);
  playSound(SOUND_CLICK);
  if (button == TRIANGLE) trianglePressed(physical);
  else symbolPressed(button);
}

function buttonReleased(button: i32): void {
  if (button == TRIANGLE) disarm(TIMER_LONG_PRESS);
}

/** The states a triangle press (or START) starts a game in (bit = state). */
const START_STATES: i32 = (1 << STATE_READY) | (1 << STATE_WON) | (1 << STATE_LOST) | (1 << STATE_TABLE);

function trianglePressed(physical: bool): void {
  if (((START_STATES >>> currentState) & 1) != 0) startGame();
  else if (currentState == STATE_RUNNING) {
    if (physical) arm(TIMER_LONG_PRESS, LONG_PRESS_MS);
  } else if (currentState == STATE_PAUSED) resumeGame();
}

function longPressMark(): void {
  if (currentState == STATE_RUNNING && isHeld(TRIANGLE)) pauseGame();
}

function symbolPressed(symbol: i32): void {
  if (currentState != STATE_RUNNING) return;
  const result = appendSymbol(symbol);
  if (result == ENTRY_PARTIAL) {
    arm(TIMER_ENTRY_IDLE, ENTRY_IDLE_MS);
    return;
  }
  disarm(TIMER_ENTRY_IDLE);
  if (result == ENTRY_MISTAKE) buzz(BUZZ_MISTAKE);
  else if (!isCorrect(result)) buzz(BUZZ_DECOY);
  else if (isFound(result)) buzz(BUZZ_USED);
  else codeFound(result);
}

function codeFound(code: i32): void {
  const found = markFound(code);
  setFoundLights(found);
  if (found >= needToWin()) {
    evtFanfare();
    startCue(CUE_FANFARE);
    endGame(STATE_WON);
    setFoundLights(FOUND_LIGHTS);
  } else {
    evtChime(found);
    startCue(CUE_CHIME);
  }
}

function buzz(reason: i32): void {
  evtBuzz(reason);
  startCue(buzzCue(reason));
}

/**
 * Each reason for a BUZZ has a face of its own: the sound is the same, what it means is not.
 * The faces lie in lights.json in the order of the reasons (a build error otherwise).
 */
function buzzCue(reason: i32): i32 {
  if (CUE_USED - CUE_DECOY != BUZZ_USED - BUZZ_DECOY || CUE_MISTAKE - CUE_DECOY != BUZZ_MISTAKE - BUZZ_DECOY || CUE_IDLE - CUE_DECOY != BUZZ_IDLE - BUZZ_DECOY) {
    ERROR("lights.json: the cues decoy, used, mistake and idle must follow each other in the order of the BUZZ reasons");
  }
  return reason - BUZZ_DECOY + CUE_DECOY;
}

function entryAbandoned(): void {
  if (currentState != STATE_RUNNING || entryLength() == 0) return;
  clearEntry();
  buzz(BUZZ_IDLE);
}

/**
 * Starts a new game when the battery allows it. Returns the battery voltage read: the game did not
 * start when it is below BATTERY_REFUSE_MV.
 */
export function startGame(): i32 {
  const millivolts = batteryMv();
  if (millivolts < BATTERY_REFUSE_MV) {
    startCue(CUE_REFUSED);
    evtLowBattery(millivolts);
    return millivolts;
  }
  if (millivolts < BATTERY_WARN_MV) {
    evtLowBattery(millivolts);
    startCue(CUE_LOWBAT);
    playSoundNext(SOUND_START);
  } else {
    playSound(SOUND_START);
  }
  forgetEntry();
  drawCorrectCodes();
  clearLights();
  const durationMs = durationSeconds() * 1000;
  startCountdown(durationMs);
  evtStart(durationMs);
  setState(STATE_RUNNING);
  return millivolts;
}

export function pauseGame(): void {
  endGame(STATE_PAUSED);
  evtPause();
  playSound(SOUND_PAUSE);
}

export function resumeGame(): void {
  resumeCountdown();
  evtResume();
  playSound(SOUND_RESUME);
  setState(STATE_RUNNING);
}

function timeRanOut(): void {
  evtTimeout();
  startCue(CUE_TIMEOUT);
  // A table TIMER stays in table: there no entry or long press runs and the countdown is frozen
  // already, so endGame only restarts the deep-sleep wait.
  endGame(currentState == STATE_RUNNING ? STATE_LOST : currentState);
}

/** The game stops (paused, won or lost): the entry forgotten, the countdown frozen. */
function endGame(next: i32): void {
  forgetEntry();
  freezeCountdown();
  setState(next);
}

/** The code being entered and the triangle's long-press mark forgotten. */
function forgetEntry(): void {
  clearEntry();
  disarm(TIMER_ENTRY_IDLE);
  disarm(TIMER_LONG_PRESS);
}

/** PLAY: a sound in table mode, with the cue lights.json's "play" gives it (PLAY_CUE). */
export function playOnTable(sound: i32): void {
  enterTable();
  endFace();
  const cue = <i32>load<u8>(sound, PLAY_CUE);
  if (cue == PLAY_SOUND_ALONE) playSound(sound);
  else startCue(cue);
}

/** TIMER: a plain countdown of `seconds` in table mode (0 stops it). */
export function timerOnTable(seconds: u32): void {
  enterTable();
  endFace();
  clearCountdown();
  if (seconds > 0) {
    const durationMs = seconds * 1000;
    startCountdown(durationMs);
    evtTime(durationMs);
    playSound(SOUND_START);
  }
  setState(STATE_TABLE);
}

/**
 * SHOW: the face `mask` alone in table mode (the bring-up check lights each LED in turn). A running
 * TIMER stops, so nothing else changes the face until SHOW, PLAY, TIMER, START, RESET or sleep.
 */
export function faceOnTable(mask: i32): void {
  enterTable();
  clearCountdown();
  showFace(mask);
  setState(STATE_TABLE);
}

function enterTable(): void {
  if (currentState == STATE_TABLE) return;
  clearMissions();
  clearCountdown();
  clearLights();
  setState(STATE_TABLE);
}

/** RESET: back to ready, the game forgotten, every output off; settings kept. */
export function resetToReady(): void {
  forgetEntry();
  stopSound();
  stopCue();
  cancelTransfer();
  clearMissions();
  clearCountdown();
  clearLights();
  setState(STATE_READY);
}

/** Settings changed: volume and sleep time take effect now. */
export function settingsChanged(): void {
  setVolume(<i32>volume());
  armSleepTimer();
}

function enterSleep(): void {
  stateBeforeSleep = currentState;
  outputsOff();
  silenceOutput();
  evtSleep();
  currentState = STATE_SLEEP;
  disarmAll();
  setPowerMode(1);
}

/** A button edge or serial byte in deep sleep: back to the state it slept from. */
export function wake(): void {
  setPowerMode(0);
  evtWake();
  outputsBack();
  setState(stateBeforeSleep);
}

function setState(next: i32): void {
  currentState = next;
  armSleepTimer();
}

/** The states that sleep after the idle time (bit = state), and table without a TIMER. */
const IDLE_STATES: i32 = (1 << STATE_READY) | (1 << STATE_PAUSED) | (1 << STATE_WON) | (1 << STATE_LOST);

function armSleepTimer(): void {
  const seconds = sleepSeconds();
  // A paused game sleeps too: its countdown is frozen, and a timer paused and forgotten on the
  // table would otherwise drain the cells with its bar lit.
  const idleStates = isCounting() ? IDLE_STATES : IDLE_STATES | (1 << STATE_TABLE);
  if (seconds == 0 || ((idleStates >>> currentState) & 1) == 0) disarm(TIMER_DEEP_SLEEP);
  else arm(TIMER_DEEP_SLEEP, seconds * 1000);
}
