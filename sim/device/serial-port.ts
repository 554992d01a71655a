// The serial part of the virtual device: the firmware's `tx` bytes assembled into lines, the
// lines the device answers itself (SIM), a bounded transcript, listeners, and the collection of
// the lines sent during one call of the device's API.
import { History } from './history.ts';
import { LineAssembler } from './line-assembler.ts';

export type LineListener = (line: string) => void;

export class SerialPort {
  private readonly assembler = new LineAssembler();
  private readonly transcript = new History<string>();
  private readonly listeners = new Set<LineListener>();
  private collecting: string[] | undefined;

  /** A byte the firmware sent; a '\n' completes a line. */
  txByte(byte: number): void {
    const line = this.assembler.push(byte);
    if (line !== undefined) this.emit(line);
  }

  /** Sends a whole line (a SIM answer, an EVT TRAP from the runtime). */
  emit(line: string): void {
    this.transcript.push(line);
    this.collecting?.push(line);
    for (const listener of this.listeners) listener(line);
  }

  /** Drops a half-sent line (the serial line went dead: power off, a trap). */
  dropPartial(): void {
    this.assembler.reset();
  }

  /**
   * Runs `action` and returns the lines sent meanwhile. Nested calls share the outer collection,
   * so each returns only its own lines while the outer call gets them all.
   */
  collect(action: () => void): string[] {
    if (this.collecting) {
      const outer = this.collecting;
      const start = outer.length;
      action();
      return outer.slice(start);
    }
    const lines: string[] = [];
    this.collecting = lines;
    try {
      action();
    } finally {
      this.collecting = undefined;
    }
    return lines;
  }

  get lines(): readonly string[] {
    return this.transcript.items;
  }

  takeLines(): string[] {
    return this.transcript.take();
  }

  onLine(listener: LineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
