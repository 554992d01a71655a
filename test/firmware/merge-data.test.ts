// Joining the release module's data segments (firmware/merge-data.ts): the memory a module starts
// with stays the same byte for byte, with fewer segments.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeDataSegments } from '../../firmware/merge-data.ts';
import { FIRMWARE_PATH } from '../support/firmware-harness.ts';

const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const MEMORY_SECTION = [0x05, 0x03, 0x01, 0x00, 0x01];

/** A module of one memory page and the active data segments given (offsets below 8192). */
function moduleWith(segments: readonly { offset: number; bytes: readonly number[] }[]): Uint8Array {
  const body = [segments.length];
  for (const { offset, bytes } of segments) body.push(0x00, 0x41, (offset & 0x7f) | 0x80, offset >> 7, 0x0b, bytes.length, ...bytes);
  return Uint8Array.from([...HEADER, ...MEMORY_SECTION, 0x0c, 0x01, segments.length, 0x0b, body.length, ...body]);
}

/** The module's memory as it starts (the first page's first 8 KiB). */
function memoryOf(module: Uint8Array): Uint8Array {
  const exported = new WebAssembly.Instance(new WebAssembly.Module(withExportedMemory(module)));
  return new Uint8Array((exported.exports.memory as WebAssembly.Memory).buffer, 0, 8192).slice();
}

/** The module with its memory exported as `memory` (an Export section after Memory). */
function withExportedMemory(module: Uint8Array): Uint8Array<ArrayBuffer> {
  const exportSection = [0x07, 0x0a, 0x01, 0x06, ...new TextEncoder().encode('memory'), 0x02, 0x00];
  const at = HEADER.length + MEMORY_SECTION.length;
  return Uint8Array.from([...module.subarray(0, at), ...exportSection, ...module.subarray(at)]);
}

/** The number of data segments (the module's DataCount section, right after Memory here). */
function segmentCount(module: Uint8Array): number {
  const at = HEADER.length + MEMORY_SECTION.length;
  expect(module[at]).toBe(0x0c);
  return module[at + 2] ?? -1;
}

describe('joining data segments', () => {
  const original = moduleWith([
    { offset: 1024, bytes: [1, 2, 3] },
    { offset: 1030, bytes: [4, 5] },
    { offset: 2000, bytes: [6] },
  ]);
  const merged = mergeDataSegments(original);

  it('joins segments a few bytes apart and keeps far ones apart', () => {
    expect(segmentCount(original)).toBe(3);
    expect(segmentCount(merged)).toBe(2);
    expect(merged.length).toBeLessThan(original.length);
  });

  it('leaves the memory the module starts with unchanged', () => {
    expect(memoryOf(merged)).toEqual(memoryOf(original));
  });

  it('is what the release build holds: its segments are all far apart', () => {
    const firmware = new Uint8Array(readFileSync(FIRMWARE_PATH));
    expect(mergeDataSegments(firmware)).toEqual(firmware);
  });
});
