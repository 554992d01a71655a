// Putting a pack on a timer and checking it is there: load it (all or nothing), then read it
// back with CODES and PACK and compare codes, ids and sum. A timer that refuses says why in
// words a person can act on (a game running, a firmware without packs, ...).

import { CommandError, LinkError, type ListedCode, type PackCodeLine, type PackInfo } from '../link/protocol-client.ts';
import { packSum, type TimerCode } from './pack-sum.ts';

/** What this needs of a timer (a TimerLink, a ProtocolClient, or a fake in tests). */
export interface PackTimer {
  codeList(): Promise<ListedCode[]>;
  pack(): Promise<PackInfo>;
  loadPack(codes: readonly PackCodeLine[]): Promise<PackInfo>;
  packBuiltin(): Promise<PackInfo>;
}

/** The timer did not take the pack, or holds something else than it should; the message says what to do. */
export class TimerPackError extends Error {
  override name = 'TimerPackError';
}

/** A refusal (`ERR ...`) in words; `again` is the command to run once the cause is gone. */
export function refusalText(error: CommandError, again: string): string {
  const words = error.line.split(/\s+/).slice(2);
  switch (error.reason) {
    case 'state':
      if (words[0] === 'running' || words[0] === 'paused') {
        return `the timer refused the pack because a game is ${words[0]} on it (${error.line}): a pack is loaded between games. Let the game end (or switch the timer off and on), then run ${again} again`;
      }
      return `the timer refused the pack in its state "${words[0] ?? '?'}" (${error.line}); switch it off and on, then run ${again} again`;
    case 'unknown':
      return `this timer's firmware does not know packs (${error.line}): update its firmware (see "Build a real timer" in README.md), then run ${again} again`;
    case 'bad-value':
      return `the timer refused a code of the pack (${error.line} for "${error.command}"); check the pack file (the companion checks the same rules, so the timer's firmware may be another version than this companion's)`;
    default:
      return `the timer refused "${error.command}" (${error.line}); run ${again} again, and if it keeps refusing, check the timer's firmware version`;
  }
}

function codeText(code: { digits: string; id?: string | undefined }): string {
  return code.id === undefined ? code.digits : `${code.digits} id=${code.id}`;
}

/** Where the timer's CODES differ from `codes`, in words; null when they are the same (ids compared too when `withIds`). */
export function codesDiffer(listed: readonly ListedCode[], codes: readonly TimerCode[], withIds = true): string | null {
  if (listed.length !== codes.length) return `the timer lists ${listed.length} codes, the pack has ${codes.length}`;
  for (const [i, want] of codes.entries()) {
    const got = listed[i];
    if (got === undefined || got.index !== i + 1 || got.digits !== want.digits || (withIds && got.id !== want.id)) {
      return `code ${i + 1} on the timer is ${got ? codeText(got) : 'missing'}, the pack's is ${codeText(want)}`;
    }
  }
  return null;
}

/** Reads the timer's pack back (CODES, PACK) and checks it is `codes`; throws TimerPackError when not. */
export async function verifyTimerPack(timer: PackTimer, codes: readonly TimerCode[], source: PackInfo['source']): Promise<PackInfo> {
  const listed = await timer.codeList();
  const differ = codesDiffer(listed, codes);
  if (differ !== null) throw new TimerPackError(`the timer does not hold the pack it was sent: ${differ}`);
  const info = await timer.pack();
  const sum = packSum(codes);
  if (info.source !== source || info.n !== codes.length || info.sum !== sum) {
    throw new TimerPackError(
      `the timer reports its pack as source=${info.source} n=${info.n} sum=${info.sum}, expected source=${source} n=${codes.length} sum=${sum}`,
    );
  }
  return info;
}

function failure(error: unknown, again: string): never {
  if (error instanceof CommandError) throw new TimerPackError(refusalText(error, again));
  if (error instanceof LinkError)
    throw new TimerPackError(`${error.message}; nothing was changed on the timer unless it answered. Run ${again} again once it is connected`);
  throw error;
}

/** Loads `codes` onto the timer and checks them there. `again`: the command that retries (for messages). */
export async function writePackToTimer(timer: PackTimer, codes: readonly TimerCode[], again: string): Promise<PackInfo> {
  try {
    await timer.loadPack(codes);
    return await verifyTimerPack(timer, codes, 'loaded');
  } catch (error) {
    return failure(error, again);
  }
}

/** Returns the timer to its built-in pack and checks it; `builtin` is the built-in pack's codes. */
export async function restoreBuiltinPack(timer: PackTimer, builtin: readonly TimerCode[], again: string): Promise<PackInfo> {
  try {
    await timer.packBuiltin();
    return await verifyTimerPack(timer, builtin, 'builtin');
  } catch (error) {
    return failure(error, again);
  }
}
