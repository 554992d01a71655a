// Splits a byte stream into lines at '\n' only, in time linear in the input and memory bounded by
// the longest line kept: a line longer than `maxLength` comes out marked over-long with only its
// first maxLength + 1 bytes (enough for the receiver to answer it as over-long, as the protocol
// does with `ERR too-long`), and its full length, however long it grew before its '\n'.
// A '\r' stays in the line unless `dropCR` (for the device, which ignores it anywhere).
// `TimerLineSplitter` (the companion's protocol client) takes the timer's lines as text on top of it.
// The one line splitter of the project: the device's standard input (sim/cli/device.ts), the
// companion's input lines (host/ui/json/stream-io.ts) and the timer's lines (host/link/).

export interface SplitLine {
  /** The line without '\n'; for an over-long line, its first maxLength + 1 bytes. */
  readonly bytes: Uint8Array;
  /** Whether the line was longer than `maxLength` (and so was cut). */
  readonly overLong: boolean;
  /** The line's whole length in bytes (dropped '\r' not counted). */
  readonly length: number;
}

export interface LineSplitter {
  /** Adds a chunk; returns the lines it completed. */
  push(chunk: Uint8Array): SplitLine[];
  /** The unterminated rest at end of input, if any. */
  end(): SplitLine | undefined;
  /** How many bytes of the unfinished line are held (never more than maxLength + 1). */
  readonly held: number;
  /** The bytes held of the unfinished line (a copy). */
  pending(): Uint8Array;
}

export interface SplitOptions {
  /** The longest line handed on whole, in bytes (default 1 MiB). */
  readonly maxLength?: number;
  /** Drop every '\r' (default false: a '\r' stays in the line). */
  readonly dropCR?: boolean;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

export function splitLines(options: SplitOptions = {}): LineSplitter {
  const maxLength = options.maxLength ?? 1 << 20;
  const keepAtMost = maxLength + 1;
  const dropCR = options.dropCR ?? false;
  let parts: Uint8Array[] = [];
  let held = 0;
  let length = 0;

  /** Adds bytes of the current line, keeping at most keepAtMost of them. */
  const add = (segment: Uint8Array): void => {
    const kept = dropCR ? withoutCR(segment) : segment;
    length += kept.length;
    const room = keepAtMost - held;
    if (room <= 0 || kept.length === 0) return;
    // A copy: the caller may reuse its chunk's memory.
    const piece = kept.slice(0, Math.min(room, kept.length));
    parts.push(piece);
    held += piece.length;
  };

  const finish = (): SplitLine => {
    const bytes = join(parts, held);
    const line = { bytes, overLong: length > maxLength, length };
    parts = [];
    held = 0;
    length = 0;
    return line;
  };

  return {
    push(chunk) {
      const lines: SplitLine[] = [];
      let start = 0;
      for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, start)) {
        add(chunk.subarray(start, i));
        lines.push(finish());
        start = i + 1;
      }
      if (start < chunk.length) add(chunk.subarray(start));
      return lines;
    },
    end() {
      if (length === 0 && held === 0) {
        parts = [];
        return undefined;
      }
      return finish();
    },
    get held() {
      return held;
    },
    pending() {
      return join(parts, held).slice();
    },
  };
}

function withoutCR(segment: Uint8Array): Uint8Array {
  if (!segment.includes(CR)) return segment;
  return segment.filter((byte) => byte !== CR);
}

function join(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/** A timer's line as text, or why it was dropped (with the start of it, to show). */
export type TimerLine = { line: string } | { problem: string; sample: string };

const isPrintable = (byte: number): boolean => byte >= 0x20 && byte <= 0x7e;

/**
 * The lines a timer sends, as text: `\r` is ignored, `\n` ends a line. A line that grows past
 * `maxLength` or holds bytes outside printable ASCII is reported as a problem instead of being
 * handed on (a noisy cable or a wrong baud rate shows up here); blank lines are skipped.
 */
export class TimerLineSplitter {
  private readonly lines: LineSplitter;

  constructor(private readonly maxLength = 256) {
    this.lines = splitLines({ maxLength, dropCR: true });
  }

  /** Feed bytes; returns the lines (and problems) they complete, in order. */
  push(chunk: Uint8Array | string): TimerLine[] {
    const data = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    return this.lines.push(data).flatMap((line) => this.judge(line));
  }

  /** Bytes received since the last line end (an incomplete line, at most maxLength of them), as text. */
  pending(): string {
    return String.fromCharCode(...this.lines.pending().subarray(0, this.maxLength));
  }

  private judge(line: SplitLine): TimerLine[] {
    const kept = line.bytes.subarray(0, this.maxLength);
    const text = String.fromCharCode(...kept.filter(isPrintable));
    if (line.overLong) return [{ problem: `a line longer than ${this.maxLength} bytes was dropped`, sample: text.slice(0, 40) }];
    const bad = kept.length - kept.filter(isPrintable).length;
    if (bad > 0) return [{ problem: `a line with ${bad} byte(s) outside printable ASCII was dropped (wrong baud rate?)`, sample: text.slice(0, 40) }];
    if (text.trim().length === 0) return [];
    return [{ line: text }];
  }
}
