// The firmware's exports: the ABI of firmware/README.md, numbers only. An export that only reads a
// value is the module's own function, exported under its ABI name (no wrapper around it).

// abort.ts is the module's abort handler (asc --use abort=...): it must be compiled in.
import "./abort";
import { setNow } from "./clock";
import { boot, runDueUntil, gameState, buttonEdge, STATE_SLEEP } from "./game";
import { serialByte } from "./protocol";

export { runDueUntil as tick, gameState as state } from "./game";
// In deep sleep no timer is armed (game.ts's enterSleep): -1, as the ABI has it.
export { msUntilNextTimer as nextWake } from "./timers";
export { soundPlaying, toneHz } from "./sound";
export { ledMask } from "./display";
export { timeLeftMs as timeLeft } from "./countdown";
export { entryLength, entrySymbol } from "./entry";
export { foundCodes as found, needToWin as need } from "./missions";

export function init(seed: u32, now: u32): void {
  setNow(now);
  boot(seed);
}

export function button(index: i32, level: i32, now: u32): void {
  runDueUntil(now);
  buttonEdge(index, level);
}

export function rx(byte: i32, now: u32): void {
  runDueUntil(now);
  serialByte(byte);
}


export function powerMode(): i32 {
  return gameState() == STATE_SLEEP ? 1 : 0;
}

/**
 * Where static memory ends (the heap's base). Nothing is allocated, ever: every buffer is static
 * memory (the build fails when an allocator is compiled in), so this never changes after `init`.
 */
export function heapTop(): i32 {
  return <i32>__heap_base;
}
