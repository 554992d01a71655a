// Command-line flag parsing for every command of the project (the device, the panel, `npm start`
// and the companion's `imperial-timer`): strict parsing with messages that name the flag, what
// was wrong and the allowed values. A UsageError ends a program with exit code 2.
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  override name = 'UsageError';
}

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/**
 * Parses `argv` against `spec`; unknown flags, missing values and stray words are usage errors.
 * `unlisted`: flags that are parsed (to be refused in words of their own) but left out of the
 * unknown-flag message's list, since this command does not take them.
 */
export function parseFlags<T extends FlagSpec>(argv: readonly string[], spec: T, command: string, unlisted: readonly string[] = []) {
  try {
    return parseArgs({ args: [...argv], options: spec, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) {
      const known = Object.keys(spec)
        .filter((k) => !unlisted.includes(k))
        .map((k) => `--${k}`)
        .join(', ');
      throw new UsageError(`${command}: unknown flag ${unknown[1]} (the flags are ${known})`);
    }
    const positional = /Unexpected argument '([^']+)'/.exec(message);
    if (positional) throw new UsageError(`${command}: unexpected word "${positional[1]}" (every option is a --flag)`);
    const missing = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message);
    if (missing) throw new UsageError(`${command}: ${missing[1]} needs a value`);
    // `--seed -1`: node reads the "-1" as a flag of its own and calls the value ambiguous.
    const dashed = /Option '(?:-\w, )?(--[\w-]+)' argument is ambiguous/.exec(message);
    if (dashed) {
      throw new UsageError(
        `${command}: ${dashed[1]} needs a value, and the word after it starts with "-"; write ${dashed[1]}=VALUE for a value that starts with "-"`,
      );
    }
    throw new UsageError(`${command}: ${message}`);
  }
}

/** A decimal whole number in [min, max], or a UsageError naming the flag. */
export function parseWhole(text: string, flag: string, min: number, max: number): number {
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

/** A seed as typed on the command line (0..4294967295), or `fallback()` when none is given. */
export function parseSeed(text: string | undefined, fallback: () => number): number {
  return text === undefined ? fallback() : parseWhole(text, '--seed', 0, 0xffff_ffff);
}
