// The project's one flag parser (common/args.ts): each of parseArgs's error codes in words that
// name the flag or word at fault and what to do.
import { describe, expect, it } from 'vitest';
import { parseFlags, parseSeed, parseWhole, UsageError } from '../../common/args.ts';

const SPEC = { seed: { type: 'string', short: 's' }, help: { type: 'boolean', short: 'h' }, secret: { type: 'string' } } as const;

function problem(argv: readonly string[]): string {
  try {
    parseFlags(argv, SPEC, 'device', ['secret']);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(' ')} was taken`);
}

describe('parseFlags', () => {
  it('reads the flags it is given', () => {
    expect(parseFlags(['--seed', '3', '-h'], SPEC, 'device')).toEqual({ seed: '3', help: true });
    expect(parseFlags(['--seed=-1'], SPEC, 'device')).toEqual({ seed: '-1' });
  });

  it('names an unknown flag as typed and lists the flags the command takes (not the unlisted ones)', () => {
    expect(problem(['--seed', '3', '--sede=4'])).toBe('device: unknown flag --sede (the flags are --seed, --help)');
    expect(problem(['-z'])).toBe('device: unknown flag -z (the flags are --seed, --help)');
  });

  it('names a stray word', () => {
    expect(problem(['--help', 'now'])).toBe('device: unexpected word "now" (every option is a --flag)');
  });

  it('names a flag whose value is missing, or whose value starts with "-", by its long name', () => {
    expect(problem(['--seed'])).toBe('device: --seed needs a value');
    expect(problem(['-s'])).toBe('device: --seed needs a value');
    expect(problem(['--seed', '-1'])).toBe(
      'device: --seed needs a value, and the word after it starts with "-"; write --seed=VALUE for a value that starts with "-"',
    );
    expect(problem(['--seed', '--help'])).toMatch(/^device: --seed needs a value, and the word after it starts with "-"/);
  });

  it('refuses a value given to an on/off flag', () => {
    expect(problem(['--help=yes'])).toBe('device: --help takes no value (write --help alone)');
  });
});

describe('whole numbers and seeds', () => {
  it('takes decimal whole numbers in range and names the flag otherwise', () => {
    expect(parseWhole('42', '--port', 1, 65535)).toBe(42);
    expect(() => parseWhole('0x10', '--port', 1, 65535)).toThrow('--port must be a whole number from 1 to 65535, got "0x10"');
    expect(parseSeed(undefined, () => 7)).toBe(7);
    expect(() => parseSeed('4294967296', () => 0)).toThrow(UsageError);
  });
});
