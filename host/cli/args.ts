// Command-line flags for imperial-timer: strict parsing with messages that name the flag, what
// was wrong and the allowed values. A UsageError ends the program with exit code 2.

import { parseArgs } from 'node:util';

export class UsageError extends Error {
  override name = 'UsageError';
}

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Parses `argv` against `spec`; unknown flags, missing values and stray words are usage errors. */
export function parseFlags<T extends FlagSpec>(argv: readonly string[], spec: T, command: string) {
  try {
    return parseArgs({ args: [...argv], options: spec, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) {
      const known = Object.keys(spec).map((k) => `--${k}`).join(', ');
      throw new UsageError(`${command}: unknown flag ${unknown[1]} (the flags are ${known})`);
    }
    const positional = /Unexpected argument '([^']+)'/.exec(message);
    if (positional) throw new UsageError(`${command}: unexpected word "${positional[1]}" (every option is a --flag)`);
    const missing = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message);
    if (missing) throw new UsageError(`${command}: ${missing[1]} needs a value`);
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

export function parseSeed(text: string | undefined, fallback: () => number): number {
  return text === undefined ? fallback() : parseWhole(text, '--seed', 0, 0xffff_ffff);
}

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
  const wanted = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (wanted.length === 0) throw new UsageError(`--bots needs "all" or player names from the table (${names.join(', ')})`);
  return wanted.map((w) => {
    const found = names.find((n) => n.toLowerCase() === w.toLowerCase());
    if (found === undefined) throw new UsageError(`--bots: "${w}" is not at the table; the players are ${names.join(', ')} (or use --bots all)`);
    return found;
  });
}
