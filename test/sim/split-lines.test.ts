import { describe, expect, it } from 'vitest';
import { splitLines } from '../../sim/cli/split-lines.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (lines: Uint8Array[]) => lines.map((line) => new TextDecoder().decode(line));

describe('splitLines', () => {
  it('splits at \\n only, across chunks, keeping \\r and the unterminated rest', () => {
    const splitter = splitLines();
    expect(text(splitter.push(bytes('HEL')))).toEqual([]);
    expect(text(splitter.push(bytes('LO\r\nSTA')))).toEqual(['HELLO\r']);
    expect(text(splitter.push(bytes('TUS\n\nX')))).toEqual(['STATUS', '']);
    expect(text([splitter.end()!])).toEqual(['X']);
    expect(splitter.end()).toBeUndefined();
  });
});
