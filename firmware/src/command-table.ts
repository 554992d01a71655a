// The command table (generated/commands.ts, from firmware/commands.json): each command's words,
// how many arguments it takes and the states it runs in. protocol.ts matches lines against it.

import { COMMAND_TABLE } from "./generated/commands";

/** Bytes per command in COMMAND_TABLE: 2 i16 and 2 u8. */
const ROW_BYTES: i32 = 6;

/** Where row `r` starts in COMMAND_TABLE. */
function row(r: i32): usize {
  return r * ROW_BYTES;
}

/** The command's word (which 0), or its subcommand word (which 1; NO_TEXT when it has none). */
export function commandWord(r: i32, which: i32): i32 {
  return <i32>load<i16>(row(r) + (which << 1), COMMAND_TABLE);
}

export function minArgs(r: i32): i32 {
  return <i32>load<u8>(row(r), COMMAND_TABLE + 4) & 3;
}

export function maxArgs(r: i32): i32 {
  return <i32>load<u8>(row(r), COMMAND_TABLE + 4) >>> 2;
}

/** Whether the command runs in `state` (else it is answered ERR state). */
export function runsIn(r: i32, state: i32): bool {
  return ((<i32>load<u8>(row(r), COMMAND_TABLE + 5) >>> state) & 1) != 0;
}
