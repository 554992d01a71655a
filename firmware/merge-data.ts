// Joins the firmware module's data segments that lie close together in memory into one, for
// firmware/build.ts. asc writes every `memory.data` table as a segment of its own, and each
// segment costs its header (flags, offset expression, size) in the module: two segments a few
// bytes apart cost more as two than as one holding the zeros between them. The memory the
// module starts with is the same byte for byte; only the Data section (and DataCount) change.

import { MODULE_HEADER_LENGTH, type Section, readSections, sectionReader } from './wasm-reader.ts';
import { sectionBytes, signedLeb, unsignedLeb } from './wasm-writer.ts';

/** A segment is joined to the one before when at most this many zero bytes lie between them. */
const MAX_GAP = 8;

const SECTION_DATA = 11;
const SECTION_DATA_COUNT = 12;
const OP_I32_CONST = 0x41;
const OP_END = 0x0b;
/** Segment flags 0: active, memory 0, an offset expression. */
const ACTIVE_MEMORY_0 = 0;

interface Segment {
  offset: number;
  bytes: Uint8Array;
}

function readSegments(section: Section): Segment[] {
  const reader = sectionReader(section);
  const count = reader.unsigned();
  const segments: Segment[] = [];
  for (let i = 0; i < count; i++) {
    const flags = reader.unsigned();
    if (flags !== ACTIVE_MEMORY_0 || reader.byte() !== OP_I32_CONST) throw new Error(`data segment ${i} is not an active segment at a constant offset`);
    const offset = reader.signed();
    if (reader.byte() !== OP_END) throw new Error(`data segment ${i}'s offset is not a lone constant`);
    segments.push({ offset, bytes: reader.take(reader.unsigned()) });
  }
  return segments;
}

function joinClose(segments: readonly Segment[]): Segment[] {
  const joined: Segment[] = [];
  for (const segment of [...segments].sort((a, b) => a.offset - b.offset)) {
    const last = joined.at(-1);
    const gap = last === undefined ? -1 : segment.offset - (last.offset + last.bytes.length);
    if (last === undefined || gap < 0 || gap > MAX_GAP) {
      joined.push(segment);
      continue;
    }
    const bytes = new Uint8Array(segment.offset + segment.bytes.length - last.offset);
    bytes.set(last.bytes, 0);
    bytes.set(segment.bytes, segment.offset - last.offset);
    joined[joined.length - 1] = { offset: last.offset, bytes };
  }
  return joined;
}

/** The module with its close data segments joined (the same memory at start, fewer bytes). */
export function mergeDataSegments(module: Uint8Array): Uint8Array {
  const sections = readSections(module);
  const data = sections.find(({ id }) => id === SECTION_DATA);
  // DataCount comes before Data (right before Code): both are rewritten from the joined segments.
  const joined = data === undefined ? [] : joinClose(readSegments(data));
  const out: number[] = [...module.subarray(0, MODULE_HEADER_LENGTH)];
  for (const { id, content } of sections) {
    if (id === SECTION_DATA_COUNT) {
      out.push(...sectionBytes(id, unsignedLeb(joined.length)));
    } else if (id === SECTION_DATA) {
      const body = [...unsignedLeb(joined.length)];
      for (const { offset, bytes } of joined) body.push(ACTIVE_MEMORY_0, OP_I32_CONST, ...signedLeb(offset), OP_END, ...unsignedLeb(bytes.length), ...bytes);
      out.push(...sectionBytes(id, body));
    } else {
      out.push(...sectionBytes(id, [...content]));
    }
  }
  return Uint8Array.from(out);
}
