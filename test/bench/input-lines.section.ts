// How fast standard input is split into lines, and how much of a line is held: one unterminated
// 32 MiB line in 64 KiB chunks (the input that once took 22 s and 1.3 GB), and ordinary lines.
import { performance } from 'node:perf_hooks';
import { splitLines } from '../../common/lines.ts';
import { formatNumber, type BenchSection } from './section.ts';

const MIB = 1024 * 1024;

function feed(chunk: Uint8Array, chunks: number, maxLength: number): { ms: number; held: number; lines: number } {
  const splitter = splitLines({ maxLength });
  let held = 0;
  let lines = 0;
  const started = performance.now();
  for (let i = 0; i < chunks; i++) {
    lines += splitter.push(chunk).length;
    held = Math.max(held, splitter.held);
  }
  if (splitter.end() !== undefined) lines++;
  return { ms: performance.now() - started, held, lines };
}

const section: BenchSection = {
  title: 'input lines (common/lines.ts)',
  run() {
    const long = feed(new Uint8Array(64 * 1024).fill(0x41), (32 * MIB) / (64 * 1024), 80);
    const lineChunk = new TextEncoder().encode('PRESS 1\n'.repeat(8192));
    const short = feed(lineChunk, 512, 80);
    return [
      { label: 'one 32 MiB line, no newline', value: `${formatNumber(long.ms, 1)} ms, at most ${long.held} bytes held` },
      {
        label: `${formatNumber(short.lines)} lines of 8 bytes`,
        value: `${formatNumber(short.ms, 1)} ms (${formatNumber((32 * MIB) / 1e6 / (short.ms / 1000), 0)} MB/s)`,
      },
    ];
  },
};

export default section;
