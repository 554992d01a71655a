// The emulator-only SIM commands of protocol v1: recognising a SIM line and parsing it.
// A line that is too long or holds a bad byte is not treated as SIM: the firmware answers it
// (ERR too-long / ERR bad-byte), so the framing rules stay the firmware's.

import { parseButton, type ButtonName } from './names.ts';

export type SimCommand =
  | { kind: 'advance'; ms: number }
  | { kind: 'pin'; button: ButtonName; level: 0 | 1 }
  | { kind: 'power'; on: boolean }
  | { kind: 'battery'; mv: number }
  | { kind: 'energy' }
  | { kind: 'outputs' };

/** A SIM line: either a command to run, or the ERR line to answer. */
export type SimParse = { ok: true; command: SimCommand } | { ok: false; answer: string };

export const MAX_LINE_BYTES = 80;
export const MAX_ADVANCE_MS = 0xffff_ffff;
export const MAX_BATTERY_MV = 9999;

/**
 * Parses `line` (without its '\n') as a SIM command. Returns undefined when the line is not one
 * (first word not SIM, longer than 80 bytes, or holding a byte outside printable ASCII).
 */
export function parseSimLine(line: string): SimParse | undefined {
  const text = line.replaceAll('\r', '');
  if (text.length > MAX_LINE_BYTES || !/^[\x20-\x7e]*$/.test(text)) return undefined;
  const words = text.split(' ').filter((word) => word !== '');
  if (words[0]?.toUpperCase() !== 'SIM') return undefined;
  const sub = words[1]?.toUpperCase();
  const args = words.slice(2);
  const badArgs = (): SimParse => ({ ok: false, answer: `ERR bad-args SIM ${sub}` });
  const badValue = (key: string): SimParse => ({ ok: false, answer: `ERR bad-value ${key}` });
  const ok = (command: SimCommand): SimParse => ({ ok: true, command });

  switch (sub) {
    case 'ADVANCE': {
      if (args.length !== 1) return badArgs();
      const ms = parseNumber(args[0], MAX_ADVANCE_MS);
      return ms === undefined ? badValue('ms') : ok({ kind: 'advance', ms });
    }
    case 'PIN': {
      if (args.length !== 2) return badArgs();
      const button = parseButton(args[0] ?? '');
      if (button === undefined) return badValue('button');
      const level = args[1];
      if (level !== '0' && level !== '1') return badValue('level');
      return ok({ kind: 'pin', button, level: level === '1' ? 1 : 0 });
    }
    case 'POWER': {
      if (args.length !== 1) return badArgs();
      const state = args[0]?.toLowerCase();
      if (state !== 'on' && state !== 'off') return badValue('power');
      return ok({ kind: 'power', on: state === 'on' });
    }
    case 'BATTERY': {
      if (args.length !== 1) return badArgs();
      const mv = parseNumber(args[0], MAX_BATTERY_MV);
      return mv === undefined ? badValue('mv') : ok({ kind: 'battery', mv });
    }
    case 'ENERGY':
      return args.length === 0 ? ok({ kind: 'energy' }) : badArgs();
    case 'OUTPUTS':
      return args.length === 0 ? ok({ kind: 'outputs' }) : badArgs();
    default:
      return { ok: false, answer: 'ERR bad-args SIM' };
  }
}

/** parseSimLine for a line given as bytes (without '\n'). */
export function parseSimBytes(bytes: Uint8Array): SimParse | undefined {
  const kept = bytes.filter((byte) => byte !== 0x0d);
  if (kept.length > MAX_LINE_BYTES) return undefined;
  return parseSimLine(String.fromCharCode(...kept));
}

/** A decimal number as the protocol writes them: digits only, at most 10, at most `max`. */
function parseNumber(word: string | undefined, max: number): number | undefined {
  if (word === undefined || !/^[0-9]{1,10}$/.test(word)) return undefined;
  const value = Number(word);
  return value <= max ? value : undefined;
}
