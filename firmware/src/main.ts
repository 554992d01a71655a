// The firmware's exports: the ABI of firmware/README.md, numbers only.

// abort.ts is the module's abort handler (asc --use abort=...): it must be compiled in.
import "./abort";
import { setNow } from "./clock";
import { msUntilNextTimer } from "./timers";
import { soundPlaying as playingSound, toneHz as buzzerHz } from "./sound";
import { ledMask as litMask } from "./display";
import { timeLeftMs } from "./countdown";
import { entryLength as enteredLength, entrySymbol as enteredSymbol } from "./entry";
import { foundCodes, needToWin } from "./missions";
import { boot, runDueUntil, gameState, buttonEdge, STATE_SLEEP } from "./game";
import { serialByte } from "./protocol";

export function init(seed: u32, now: u32): void {
  setNow(now);
  boot(seed);
}

export function tick(now: u32): void {
  runDueUntil(now);
}

export function button(index: i32, level: i32, now: u32): void {
  runDueUntil(now);
  buttonEdge(index, level);
}

export function rx(byte: i32, now: u32): void {
  runDueUntil(now);
  serialByte(byte);
}

export function nextWake(): i32 {
  return gameState() == STATE_SLEEP ? -1 : msUntilNextTimer();
}

export function state(): i32 {
  return gameState();
}

export function timeLeft(): i32 {
  return <i32>timeLeftMs();
}

export function found(): i32 {
  return foundCodes();
}

export function need(): i32 {
  return needToWin();
}

export function entryLength(): i32 {
  return enteredLength();
}

export function entrySymbol(i: i32): i32 {
  return enteredSymbol(i);
}

export function ledMask(): i32 {
  return litMask();
}

export function toneHz(): i32 {
  return buzzerHz();
}

export function soundPlaying(): i32 {
  return playingSound();
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
