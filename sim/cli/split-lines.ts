// Splits a byte stream into lines at '\n' only (a '\r' stays in the line: the device ignores it).

export interface LineSplitter {
  /** Adds a chunk; returns the lines it completed (without '\n'). */
  push(chunk: Uint8Array): Uint8Array[];
  /** The unterminated rest at end of input, if any. */
  end(): Uint8Array | undefined;
}

export function splitLines(): LineSplitter {
  let pending = new Uint8Array(0);
  return {
    push(chunk) {
      const data = concat(pending, chunk);
      const lines: Uint8Array[] = [];
      let start = 0;
      for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, start)) {
        lines.push(data.slice(start, i));
        start = i + 1;
      }
      pending = data.slice(start);
      return lines;
    },
    end() {
      const rest = pending;
      pending = new Uint8Array(0);
      return rest.length > 0 ? rest : undefined;
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
