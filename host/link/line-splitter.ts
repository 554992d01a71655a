// Turns a stream of bytes from a timer into lines. `\r` is ignored, `\n` ends a line.
// A line that grows past `maxLength` or holds bytes outside printable ASCII is reported as
// a problem instead of being handed on: a noisy cable or a wrong baud rate shows up here.

export type SplitResult = { line: string } | { problem: string; sample: string };

export class LineSplitter {
  private bytes: number[] = [];
  private overflowed = false;
  private badBytes = 0;

  constructor(private readonly maxLength = 256) {}

  /** Feed bytes; returns the lines (and problems) they complete, in order. */
  push(chunk: Uint8Array | string): SplitResult[] {
    const data = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    const out: SplitResult[] = [];
    for (const byte of data) {
      if (byte === 0x0d) continue;
      if (byte === 0x0a) {
        out.push(...this.finishLine());
        continue;
      }
      if (byte < 0x20 || byte > 0x7e) this.badBytes++;
      if (this.bytes.length >= this.maxLength) this.overflowed = true;
      else this.bytes.push(byte);
    }
    return out;
  }

  /** Bytes received since the last line end (an incomplete line), as text. */
  pending(): string {
    return String.fromCharCode(...this.bytes);
  }

  private finishLine(): SplitResult[] {
    const text = String.fromCharCode(...this.bytes.filter((b) => b >= 0x20 && b <= 0x7e));
    const { overflowed, badBytes } = this;
    this.bytes = [];
    this.overflowed = false;
    this.badBytes = 0;
    if (overflowed) return [{ problem: `a line longer than ${this.maxLength} bytes was dropped`, sample: text.slice(0, 40) }];
    if (badBytes > 0) return [{ problem: `a line with ${badBytes} byte(s) outside printable ASCII was dropped (wrong baud rate?)`, sample: text.slice(0, 40) }];
    if (text.trim().length === 0) return [];
    return [{ line: text }];
  }
}
