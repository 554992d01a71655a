// Reads a WebAssembly module's bytes: LEB128 numbers, names and the walk over its sections. The
// one reader of the build scripts: firmware/merge-data.ts rewrites the Data section with it and
// hw/pico/build.ts checks the module's imports, exports and memory with it. A module cut short
// stops with an error naming where it ends, never with zeros read past its end.

/** The 8 bytes every module starts with: `\0asm` and version 1. */
export const MODULE_HEADER_LENGTH = 8;
const MAGIC = 0x6d736100;
const VERSION = 1;

/** A module's bytes that do not make a module: cut short, or not WebAssembly at all. */
export class WasmFormatError extends Error {}

/** Reads bytes `at` .. `end` - 1 of a module, in order. */
export class WasmReader {
  constructor(
    private readonly bytes: Uint8Array,
    public at = 0,
    /** Where the part being read (a section, or the module) ends. */
    private readonly end = bytes.length,
    /** What is being read, for the error of a module cut short: "section 11" or "the header". */
    private readonly part = 'the module',
  ) {}

  /** Whether every byte of the part has been read. */
  get done(): boolean {
    return this.at >= this.end;
  }

  byte(): number {
    return this.take(1)[0] ?? 0;
  }

  unsigned(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return value;
    }
  }

  signed(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return byte & 0x40 ? value - 2 ** shift : value;
    }
  }

  /** The next `length` bytes. */
  take(length: number): Uint8Array {
    if (this.at + length > this.end) {
      throw new WasmFormatError(
        `the module ends inside ${this.part}: ${length} byte${length === 1 ? '' : 's'} needed at byte ${this.at}, ${Math.max(0, this.end - this.at)} left`,
      );
    }
    const slice = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return slice;
  }

  /** A name: its length in bytes, then UTF-8. */
  name(): string {
    return new TextDecoder().decode(this.take(this.unsigned()));
  }

  /** Memory or table limits: the minimum, and the maximum when the flags give one. */
  limits(): { min: number; max: number | null } {
    const flags = this.byte();
    const min = this.unsigned();
    return { min, max: flags & 1 ? this.unsigned() : null };
  }
}

/** One section of a module: its id and its content. */
export interface Section {
  id: number;
  content: Uint8Array;
}

/** The module's sections in order; throws WasmFormatError when it is no module or is cut short. */
export function readSections(module: Uint8Array): Section[] {
  const header = new WasmReader(module, 0, module.length, 'the header');
  const magic = header.take(4);
  const version = header.take(4);
  const word = (bytes: Uint8Array): number => new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (word(magic) !== MAGIC || word(version) !== VERSION) throw new WasmFormatError('the bytes are not a WebAssembly module (no \\0asm header of version 1)');
  const sections: Section[] = [];
  const reader = new WasmReader(module, MODULE_HEADER_LENGTH);
  while (!reader.done) {
    const id = reader.byte();
    const size = reader.unsigned();
    const content = new WasmReader(module, reader.at, module.length, `section ${id}`).take(size);
    reader.at += size;
    sections.push({ id, content });
  }
  return sections;
}

/** A reader of a section's content: reading past its end is a module cut short. */
export function sectionReader({ id, content }: Section): WasmReader {
  return new WasmReader(content, 0, content.length, `section ${id}`);
}
