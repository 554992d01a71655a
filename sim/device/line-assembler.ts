// Assembles the bytes the firmware sends (tx) into lines: '\n' ends a line, '\r' is dropped.

export class LineAssembler {
  private pending: number[] = [];

  /** Adds a byte; returns the completed line when the byte was '\n'. */
  push(byte: number): string | undefined {
    if (byte === 0x0a) {
      const line = String.fromCharCode(...this.pending);
      this.pending = [];
      return line;
    }
    if (byte !== 0x0d) this.pending.push(byte & 0xff);
    return undefined;
  }

  /** Drops an unfinished line (the serial line went dead). */
  reset(): void {
    this.pending = [];
  }
}
