// Command-line flags for imperial-timer: the project's flag parsing (common/args.ts) and the
// companion's own values (baud rates, players, bots). A UsageError ends the program with exit code 2.

import { UsageError } from '../../common/args.ts';

export { parseFlags, parseSeed, parseWhole, UsageError } from '../../common/args.ts';
export type { FlagSpec } from '../../common/args.ts';

export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200, 230400] as const;

export function parseBaud(text: string | undefined): number {
  if (text === undefined) return 115200;
  const baud = Number(text);
  if (!/^[0-9]+$/.test(text) || !(BAUD_RATES as readonly number[]).includes(baud)) {
    throw new UsageError(`--baud must be one of ${BAUD_RATES.join(', ')} (the timer speaks 115200), got "${text}"`);
  }
  return baud;
}

/** `--bots all` or `--bots Ben,Ana`: the seats the bots play, as names from the table. */
export function parseBots(text: string | undefined, names: readonly string[]): string[] {
  if (text === undefined) return [];
  if (text.trim().toLowerCase() === 'all') return [...names];
  const wanted = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (wanted.length === 0) throw new UsageError(`--bots needs "all" or player names from the table (${names.join(', ')})`);
  return wanted.map((w) => {
    const found = names.find((n) => n.toLowerCase() === w.toLowerCase());
    if (found === undefined) throw new UsageError(`--bots: "${w}" is not at the table; the players are ${names.join(', ')} (or use --bots all)`);
    return found;
  });
}
