// Command-line flags for imperial-timer: the project's flag parsing (sim/cli/args.ts) and the
// companion's own values (baud rates, players, bots). A UsageError ends the program with exit code 2.

import { UsageError } from '../../sim/cli/args.ts';

export { parseFlags, parseSeed, parseWhole, UsageError } from '../../sim/cli/args.ts';
export type { FlagSpec } from '../../sim/cli/args.ts';

export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200, 230400] as const;

export function parseBaud(text: string | undefined): number {
  if (text === undefined) return 115200;
  const baud = Number(text);
  if (!/^[0-9]+$/.test(text) || !(BAUD_RATES as readonly number[]).includes(baud)) {
    throw new UsageError(`--baud must be one of ${BAUD_RATES.join(', ')} (the timer speaks 115200), got "${text}"`);
  }
  return baud;
}

export interface SeatRequest {
  readonly name: string;
  readonly profile: string;
}

/**
 * `--players "Ana:hera,Ben:zeb"`: seat order, oldest player first. Profiles must be among
 * `profiles`; names must be distinct.
 */
export function parsePlayers(text: string | undefined, profiles: readonly string[]): SeatRequest[] {
  const example = `--players "Ana:${profiles[0] ?? 'hera'},Ben:${profiles[1] ?? 'zeb'}"`;
  if (text === undefined || text.trim() === '') {
    throw new UsageError(`--players is required: each player's name and Rebel profile, oldest first, e.g. ${example} (profiles: ${profiles.join(', ')})`);
  }
  const seats = text.split(',').map((part) => {
    const [name = '', profile = '', extra] = part.split(':').map((s) => s.trim());
    if (extra !== undefined || name === '' || profile === '') {
      throw new UsageError(`--players: "${part.trim()}" is not name:profile, e.g. ${example}`);
    }
    const id = profile.toLowerCase();
    if (!profiles.includes(id)) throw new UsageError(`--players: ${name}'s profile "${profile}" is not one of ${profiles.join(', ')}`);
    return { name, profile: id };
  });
  const names = seats.map((s) => s.name.toLowerCase());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new UsageError(`--players: the name "${twice}" is given twice; each player needs a different name`);
  return seats;
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
