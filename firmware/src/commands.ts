// The commands of the serial protocol (firmware/PROTOCOL.md), but PACK's (pack-commands.ts). When
// runCommand is called, protocol.ts has checked the words, the number of arguments and the state
// against the command table; each command checks its values and answers.

import { say, sayLine, writeByte, sayNumber, endLine, sayNumberLine, listed } from "./serial";
import {
  tokenCount, tokenAt, tokenSize, tokenByte, tokenListed, spanListed, parseNumber, tokenNumber, sayEchoLine,
} from "./line";
import { BUTTON_COUNT } from "./debounce";
import { SOUND_COUNT } from "./generated/sounds";
import { PLAY_CUE, PLAY_REFUSED } from "./generated/lights";
import {
  CMD_HELLO, CMD_STATUS, CMD_START, CMD_PRESS, CMD_PAUSE, CMD_RESUME, CMD_CONFIG_READ, CMD_CONFIG_SET, CMD_CODES,
  CMD_PLAY, CMD_TIMER, CMD_PACK_BEGIN, CMD_PACK_CODE, CMD_PACK_END, CMD_PACK_CANCEL, CMD_PACK_BUILTIN, CMD_PACK,
  CMD_BOOTSEL, CMD_SHOW, CMD_BATTERY, CMD_RESET,
} from "./generated/commands";
import {
  TEXT_HELLO_NAME, TEXT_VERSION, TEXT_HELLO_SYMBOLS, TEXT_SYMBOL_NAMES, TEXT_STATUS_STATE, TEXT_LEFT_KEY, TEXT_FOUND_KEY, TEXT_NEED_KEY,
  TEXT_ENTRY_KEY, TEXT_ERR_LOWBAT_MV, TEXT_OK_CODE, TEXT_ID_KEY, TEXT_N_KEY, TEXT_MV_KEY, TEXT_BUTTON, TEXT_SOUND,
  TEXT_S, TEXT_EQUALS, TEXT_FACE, TEXT_ERR_NOT_FLASHABLE, TEXT_ERR_BAD_VALUE, LIST_STATE, LIST_CONFIG_KEY, LIST_SOUND, LIST_BUTTON,
} from "./generated/text";
import { entryLength, entrySymbol } from "./entry";
import { foundCodes, needToWin } from "./missions";
import { codeCount, writeCode } from "./pack";
import { packBegin, packCode, packEnd, packCancel, packBuiltin, packInPlay } from "./pack-commands";
import { timeLeftMs } from "./countdown";
import { reboot, batteryMv } from "./abi";
import {
  setting, copySettings, applySettings, isValidAlone, isValidNeed, SETTING_CORRECT, SETTING_NEED, SETTING_COUNT,
} from "./settings";
import {
  gameState, startGame, buttonPressed, pauseGame, resumeGame, playOnTable, timerOnTable, faceOnTable,
  resetToReady, settingsChanged, BATTERY_REFUSE_MV,
} from "./game";
import { ok, okCommand, okNumber, badValue } from "./replies";
import { NEW_VALUE, NEW_VALUE_BYTES } from "./generated/ram";

/** The `reboot` import's mode for the RP2040's USB boot mode (BOOTSEL). */
const REBOOT_USB_BOOT: i32 = 1;

/** Runs command `row` (a CMD_* of the command table) on the line. */
export function runCommand(row: i32): void {
  switch (row) {
    case CMD_HELLO: hello(); break;
    case CMD_STATUS: status(); break;
    case CMD_START: start(); break;
    case CMD_PRESS: press(); break;
    case CMD_PAUSE: pauseGame(); ok(); break;
    case CMD_RESUME: resumeGame(); ok(); break;
    case CMD_CONFIG_READ: configAnswer(); break;
    case CMD_CONFIG_SET: configSet(); break;
    case CMD_CODES: codes(); break;
    case CMD_PLAY: play(); break;
    case CMD_TIMER: timer(); break;
    case CMD_PACK_BEGIN: packBegin(); break;
    case CMD_PACK_CODE: packCode(); break;
    case CMD_PACK_END: packEnd(); break;
    case CMD_PACK_CANCEL: packCancel(); break;
    case CMD_PACK_BUILTIN: packBuiltin(); break;
    case CMD_PACK: packInPlay(); break;
    case CMD_BOOTSEL: bootsel(); break;
    case CMD_SHOW: show(); break;
    case CMD_BATTERY: okNumber(TEXT_MV_KEY, <u32>batteryMv()); break;
    case CMD_RESET: resetToReady(); ok(); break;
  }
}

function hello(): void {
  okCommand();
  say(TEXT_HELLO_NAME);
  say(TEXT_VERSION);
  say(TEXT_HELLO_SYMBOLS);
  sayLine(TEXT_SYMBOL_NAMES);
}

function status(): void {
  okCommand();
  say(TEXT_STATUS_STATE);
  say(listed(LIST_STATE, gameState()));
  sayNumber(TEXT_LEFT_KEY, timeLeftMs());
  sayNumber(TEXT_FOUND_KEY, <u32>foundCodes());
  sayNumber(TEXT_NEED_KEY, <u32>needToWin());
  say(TEXT_ENTRY_KEY);
  const length = entryLength();
  if (length == 0) writeByte(45);
  else {
    let i = 0;
    do writeByte(48 + entrySymbol(i));
    while (++i < length);
  }
  endLine();
}

function start(): void {
  const millivolts = startGame();
  if (millivolts >= BATTERY_REFUSE_MV) ok();
  else sayNumberLine(TEXT_ERR_LOWBAT_MV, <u32>millivolts);
}

function press(): void {
  const button = parseButton(1);
  if (button < 0) {
    badValue(TEXT_BUTTON);
    return;
  }
  buttonPressed(button, false);
  ok();
}

/** A button as a name (any case) or a symbol digit 1..4; -1 when it is neither. */
function parseButton(token: i32): i32 {
  if (tokenSize(token) == 1) {
    const digit = tokenByte(token, 0) - 48;
    return <u32>(digit - 1) < 4 ? digit : -1;
  }
  return tokenListed(token, LIST_BUTTON, BUTTON_COUNT);
}

function play(): void {
  const sound = tokenListed(1, LIST_SOUND, SOUND_COUNT);
  if (sound < 0 || <i32>load<u8>(sound, PLAY_CUE) == PLAY_REFUSED) {
    badValue(TEXT_SOUND);
    return;
  }
  playOnTable(sound);
  ok();
}

const TIMER_MAX_S: i32 = 3600;

function timer(): void {
  const seconds = tokenNumber(1);
  // NO_NUMBER (-1) is out of range too.
  if (<u32>seconds > <u32>TIMER_MAX_S) {
    badValue(TEXT_S);
    return;
  }
  timerOnTable(<u32>seconds);
  ok();
}

function bootsel(): void {
  if (reboot(REBOOT_USB_BOOT) == 0) sayLine(TEXT_ERR_NOT_FLASHABLE);
  else ok();
}

// A face of SHOW: the 10 bar segments (segment 0 first), `|`, the 4 found lights; `#` lit, `.` dark
// (the notation of firmware/lights.json).
const FACE_BAR: i32 = 10;
const FACE_LENGTH: i32 = 15;
const LIT: i32 = 35;
const DARK: i32 = 46;
const FACE_SEPARATOR: i32 = 124;

function show(): void {
  const mask = parseFace(1);
  if (mask < 0) {
    badValue(TEXT_FACE);
    return;
  }
  faceOnTable(mask);
  ok();
}

/** Token `t` as a face: the `leds` mask it lights, or -1 when it is not a face. */
function parseFace(t: i32): i32 {
  if (tokenSize(t) != FACE_LENGTH) return -1;
  let mask: i32 = 0;
  let bit: i32 = 0;
  let i = 0;
  do {
    const byte = tokenByte(t, i);
    if (i == FACE_BAR) {
      if (byte != FACE_SEPARATOR) return -1;
      continue;
    }
    if (byte == LIT) mask |= 1 << bit;
    else if (byte != DARK) return -1;
    bit++;
  } while (++i < FACE_LENGTH);
  return mask;
}

function codes(): void {
  const count = codeCount();
  let code = 0;
  do {
    sayNumber(TEXT_OK_CODE, <u32>(code + 1));
    writeByte(32);
    writeCode(code, TEXT_ID_KEY);
  } while (++code < count);
  okNumber(TEXT_N_KEY, <u32>count);
}

// The values a CONFIG line would set, u32 per setting (settings.ts's SETTING_*): NEW_VALUE (ram.json).

/** The shape of CONFIG's arguments (checked before the state): each is key=value, both parts present. */
export function configArgumentsWellFormed(): bool {
  // CONFIG set has an argument or more.
  let t = 1;
  do {
    const split = equalsAt(t);
    if (split <= 0 || split >= tokenSize(t) - 1) return false;
  } while (++t < tokenCount);
  return true;
}

function configSet(): void {
  if (NEW_VALUE_BYTES < SETTING_COUNT * 4) ERROR("ram.json: NEW_VALUE must hold a u32 per setting");
  copySettings(NEW_VALUE);
  let needGiven = false;
  let t = 1;
  do {
    const start = tokenAt(t);
    const split = equalsAt(t);
    const key = spanListed(start, split, LIST_CONFIG_KEY, SETTING_COUNT);
    if (key < 0) {
      sayEchoLine(TEXT_ERR_BAD_VALUE, start, split);
      return;
    }
    const value = parseNumber(start + split + 1, tokenSize(t) - split - 1);
    // NO_NUMBER (-1) is no valid value (as a u32, it is above every range).
    if (!isValidAlone(key, <u32>value)) {
      badValue(listed(LIST_CONFIG_KEY, key));
      return;
    }
    store<u32>(key << 2, value, NEW_VALUE);
    if (key == SETTING_NEED) needGiven = true;
  } while (++t < tokenCount);
  if (!isValidNeed(load<u32>(NEW_VALUE + (SETTING_NEED << 2)), load<u32>(NEW_VALUE + (SETTING_CORRECT << 2)))) {
    badValue(listed(LIST_CONFIG_KEY, needGiven ? SETTING_NEED : SETTING_CORRECT));
    return;
  }
  if (applySettings(NEW_VALUE)) settingsChanged();
  configAnswer();
}

/** `OK CONFIG duration=<s> correct=<n> need=<n> sleep=<s> volume=<0-3>`. */
function configAnswer(): void {
  okCommand();
  let key = 0;
  do {
    writeByte(32);
    say(listed(LIST_CONFIG_KEY, key));
    sayNumber(TEXT_EQUALS, setting(key));
  } while (++key < SETTING_COUNT);
  endLine();
}

/** Position of the first '=' inside token `t`, or -1. */
function equalsAt(t: i32): i32 {
  const length = tokenSize(t);
  let i = 0;
  do {
    if (tokenByte(t, i) == 61) return i;
  } while (++i < length);
  return -1;
}
