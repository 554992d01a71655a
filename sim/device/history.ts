// A record of recent entries (lines sent, buzzer changes) whose memory stays bounded.

/** A history keeps at most this many recent entries. */
export const HISTORY_LIMIT = 100_000;

export class History<T> {
  private entries: T[] = [];

  constructor(private readonly limit = HISTORY_LIMIT) {}

  /** Adds an entry; the oldest ones are dropped once the history is 10% over its limit. */
  push(entry: T): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit * 1.1) this.entries.splice(0, this.entries.length - this.limit);
  }

  get items(): readonly T[] {
    return this.entries;
  }

  /** Returns the entries and forgets them. */
  take(): T[] {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }
}
