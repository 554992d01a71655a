// The PACK commands (an addition to protocol v1, firmware/PROTOCOL.md "Packs"): loading a pack
// of printed codes into the timer, all or nothing, going back to the built-in pack, and reading
// which pack is in play. The line is already split into words (line.ts); word 0 is PACK.

import { write, writeNumber, writeHex4, endLine } from "./serial";
import { tokenCount, tokenIs, tokenSize, tokenByte, tokenNumber, NO_NUMBER } from "./line";
import { accepts, CMD_PACK } from "./game";
import { ok, error, badArgs, badValue, stateError } from "./protocol";
import {
  codeCount, isLoaded, packSum, beginTransfer, isReceiving, transferCount, cancelTransfer, repeatOf,
  putCode, putIdByte, endTransfer, returnToBuiltin, isValidCode, isIdByte, MAX_CODES, ID_MAX,
} from "./pack";

export function packCommand(): void {
  const args = tokenCount - 1;
  if (args == 0) {
    write("OK PACK source=");
    write(isLoaded() ? "loaded" : "builtin");
    writeCountAndSum();
    return;
  }
  if (tokenIs(1, "BEGIN")) {
    if (args != 2) badArgs("PACK");
    else if (!accepts(CMD_PACK)) stateError();
    else begin();
  } else if (tokenIs(1, "CODE")) {
    if (args != 3 && args != 4) badArgs("PACK");
    else if (!accepts(CMD_PACK)) stateError();
    else if (!isReceiving()) error("pack-closed");
    else code();
  } else if (tokenIs(1, "END")) {
    if (args != 1) badArgs("PACK");
    else if (!accepts(CMD_PACK)) stateError();
    else if (!isReceiving()) error("pack-closed");
    else end();
  } else if (tokenIs(1, "CANCEL")) {
    if (args != 1) badArgs("PACK");
    else {
      cancelTransfer();
      ok("PACK CANCEL");
    }
  } else if (tokenIs(1, "BUILTIN")) {
    if (args != 1) badArgs("PACK");
    else if (!accepts(CMD_PACK)) stateError();
    else if (isReceiving()) error("state receiving");
    else {
      returnToBuiltin();
      write("OK PACK BUILTIN");
      writeCountAndSum();
    }
  } else {
    badArgs("PACK");
  }
}

function begin(): void {
  const n = tokenNumber(2);
  if (n == NO_NUMBER || n < 1 || n > <i64>MAX_CODES) {
    badValue("n");
    return;
  }
  beginTransfer(<i32>n);
  write("OK PACK BEGIN n=");
  writeNumber(<u32>n);
  endLine();
}

function code(): void {
  const i = tokenNumber(2);
  if (i == NO_NUMBER || i < 1 || i > <i64>transferCount()) {
    badValue("i");
    return;
  }
  if (tokenSize(3) != 3) {
    codeError("length");
    return;
  }
  const a = tokenByte(3, 0) - 48;
  const b = tokenByte(3, 1) - 48;
  const c = tokenByte(3, 2) - 48;
  if (a < 1 || a > 4 || b < 1 || b > 4 || c < 1 || c > 4) {
    codeError("symbol");
    return;
  }
  if (!isValidCode(a, b, c)) {
    codeError("double");
    return;
  }
  const index = <i32>i - 1;
  const repeated = repeatOf(index, a, b, c);
  if (repeated > 0) {
    write("ERR bad-value code reason=repeat of=");
    writeNumber(<u32>repeated);
    endLine();
    return;
  }
  const hasId = tokenCount == 5;
  if (hasId && !isValidId(4)) {
    badValue("id");
    return;
  }
  putCode(index, a, b, c);
  if (hasId) for (let k = 0; k < tokenSize(4); k++) putIdByte(index, k, tokenByte(4, k));
  write("OK PACK CODE i=");
  writeNumber(<u32>i);
  endLine();
}

function isValidId(t: i32): bool {
  const length = tokenSize(t);
  if (length < 1 || length > ID_MAX) return false;
  for (let k = 0; k < length; k++) if (!isIdByte(tokenByte(t, k))) return false;
  return true;
}

function end(): void {
  const missing = endTransfer();
  if (missing > 0) {
    write("ERR bad-value code i=");
    writeNumber(<u32>missing);
    write(" reason=missing");
    endLine();
    return;
  }
  write("OK PACK END");
  writeCountAndSum();
}

function codeError(reason: string): void {
  write("ERR bad-value code reason=");
  write(reason);
  endLine();
}

function writeCountAndSum(): void {
  write(" n=");
  writeNumber(<u32>codeCount());
  write(" sum=");
  writeHex4(packSum());
  endLine();
}
