// The serial protocol, version 1: a byte-by-byte line reader, the parser and the
// commands. See firmware/PROTOCOL.md for every answer and error.
//
// Checks run in this order, the first failure answering: the line (too-long, then
// bad-byte), the command word (unknown), the shape of the arguments (bad-args), the
// state (ERR state), then the values (bad-value).

import { write, writeByte, writeNumber, endLine } from "./serial";
import {
  LINE_MAX, NO_NUMBER, line, lineLength, tokenCount, appendByte, clearLine, tokenize, tokenAt, tokenSize,
  tokenIs, spanIs, parseNumber, writeToken, writeSpan,
} from "./line";
import { buttonName } from "./events";
import { FIRMWARE_VERSION } from "./generated/version";
import { CODE_LENGTH } from "./generated/pack";
import { entryLength, entrySymbol } from "./entry";
import { foundCodes, needToWin } from "./missions";
import { codeCount, codeSymbol, idLength, idByte, MAX_CODES } from "./pack";
import { packCommand } from "./pack-commands";
import { timeLeftMs } from "./countdown";
import { reboot, batteryMv } from "./abi";
import {
  SOUND_CHIME, SOUND_BUZZ, SOUND_FANFARE, SOUND_WARN, SOUND_LOSE, SOUND_CLICK,
} from "./sound";
import {
  durationSeconds, correctCount, needCount, sleepSeconds, volume, applySettings,
  isValidDuration, isValidCorrect, isValidNeed, isValidSleep, isValidVolume,
} from "./settings";
import {
  gameState, stateName, startGame, refusedMv, buttonPressed, pauseGame, resumeGame,
  playOnTable, timerOnTable, faceOnTable, resetToReady, settingsChanged, accepts,
  CMD_START, CMD_PAUSE, CMD_RESUME, CMD_PLAY, CMD_TIMER, CMD_CONFIGURE, CMD_BOOTSEL, CMD_SHOW,
} from "./game";

/** The `reboot` import's mode for the RP2040's USB boot mode (BOOTSEL). */
const REBOOT_USB_BOOT: i32 = 1;

/** An unknown command word is echoed up to this many characters. */
const ECHO_MAX: i32 = 16;

let lineTooLong: bool = false;
let lineHasBadByte: bool = false;
let droppingWakingLine: bool = false;

/**
 * One byte from the serial line. `wokeDevice`: this byte woke the device from deep sleep. The
 * line that wakes the device is not run: on the real board the UART was off and its first bytes
 * are lost, so every runtime drops it alike and answers it with `ERR state sleep` (the one answer
 * every line gets). The sender sends it again.
 */
export function receiveByte(byte: i32, wokeDevice: bool): void {
  if (wokeDevice) {
    discardLine();
    droppingWakingLine = true;
  }
  if (byte == 13) return;
  if (byte == 10) {
    if (droppingWakingLine) {
      droppingWakingLine = false;
      discardLine();
      error("state sleep");
    } else {
      endOfLine();
    }
    return;
  }
  if (droppingWakingLine) return;
  if (lineLength >= LINE_MAX) {
    lineTooLong = true;
    return;
  }
  if (byte < 32 || byte > 126) lineHasBadByte = true;
  appendByte(byte);
}

function discardLine(): void {
  clearLine();
  lineTooLong = false;
  lineHasBadByte = false;
}

function endOfLine(): void {
  const tooLong = lineTooLong;
  const badByte = lineHasBadByte;
  lineTooLong = false;
  lineHasBadByte = false;
  if (tooLong) error("too-long");
  else if (badByte) error("bad-byte");
  else {
    tokenize();
    if (tokenCount > 0) execute();
  }
  clearLine();
}

function execute(): void {
  const args = tokenCount - 1;
  if (tokenIs(0, "HELLO")) {
    if (args != 0) badArgs("HELLO");
    else hello();
  } else if (tokenIs(0, "STATUS")) {
    if (args != 0) badArgs("STATUS");
    else status();
  } else if (tokenIs(0, "START")) {
    if (args != 0) badArgs("START");
    else start();
  } else if (tokenIs(0, "PRESS")) {
    if (args != 1) badArgs("PRESS");
    else press();
  } else if (tokenIs(0, "PAUSE")) {
    if (args != 0) badArgs("PAUSE");
    else if (!accepts(CMD_PAUSE)) stateError();
    else {
      pauseGame();
      ok("PAUSE");
    }
  } else if (tokenIs(0, "RESUME")) {
    if (args != 0) badArgs("RESUME");
    else if (!accepts(CMD_RESUME)) stateError();
    else {
      resumeGame();
      ok("RESUME");
    }
  } else if (tokenIs(0, "CONFIG")) {
    config();
  } else if (tokenIs(0, "CODES")) {
    if (args != 0) badArgs("CODES");
    else codes();
  } else if (tokenIs(0, "PLAY")) {
    if (args != 1) badArgs("PLAY");
    else play();
  } else if (tokenIs(0, "TIMER")) {
    if (args != 1) badArgs("TIMER");
    else timer();
  } else if (tokenIs(0, "PACK")) {
    packCommand();
  } else if (tokenIs(0, "BOOTSEL")) {
    if (args != 0) badArgs("BOOTSEL");
    else if (!accepts(CMD_BOOTSEL)) stateError();
    else if (reboot(REBOOT_USB_BOOT) == 0) error("not-flashable");
    else ok("BOOTSEL");
  } else if (tokenIs(0, "SHOW")) {
    if (args != 1) badArgs("SHOW");
    else show();
  } else if (tokenIs(0, "BATTERY")) {
    if (args != 0) badArgs("BATTERY");
    else {
      write("OK BATTERY mv=");
      writeNumber(<u32>batteryMv());
      endLine();
    }
  } else if (tokenIs(0, "RESET")) {
    if (args != 0) badArgs("RESET");
    else {
      resetToReady();
      ok("RESET");
    }
  } else {
    write("ERR unknown ");
    const length = min(tokenSize(0), ECHO_MAX);
    writeToken(0, length);
    endLine();
  }
}

function hello(): void {
  write("OK HELLO name=imperial-timer fw=");
  write(FIRMWARE_VERSION);
  write(" proto=1 symbols=");
  for (let symbol = 1; symbol <= 4; symbol++) {
    if (symbol > 1) writeByte(44);
    write(buttonName(symbol));
  }
  endLine();
}

function status(): void {
  write("OK STATUS state=");
  write(stateName(gameState()));
  write(" left=");
  writeNumber(timeLeftMs());
  write(" found=");
  writeNumber(<u32>foundCodes());
  write(" need=");
  writeNumber(<u32>needToWin());
  write(" entry=");
  const length = entryLength();
  if (length == 0) writeByte(45);
  for (let i = 0; i < length; i++) writeByte(48 + entrySymbol(i));
  endLine();
}

function start(): void {
  if (!accepts(CMD_START)) {
    stateError();
    return;
  }
  if (startGame()) {
    ok("START");
    return;
  }
  write("ERR lowbat mv=");
  writeNumber(<u32>refusedMv());
  endLine();
}

function press(): void {
  const button = parseButton(1);
  if (button < 0) {
    badValue("button");
    return;
  }
  buttonPressed(button, false);
  ok("PRESS");
}

/** A button as a name (any case) or a symbol digit 1..4; -1 when it is neither. */
function parseButton(token: i32): i32 {
  if (tokenSize(token) == 1) {
    const digit = <i32>unchecked(line[tokenAt(token)]) - 48;
    return digit >= 1 && digit <= 4 ? digit : -1;
  }
  for (let button = 0; button <= 4; button++) {
    if (tokenIs(token, buttonName(button))) return button;
  }
  return -1;
}

function play(): void {
  if (!accepts(CMD_PLAY)) {
    stateError();
    return;
  }
  let sound: i32 = -1;
  if (tokenIs(1, "chime")) sound = SOUND_CHIME;
  else if (tokenIs(1, "buzz")) sound = SOUND_BUZZ;
  else if (tokenIs(1, "fanfare")) sound = SOUND_FANFARE;
  else if (tokenIs(1, "warn")) sound = SOUND_WARN;
  else if (tokenIs(1, "lose")) sound = SOUND_LOSE;
  else if (tokenIs(1, "click")) sound = SOUND_CLICK;
  if (sound < 0) {
    badValue("sound");
    return;
  }
  playOnTable(sound);
  ok("PLAY");
}

// A face of SHOW: the 10 bar segments (segment 0 first), `|`, the 4 found lights; `#` lit, `.` dark
// (the notation of firmware/lights.json).
const FACE_BAR: i32 = 10;
const FACE_LENGTH: i32 = 15;
const LIT: i32 = 35;
const DARK: i32 = 46;
const FACE_SEPARATOR: i32 = 124;

function show(): void {
  if (!accepts(CMD_SHOW)) {
    stateError();
    return;
  }
  const mask = parseFace(1);
  if (mask < 0) {
    badValue("face");
    return;
  }
  faceOnTable(mask);
  ok("SHOW");
}

/** Token `t` as a face: the `leds` mask it lights, or -1 when it is not a face. */
function parseFace(t: i32): i32 {
  if (tokenSize(t) != FACE_LENGTH) return -1;
  const start = tokenAt(t);
  let mask: i32 = 0;
  let bit: i32 = 0;
  for (let i = 0; i < FACE_LENGTH; i++) {
    const byte = <i32>unchecked(line[start + i]);
    if (i == FACE_BAR) {
      if (byte != FACE_SEPARATOR) return -1;
      continue;
    }
    if (byte == LIT) mask |= 1 << bit;
    else if (byte != DARK) return -1;
    bit++;
  }
  return mask;
}

const TIMER_MAX_S: i64 = 3600;

function timer(): void {
  if (!accepts(CMD_TIMER)) {
    stateError();
    return;
  }
  const seconds = parseNumber(tokenAt(1), tokenSize(1));
  if (seconds == NO_NUMBER || seconds > TIMER_MAX_S) {
    badValue("s");
    return;
  }
  timerOnTable(<u32>seconds);
  ok("TIMER");
}

function codes(): void {
  const count = codeCount();
  for (let code = 0; code < count; code++) {
    write("OK CODE ");
    writeNumber(<u32>(code + 1));
    writeByte(32);
    for (let i = 0; i < CODE_LENGTH; i++) writeByte(48 + codeSymbol(code, i));
    const length = idLength(code);
    if (length > 0) {
      write(" id=");
      for (let i = 0; i < length; i++) writeByte(idByte(code, i));
    }
    endLine();
  }
  write("OK CODES n=");
  writeNumber(<u32>count);
  endLine();
}

// CONFIG keys, in answer order.
const KEY_DURATION: i32 = 0;
const KEY_CORRECT: i32 = 1;
const KEY_NEED: i32 = 2;
const KEY_SLEEP: i32 = 3;
const KEY_VOLUME: i32 = 4;
const KEY_COUNT: i32 = 5;
const newValue = new StaticArray<i64>(KEY_COUNT);

function keyName(key: i32): string {
  switch (key) {
    case KEY_DURATION: return "duration";
    case KEY_CORRECT: return "correct";
    case KEY_NEED: return "need";
    case KEY_SLEEP: return "sleep";
    default: return "volume";
  }
}

function config(): void {
  if (tokenCount == 1) {
    configAnswer();
    return;
  }
  // Shape first: every argument is key=value with both parts present.
  for (let t = 1; t < tokenCount; t++) {
    const split = equalsAt(t);
    if (split <= 0 || split >= tokenSize(t) - 1) {
      badArgs("CONFIG");
      return;
    }
  }
  if (!accepts(CMD_CONFIGURE)) {
    stateError();
    return;
  }
  unchecked((newValue[KEY_DURATION] = <i64>durationSeconds()));
  unchecked((newValue[KEY_CORRECT] = <i64>correctCount()));
  unchecked((newValue[KEY_NEED] = <i64>needCount()));
  unchecked((newValue[KEY_SLEEP] = <i64>sleepSeconds()));
  unchecked((newValue[KEY_VOLUME] = <i64>volume()));
  let needGiven = false;
  for (let t = 1; t < tokenCount; t++) {
    const start = tokenAt(t);
    const split = equalsAt(t);
    let key: i32 = -1;
    for (let k = 0; k < KEY_COUNT; k++) {
      if (spanIs(start, split, keyName(k))) key = k;
    }
    if (key < 0) {
      write("ERR bad-value ");
      writeSpan(start, min(split, ECHO_MAX));
      endLine();
      return;
    }
    const value = parseNumber(start + split + 1, tokenSize(t) - split - 1);
    if (value == NO_NUMBER || !isValidAlone(key, <u64>value)) {
      badValue(keyName(key));
      return;
    }
    unchecked((newValue[key] = value));
    if (key == KEY_NEED) needGiven = true;
  }
  if (!isValidNeed(<u64>unchecked(newValue[KEY_NEED]), <u64>unchecked(newValue[KEY_CORRECT]))) {
    badValue(needGiven ? "need" : "correct");
    return;
  }
  const changed = applySettings(
    <u32>unchecked(newValue[KEY_DURATION]),
    <u32>unchecked(newValue[KEY_CORRECT]),
    <u32>unchecked(newValue[KEY_NEED]),
    <u32>unchecked(newValue[KEY_SLEEP]),
    <u32>unchecked(newValue[KEY_VOLUME]),
  );
  if (changed) settingsChanged();
  configAnswer();
}

function isValidAlone(key: i32, value: u64): bool {
  switch (key) {
    case KEY_DURATION: return isValidDuration(value);
    case KEY_CORRECT: return isValidCorrect(value);
    case KEY_NEED: return value >= 1 && value <= <u64>MAX_CODES;
    case KEY_SLEEP: return isValidSleep(value);
    default: return isValidVolume(value);
  }
}

function configAnswer(): void {
  write("OK CONFIG duration=");
  writeNumber(durationSeconds());
  write(" correct=");
  writeNumber(correctCount());
  write(" need=");
  writeNumber(needCount());
  write(" sleep=");
  writeNumber(sleepSeconds());
  write(" volume=");
  writeNumber(volume());
  endLine();
}

/** Position of the first '=' inside token `t`, or -1. */
function equalsAt(t: i32): i32 {
  const start = tokenAt(t);
  const length = tokenSize(t);
  for (let i = 0; i < length; i++) {
    if (unchecked(line[start + i]) == 61) return i;
  }
  return -1;
}

export function ok(command: string): void {
  write("OK ");
  write(command);
  endLine();
}

export function error(reason: string): void {
  write("ERR ");
  write(reason);
  endLine();
}

export function badArgs(command: string): void {
  write("ERR bad-args ");
  write(command);
  endLine();
}

export function badValue(key: string): void {
  write("ERR bad-value ");
  write(key);
  endLine();
}

export function stateError(): void {
  write("ERR state ");
  write(stateName(gameState()));
  endLine();
}
