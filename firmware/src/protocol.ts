// The serial protocol, version 1: the byte entry point, the line reader, and the matching of a
// line against the command table. See firmware/PROTOCOL.md for every answer and error.
//
// Checks run in this order, the first failure answering: the line (too-long, then bad-byte), the
// command word (unknown), the shape of the arguments (bad-args), the state (ERR state), then the
// values (bad-value, in the command's own module).

import { sayLine } from "./serial";
import { LINE_MAX, lineLength, tokenCount, appendByte, clearLine, tokenize, tokenAt, tokenSize, tokenIs, sayEchoLine } from "./line";
import { commandWord, minArgs, maxArgs, runsIn } from "./command-table";
import { COMMAND_COUNT, CMD_CONFIG_SET } from "./generated/commands";
import { NO_TEXT, TEXT_ERR_TOO_LONG, TEXT_ERR_BAD_BYTE, TEXT_ERR_STATE_SLEEP, TEXT_ERR_UNKNOWN } from "./generated/text";
import { gameState, wake, noteInput, STATE_SLEEP } from "./game";
import { answerFor, badArgs, stateError } from "./replies";
import { runCommand, configArgumentsWellFormed } from "./commands";

/**
 * What is wrong with the line being received, the answer it gets instead of being run: NO_TEXT,
 * TEXT_ERR_BAD_BYTE, TEXT_ERR_TOO_LONG (which no byte follows: too long wins over a bad byte), or
 * TEXT_ERR_STATE_SLEEP for the line that woke the device (dropped whole: no byte of it is kept).
 */
let lineError: i32 = 0;

/**
 * A serial byte (main.ts's `rx`). In deep sleep it wakes the device, and the line it begins is not
 * run: on the real board the UART was off and its first bytes are lost, so every runtime drops it
 * alike and answers it with `ERR state sleep` (the one answer every line gets). The sender sends
 * it again.
 */
export function serialByte(byte: i32): void {
  if (gameState() == STATE_SLEEP) {
    wake();
    clearLine();
    lineError = TEXT_ERR_STATE_SLEEP;
  }
  receiveByte(byte & 0xff);
  noteInput();
}

/** One byte from the serial line. */
function receiveByte(byte: i32): void {
  if (byte == 13) return;
  if (byte == 10) {
    endOfLine();
    return;
  }
  if (lineError == TEXT_ERR_STATE_SLEEP) return;
  if (lineLength >= LINE_MAX) {
    lineError = TEXT_ERR_TOO_LONG;
    return;
  }
  if (<u32>(byte - 32) > 94) lineError = TEXT_ERR_BAD_BYTE;
  appendByte(byte);
}

function endOfLine(): void {
  const error = lineError;
  lineError = NO_TEXT;
  if (error != NO_TEXT) sayLine(error);
  else {
    tokenize();
    if (tokenCount > 0) execute();
  }
  clearLine();
}

/**
 * Finds the line's command in the table: the first row whose words it starts with and whose
 * number of arguments it has. A line whose first word is a command's but fits no row is that
 * command's `ERR bad-args`.
 */
function execute(): void {
  let known: i32 = -1;
  let row: i32 = -1;
  let r = 0;
  do {
    if (!tokenIs(0, commandWord(r, 0))) continue;
    known = r;
    let words = 1;
    const sub = commandWord(r, 1);
    if (sub != NO_TEXT) {
      // A line of one word: its word 1 is empty (tokenize), no text.
      if (!tokenIs(1, sub)) continue;
      words = 2;
    }
    const args = tokenCount - words;
    const fewest = minArgs(r);
    if (<u32>(args - fewest) <= <u32>(maxArgs(r) - fewest)) {
      row = r;
      break;
    }
  } while (++r < COMMAND_COUNT);
  if (known < 0) {
    sayEchoLine(TEXT_ERR_UNKNOWN, tokenAt(0), tokenSize(0));
    return;
  }
  if (row < 0 || (row == CMD_CONFIG_SET && !configArgumentsWellFormed())) {
    badArgs(known);
    return;
  }
  if (!runsIn(row, gameState())) {
    stateError();
    return;
  }
  answerFor(row);
  runCommand(row);
}
