// Writes the parts of a WebAssembly module the build scripts rewrite (firmware/merge-data.ts,
// firmware/abi-rename.ts): LEB128 numbers, names and sections. wasm-reader.ts reads them.

export function unsignedLeb(value: number): number[] {
  const out: number[] = [];
  do {
    const low = value % 128;
    value = Math.floor(value / 128);
    out.push(value > 0 ? low | 0x80 : low);
  } while (value > 0);
  return out;
}

export function signedLeb(value: number): number[] {
  const out: number[] = [];
  for (;;) {
    const low = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (low & 0x40) === 0) || (value === -1 && (low & 0x40) !== 0);
    out.push(done ? low : low | 0x80);
    if (done) return out;
  }
}

/** A name: its length in bytes, then UTF-8. */
export function nameBytes(name: string): number[] {
  const bytes = new TextEncoder().encode(name);
  return [...unsignedLeb(bytes.length), ...bytes];
}

/** A section: its id, its size, its content. */
export function sectionBytes(id: number, content: readonly number[]): number[] {
  return [id, ...unsignedLeb(content.length), ...content];
}
