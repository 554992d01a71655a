// The PACK commands (an addition to protocol v1, firmware/PROTOCOL.md "Packs"): loading a pack
// of printed codes into the timer, all or nothing, going back to the built-in pack, and reading
// which pack is in play. protocol.ts has checked the words, the number of arguments and the state.

import { say, sayLine, sayNumber, writeHex4, endLine, sayNumberLine } from "./serial";
import { tokenCount, tokenSize, tokenByte, tokenNumber, tokenLoad } from "./line";
import {
  TEXT_SOURCE_KEY, TEXT_LOADED, TEXT_BUILTIN, TEXT_N_KEY, TEXT_SUM_KEY, TEXT_I_KEY, TEXT_ERR_PACK_CLOSED, TEXT_ERR_STATE_RECEIVING,
  TEXT_N, TEXT_I, TEXT_ID, TEXT_ERR_CODE_REASON, TEXT_REPEAT_OF, TEXT_ERR_CODE_I, TEXT_REASON_MISSING,
  TEXT_CODE_LENGTH, TEXT_CODE_SYMBOL, TEXT_CODE_DOUBLE,
} from "./generated/text";
import { ok, okCommand, okNumber, badValue } from "./replies";
import {
  codeCount, isLoaded, packSum, beginTransfer, isReceiving, transferCount, cancelTransfer, repeatOf,
  putCode, putIdByte, endTransfer, returnToBuiltin, codeFault, isIdByte, MAX_CODES, ID_MAX, FAULT_SYMBOL, CODE_MASK,
} from "./pack";

/** PACK: which pack is in play. */
export function packInPlay(): void {
  okCommand();
  say(TEXT_SOURCE_KEY);
  say(isLoaded() ? TEXT_LOADED : TEXT_BUILTIN);
  writeCountAndSum();
}

/** PACK BEGIN <n>. */
export function packBegin(): void {
  const n = tokenNumber(2);
  // NO_NUMBER (-1) is out of range too.
  if (<u32>(n - 1) >= <u32>MAX_CODES) {
    badValue(TEXT_N);
    return;
  }
  beginTransfer(<i32>n);
  okNumber(TEXT_N_KEY, <u32>n);
}

/** PACK CODE <i> <digits> [<id>]. */
export function packCode(): void {
  if (!isReceiving()) {
    sayLine(TEXT_ERR_PACK_CLOSED);
    return;
  }
  const i = tokenNumber(2);
  if (<u32>(i - 1) >= <u32>transferCount()) {
    badValue(TEXT_I);
    return;
  }
  if (tokenSize(3) != 3) {
    codeError(TEXT_CODE_LENGTH);
    return;
  }
  // The 3 digits as one number, each less '0' (a digit below '0' borrows: codeFault's FAULT_SYMBOL still).
  const symbols = (tokenLoad(3) - 0x303030) & CODE_MASK;
  const fault = codeFault(symbols);
  if (fault != 0) {
    codeError(fault == FAULT_SYMBOL ? TEXT_CODE_SYMBOL : TEXT_CODE_DOUBLE);
    return;
  }
  const index = <i32>i - 1;
  const repeated = repeatOf(index, symbols);
  if (repeated > 0) {
    say(TEXT_ERR_CODE_REASON);
    sayNumberLine(TEXT_REPEAT_OF, <u32>repeated);
    return;
  }
  const hasId = tokenCount == 5;
  if (hasId && !isValidId(4)) {
    badValue(TEXT_ID);
    return;
  }
  putCode(index, symbols);
  if (hasId) {
    let k = 0;
    do putIdByte(index, k, tokenByte(4, k));
    while (++k < tokenSize(4));
  }
  okNumber(TEXT_I_KEY, <u32>i);
}

function isValidId(t: i32): bool {
  const length = tokenSize(t);
  if (<u32>(length - 1) >= <u32>ID_MAX) return false;
  let k = 0;
  do if (!isIdByte(tokenByte(t, k))) return false;
  while (++k < length);
  return true;
}

/** PACK END. */
export function packEnd(): void {
  if (!isReceiving()) {
    sayLine(TEXT_ERR_PACK_CLOSED);
    return;
  }
  const missing = endTransfer();
  if (missing > 0) {
    sayNumber(TEXT_ERR_CODE_I, <u32>missing);
    sayLine(TEXT_REASON_MISSING);
    return;
  }
  okCommand();
  writeCountAndSum();
}

/** PACK CANCEL. */
export function packCancel(): void {
  cancelTransfer();
  ok();
}

/** PACK BUILTIN. */
export function packBuiltin(): void {
  if (isReceiving()) {
    sayLine(TEXT_ERR_STATE_RECEIVING);
    return;
  }
  returnToBuiltin();
  okCommand();
  writeCountAndSum();
}

function codeError(reason: i32): void {
  say(TEXT_ERR_CODE_REASON);
  sayLine(reason);
}

function writeCountAndSum(): void {
  sayNumber(TEXT_N_KEY, <u32>codeCount());
  say(TEXT_SUM_KEY);
  writeHex4(packSum());
  endLine();
}
