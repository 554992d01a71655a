// Command-line flag parsing for every command of the project (the device, the panel, `npm start`
// and the companion's `imperial-timer`, through host/cli/args.ts): strict parsing with messages
// that name the flag, what was wrong and the allowed values. A UsageError ends a program with
// exit code 2.
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
    throw new UsageError(`${command}: ${flagProblem(error, argv, spec, unlisted)}`);
  }
}

type ParseToken = ReturnType<typeof parseArgs>['tokens'] extends (infer U)[] | undefined ? U : never;

/**
 * What was wrong with the flags, in words: told by parseArgs's error code, with the word at fault
 * found in its tokens (the flags read again without strictness), never in its message's text.
 */
function flagProblem(error: unknown, argv: readonly string[], spec: FlagSpec, unlisted: readonly string[]): string {
  const code = (error as NodeJS.ErrnoException).code;
  const { tokens } = parseArgs({ args: [...argv], options: spec, strict: false, allowPositionals: true, tokens: true });
  const options = tokens.filter((t): t is Extract<ParseToken, { kind: 'option' }> => t.kind === 'option');
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const unknown = options.find((t) => !Object.hasOwn(spec, t.name));
      const known = Object.keys(spec)
        .filter((k) => !unlisted.includes(k))
        .map((k) => `--${k}`)
        .join(', ');
      return `unknown flag ${unknown?.rawName ?? argv.find((a) => a.startsWith('-')) ?? ''} (the flags are ${known})`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const word = tokens.find((t) => t.kind === 'positional');
      return `unexpected word "${word?.kind === 'positional' ? word.value : ''}" (every option is a --flag)`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      for (const token of options) {
        const flag = `--${token.name}`;
        const type = spec[token.name]?.type;
        if (type === 'boolean' && token.value !== undefined) return `${flag} takes no value (write ${flag} alone)`;
        if (type !== 'string') continue;
        if (token.value === undefined) return `${flag} needs a value`;
        // `--seed -1`: node reads the "-1" as a flag of its own and calls the value ambiguous.
        if (!token.inlineValue && token.value.startsWith('-')) {
          return `${flag} needs a value, and the word after it starts with "-"; write ${flag}=VALUE for a value that starts with "-"`;
        }
      }
      return `a flag's value is wrong (${(error as Error).message})`;
    }
    default:
      return (error as Error).message;
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
