// The --json streams read their input line by line in bounded memory: an over-long line is
// dropped with an error line that says what to send, and play goes on with the next line.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { MAX_INPUT_LINE_BYTES } from '../../host/ui/json/stream-io.ts';
import { memoryIo } from './cli-process.ts';
import { tempSavePath } from './secret-invasion-support.ts';

type JsonRecord = { type: string } & Record<string, unknown>;

async function stream(input: string): Promise<JsonRecord[]> {
  const { io, out } = memoryIo(input);
  expect(await runCli(['play', 'secret-invasion', '--players', 'Ana,Ben', '--json', '--no-timer', '--seed', '7', '--save', tempSavePath()], io)).toBe(0);
  return out()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonRecord);
}

describe('--json input lines', () => {
  it('drops an over-long line with an error that says what to send, then reads the next line (CRLF too)', async () => {
    const long = 'x'.repeat(4 * 1024 * 1024);
    const records = await stream(`${long}\r\n1\r\n`);
    const error = records.findIndex((r) => r.type === 'error');
    expect(records[error]).toEqual({
      type: 'error',
      message: `an input line of ${long.length + 1} bytes was dropped (the longest read is ${MAX_INPUT_LINE_BYTES} bytes): send one menu number or one move as JSON per line`,
    });
    expect(records.slice(error).some((r) => r.type === 'move')).toBe(true);
  });

  it('an over-long unterminated last line is reported too', async () => {
    const records = await stream(`1\n${'{'.repeat(MAX_INPUT_LINE_BYTES + 1)}`);
    expect(records.filter((r) => r.type === 'move')).toHaveLength(1);
    expect(records.some((r) => r.type === 'error' && /an input line of 65537 bytes was dropped/.test(String(r['message'])))).toBe(true);
  });
});
