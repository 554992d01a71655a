// Command-line flag parsing shared by the device CLI and the panel.
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** A seed as typed on the command line: a decimal whole number 0..4294967295. */
export function parseSeed(text: string | undefined, flag = '--seed'): number {
  if (text === undefined) return 0;
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) > 0xffff_ffff) {
    throw new UsageError(`${flag} must be a whole number 0..4294967295, got "${text}"`);
  }
  return Number(text);
}

type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Parses flags strictly (unknown flags and stray arguments are usage errors). */
export function parseFlags<T extends FlagSpec>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
