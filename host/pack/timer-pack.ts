// Putting a pack on a timer and checking it is there: load it (all or nothing), then read it
// back with CODES and PACK and compare codes, ids and sum. A timer that refuses says why in
// words a person can act on (a game running, a firmware without packs, ...).

import { AnswerLostError, CommandError, LinkError, type ListedCode, type PackCodeLine, type PackInfo } from '../link/protocol-client.ts';
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

/** `text` as a sentence: a full stop unless it ends with one (or with ? or !). */
const ended = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Which pack `info` says the timer holds, in words: "its built-in pack (24 codes, sum 1a2b)". */
export function heldText(info: PackInfo, wanted: { readonly n: number; readonly sum: string }, before?: PackInfo): string {
  const counted = `${info.n} code${info.n === 1 ? '' : 's'}, sum ${info.sum}`;
  if (info.source === 'loaded' && info.n === wanted.n && info.sum === wanted.sum) return `the new pack (${counted})`;
  const old = before !== undefined && before.source === info.source && before.sum === info.sum ? 'its old pack: ' : '';
  return info.source === 'builtin' ? `${old}its built-in pack (${counted})` : `${old}another loaded pack (${counted})`;
}

/** What a link error leaves on the timer, said after the error: `changed` tells what the lost command may have done. */
function failure(error: unknown, again: string, unchanged: string): never {
  if (error instanceof CommandError) throw new TimerPackError(refusalText(error, again));
  if (error instanceof LinkError) throw new TimerPackError(`${ended(error.message)} ${unchanged} Plug it back (or switch it on) and run ${again} again`);
  throw error;
}

/** The pack in play (`PACK`), or a TimerPackError saying why it cannot be read. */
async function packInPlay(timer: PackTimer, again: string): Promise<PackInfo> {
  try {
    return await timer.pack();
  } catch (error) {
    return failure(error, again, 'The timer was not changed.');
  }
}

export interface LoadResult {
  /** The pack in play now, read back with CODES and PACK: the one sent. */
  readonly info: PackInfo;
  /** What the timer held before. */
  readonly before: PackInfo;
  /** It held this very pack already (a run whose answer was lost put it there): nothing was sent. */
  readonly already: boolean;
}

/**
 * Loads `codes` onto the timer and checks them there. `again`: the command that retries (for
 * messages). The timer's pack is read first: when it already holds these codes (a `PACK END`
 * whose answer was lost did load them), nothing is sent. When the answer to `PACK END` is lost,
 * the pack is read back, if the timer still answers, to tell which one it holds.
 */
export async function writePackToTimer(timer: PackTimer, codes: readonly TimerCode[], again: string): Promise<LoadResult> {
  const before = await packInPlay(timer, again);
  const wanted = { n: codes.length, sum: packSum(codes) };
  if (before.source === 'loaded' && before.n === wanted.n && before.sum === wanted.sum) {
    try {
      const listed = await timer.codeList();
      if (codesDiffer(listed, codes) === null) return { info: before, before, already: true };
    } catch (error) {
      failure(error, again, 'The timer was not changed.');
    }
  }
  try {
    await timer.loadPack(codes);
  } catch (error) {
    if (error instanceof AnswerLostError) return { info: await afterLostAnswer(timer, codes, again, error, before), before, already: false };
    failure(error, again, `The timer still holds ${heldText(before, wanted)}: a pack is put in play only by PACK END, which was not sent.`);
  }
  try {
    return { info: await verifyTimerPack(timer, codes, 'loaded'), before, already: false };
  } catch (error) {
    return failure(error, again, 'The timer took the pack (PACK END was answered) but could not be read back.');
  }
}

/** `PACK END` was sent and its answer lost: the pack the timer holds, read back if it answers; else a TimerPackError saying it may hold either. */
async function afterLostAnswer(timer: PackTimer, codes: readonly TimerCode[], again: string, lost: AnswerLostError, before: PackInfo): Promise<PackInfo> {
  const wanted = { n: codes.length, sum: packSum(codes) };
  let info: PackInfo;
  try {
    info = await timer.pack();
  } catch {
    throw new TimerPackError(
      `${ended(lost.message)} PACK END reached the timer or not: its answer was lost, so the timer holds either the new pack (${wanted.n} codes, sum ${wanted.sum}) or its old one, ${heldText(before, wanted)}. Plug it back (or switch it on) and run ${again} again: it reads the timer's pack first and says which one it holds`,
    );
  }
  if (info.source === 'loaded' && info.sum === wanted.sum) {
    try {
      return await verifyTimerPack(timer, codes, 'loaded');
    } catch (error) {
      return failure(error, again, 'The answer to PACK END was lost, and the pack read back is not the one sent.');
    }
  }
  throw new TimerPackError(
    `${ended(lost.message)} The answer to PACK END was lost; read back, the timer still holds ${heldText(info, wanted, before)}: the new pack was not put in play. Run ${again} again`,
  );
}

/** Returns the timer to its built-in pack and checks it; `builtin` is the built-in pack's codes. */
export async function restoreBuiltinPack(timer: PackTimer, builtin: readonly TimerCode[], again: string): Promise<PackInfo> {
  try {
    await timer.packBuiltin();
    return await verifyTimerPack(timer, builtin, 'builtin');
  } catch (error) {
    return failure(error, again, 'The timer may be back on its built-in pack or not (PACK BUILTIN was not answered).');
  }
}
