import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { splitLines, TimerLineSplitter } from '../../common/lines.ts';
import { firmwareBuilt } from '../../sim/device/node/load-firmware.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (lines: { bytes: Uint8Array }[]) => lines.map((line) => new TextDecoder().decode(line.bytes));

describe('splitLines', () => {
  it('splits at \\n only, across chunks, keeping \\r and the unterminated rest', () => {
    const splitter = splitLines();
    expect(text(splitter.push(bytes('HEL')))).toEqual([]);
    expect(text(splitter.push(bytes('LO\r\nSTA')))).toEqual(['HELLO\r']);
    expect(text(splitter.push(bytes('TUS\n\nX')))).toEqual(['STATUS', '']);
    expect(text([splitter.end()!])).toEqual(['X']);
    expect(splitter.end()).toBeUndefined();
  });

  it('drops every \\r when asked (the device ignores them), without counting them toward the limit', () => {
    const splitter = splitLines({ maxLength: 6, dropCR: true });
    const lines = splitter.push(bytes(`ST\rA\r\rTUS${'\r'.repeat(100)}\n`));
    expect(lines).toEqual([{ bytes: bytes('STATUS'), overLong: false, length: 6 }]);
  });

  it('never holds an over-long line whole: it comes out cut, marked, with its real length, and the next line is intact', () => {
    const splitter = splitLines({ maxLength: 80 });
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const total = 32 * 1024 * 1024;
    for (let sent = 0; sent < total; sent += chunk.length) {
      expect(splitter.push(chunk)).toEqual([]);
      expect(splitter.held).toBeLessThanOrEqual(81);
    }
    const [long, next] = splitter.push(bytes('\nSTATUS\n'));
    expect(long).toMatchObject({ overLong: true, length: total });
    expect(long?.bytes.length).toBe(81);
    expect(next).toEqual({ bytes: bytes('STATUS'), overLong: false, length: 6 });
    // An unterminated over-long rest at the end of the input is marked too.
    splitter.push(new Uint8Array(200).fill(0x42));
    expect(splitter.end()).toMatchObject({ overLong: true, length: 200 });
  });

  it('a line exactly at the limit is whole; one byte more is over-long', () => {
    const splitter = splitLines({ maxLength: 4 });
    expect(splitter.push(bytes('ABCD\nABCDE\n'))).toEqual([
      { bytes: bytes('ABCD'), overLong: false, length: 4 },
      { bytes: bytes('ABCDE'), overLong: true, length: 5 },
    ]);
  });

  it('copies what it keeps (a reused chunk buffer does not change a line)', () => {
    const splitter = splitLines();
    const chunk = bytes('AB');
    splitter.push(chunk);
    chunk.fill(0x5a);
    expect(text([splitter.push(bytes('\n'))[0]!])).toEqual(['AB']);
  });
});

describe("the timer's lines (the protocol client's splitter)", () => {
  it('holds at most its limit of an over-long line and drops it with a problem', () => {
    const splitter = new TimerLineSplitter(256);
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    for (let i = 0; i < 64; i++) expect(splitter.push(chunk)).toEqual([]);
    expect(splitter.pending().length).toBe(256);
    expect(splitter.push('\nOK HELLO\n')).toEqual([{ problem: 'a line longer than 256 bytes was dropped', sample: 'A'.repeat(40) }, { line: 'OK HELLO' }]);
  });
});

describe.skipIf(!firmwareBuilt())('the device on standard input', () => {
  it('answers an over-long line ERR too-long, as the protocol says, and the next line as usual', () => {
    const input = `${'X'.repeat(8 * 1024 * 1024)}\n${'\r'.repeat(1000)}HELLO\r\n`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'sim/cli/device.ts', '--stdio'], { input, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n').slice(0, 3)).toEqual(['EVT POWER on', 'ERR too-long', expect.stringMatching(/^OK HELLO name=imperial-timer/)]);
  });
});
