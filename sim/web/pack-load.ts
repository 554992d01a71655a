// Loading a pack file onto the page's timer: the file checked by the companion's own reader
// (host/pack/pack-placards.ts, the one Rebel Missions plays from; no game rules come with it), its PACK lines sent to the
// firmware one at a time and each answer judged, then CODES and PACK read back and compared.
// Also the printed-codes strip's contents from the firmware's own CODES answer. Pure: the page
// passes in how a line is sent (main.ts) and shows the result.

import { PackFileError, readPackPlacards } from '../../host/pack/pack-placards.ts';
import { packLines, packSum, type TimerCode } from '../../host/pack/pack-sum.ts';
import type { PrintedCode } from './printed-codes.ts';

/** A pack file as the page loads it. */
export interface PackChoice {
  readonly name: string;
  readonly codes: readonly TimerCode[];
  /** The placard name of each code, in order. */
  readonly placardNames: readonly string[];
  readonly sum: string;
}

export type Outcome = { readonly ok: true; readonly message: string } | { readonly ok: false; readonly message: string };

/** A chosen file's text into a pack, or the reason it is not one (naming the file and the entry). */
export function readPackChoice(text: string, fileName: string): PackChoice | { readonly error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      error: `${fileName} is not a pack file: it is not valid JSON (${error instanceof Error ? error.message : String(error)}). Choose a file made with \`npm run -s companion -- pack\`.`,
    };
  }
  try {
    const pack = readPackPlacards(value, fileName);
    return {
      name: pack.name,
      codes: pack.timerCodes,
      placardNames: pack.placards.filter((p) => !p.inquisitor).map((p) => p.name),
      sum: pack.sum,
    };
  } catch (error) {
    if (error instanceof PackFileError) return { error: `${error.message}. The timer was not changed.` };
    throw error;
  }
}

/** The codes of `OK CODE <i> <digits> [id=<id>]` lines, in order. */
export function listedCodes(lines: readonly string[]): TimerCode[] {
  return lines.flatMap((line) => {
    const match = /^OK CODE \d+ ([1-9]+)(?: id=(\S+))?$/.exec(line);
    if (!match) return [];
    const [, digits = '', id] = match;
    return [id === undefined ? { digits } : { digits, id }];
  });
}

/** A refusal from the firmware in words, with what to do. */
export function refusalText(answer: string): string {
  if (/^ERR state (running|paused)/.test(answer)) {
    return `The timer refused the pack: a game is under way (${answer}). A pack is loaded between games: let the game end, or switch the timer off and on, then load the file again.`;
  }
  if (/^ERR state sleep/.test(answer)) return `The timer was asleep (${answer}): press a button to wake it, then load the file again.`;
  return `The timer refused the pack (${answer}); the pack in play is unchanged.`;
}

/**
 * Sends the pack's lines with `send` (which returns the lines the device sent meanwhile), stops at
 * the first refusal (cancelling the transfer), and reads the result back with CODES and PACK.
 */
export function loadPackLines(send: (line: string) => readonly string[], pack: PackChoice): Outcome {
  for (const line of packLines(pack.codes)) {
    const answer = send(line).find((l) => l.startsWith('OK ') || l.startsWith('ERR ')) ?? '(no answer)';
    if (!answer.startsWith('OK ')) {
      if (line.startsWith('PACK CODE')) send('PACK CANCEL');
      return { ok: false, message: refusalText(answer) };
    }
  }
  const listed = listedCodes(send('CODES'));
  const info = send('PACK').find((l) => l.startsWith('OK PACK')) ?? '';
  const sameCodes = listed.length === pack.codes.length && listed.every((c, i) => c.digits === pack.codes[i]?.digits && c.id === pack.codes[i]?.id);
  if (!sameCodes || info !== `OK PACK source=loaded n=${pack.codes.length} sum=${pack.sum}`) {
    return { ok: false, message: `The timer does not hold the pack it was sent (it answers "${info}", expected sum ${pack.sum}).` };
  }
  return {
    ok: true,
    message: `Loaded “${pack.name}”: ${pack.codes.length} code${pack.codes.length === 1 ? '' : 's'}, sum ${pack.sum} (read back with CODES and PACK).`,
  };
}

/** Names the page remembers for a loaded pack (the timer keeps only codes and ids), by its sum. */
export interface PackNames {
  readonly sum: string;
  readonly names: readonly string[];
}

/**
 * The strip's codes from the firmware's CODES listing: each named after its placard when the
 * listing is the built-in pack's or the one `names` was kept for, else by its id or number.
 */
export function stripCodes(listed: readonly TimerCode[], builtin: readonly PrintedCode[], names: PackNames | undefined): PrintedCode[] {
  const isBuiltin = listed.length === builtin.length && listed.every((c, i) => c.id === undefined && c.digits === builtin[i]?.digits.join(''));
  if (isBuiltin) return [...builtin];
  const known = names !== undefined && names.sum === packSum(listed) && names.names.length === listed.length ? names.names : undefined;
  return listed.map((code, i) => ({
    id: code.id ?? `#${i + 1}`,
    name: known?.[i] ?? `placard ${i + 1}`,
    digits: [...code.digits].map(Number),
  }));
}

const NAMES_KEY = 'imperial-timer.pack-names';

export function loadPackNames(storage: Storage | undefined): PackNames | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(NAMES_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { sum, names } = value as { sum?: unknown; names?: unknown };
    if (typeof sum !== 'string' || !Array.isArray(names) || !names.every((n) => typeof n === 'string')) return undefined;
    return { sum, names: names as string[] };
  } catch {
    return undefined;
  }
}

export function savePackNames(storage: Storage | undefined, names: PackNames): void {
  try {
    storage?.setItem(NAMES_KEY, JSON.stringify(names));
  } catch {
    // Not kept: the strip then names the codes by their ids.
  }
}
