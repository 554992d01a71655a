// The command table (generated/commands.ts, from firmware/commands.json): each command's words,
// how many arguments it takes and the states it runs in. protocol.ts matches lines against it.

import { COMMAND_TABLE } from "./generated/commands";

/** Bytes per command in COMMAND_TABLE: 4 u16. */
const ROW_BYTES: i32 = 8;

function field(row: i32, index: i32): i32 {
  return <i32>load<u16>(COMMAND_TABLE + row * ROW_BYTES + index * 2);
}

/** The command's word (which 0), or its subcommand word (which 1; NO_TEXT when it has none). */
export function commandWord(row: i32, which: i32): i32 {
  return field(row, which);
}

export function minArgs(row: i32): i32 {
  return field(row, 2) & 0xff;
}

export function maxArgs(row: i32): i32 {
  return field(row, 2) >>> 8;
}

/** Whether the command runs in `state` (else it is answered ERR state). */
export function runsIn(row: i32, state: i32): bool {
  return ((field(row, 3) >>> state) & 1) != 0;
}
