// The answers every command shares: `OK <command>...`, and the errors of firmware/PROTOCOL.md's
// order of checks. The command being answered is set by protocol.ts before it runs.

import { say, sayLine, writeByte, sayNumberLine, endLine, listed } from "./serial";
import { commandWord } from "./command-table";
import { gameState } from "./game";
import { NO_TEXT, TEXT_OK, TEXT_ERR_BAD_ARGS, TEXT_ERR_BAD_VALUE, TEXT_ERR_STATE, LIST_STATE } from "./generated/text";

let answering: i32 = 0;

/** The command (a CMD_* row) the next answers are for. */
export function answerFor(row: i32): void {
  answering = row;
}

/** Writes `OK` and the command's words (`OK PACK BEGIN`); the caller writes the rest and ends the line. */
export function okCommand(): void {
  say(TEXT_OK);
  say(commandWord(answering, 0));
  const sub = commandWord(answering, 1);
  if (sub != NO_TEXT) {
    writeByte(32);
    say(sub);
  }
}

/** `OK <command>`, text `ref`, then `value` in decimal: the whole line. */
export function okNumber(ref: i32, value: u32): void {
  okCommand();
  sayNumberLine(ref, value);
}

/** `OK <command>`. */
export function ok(): void {
  okCommand();
  endLine();
}

/** `ERR bad-args <COMMAND>`: the command word of row `row`. */
export function badArgs(row: i32): void {
  say(TEXT_ERR_BAD_ARGS);
  sayLine(commandWord(row, 0));
}

/** `ERR bad-value <key>` (text `key`). */
export function badValue(key: i32): void {
  say(TEXT_ERR_BAD_VALUE);
  sayLine(key);
}

/** `ERR state <state>`: the state now. */
export function stateError(): void {
  say(TEXT_ERR_STATE);
  sayLine(listed(LIST_STATE, gameState()));
}
