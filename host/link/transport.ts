// The one interface every link to a timer implements: a real serial port, the built-in
// virtual device, or the virtual device behind a pseudo-terminal.

export interface Transport {
  /** Human-readable name for messages, e.g. "/dev/ttyUSB0 at 115200 baud". */
  readonly description: string;
  /** Send text (protocol lines, each ending with "\n"). Rejects when the link is gone. */
  write(text: string): Promise<void>;
  /** Bytes or text as they arrive from the timer. */
  onData(listener: (chunk: Uint8Array | string) => void): void;
  /** The link closed: `error` says why when it was not asked for (cable pulled, device gone). */
  onClose(listener: (error?: Error) => void): void;
  close(): Promise<void>;
}
