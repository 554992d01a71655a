// The serial monitor's input history: up/down walk through earlier lines, like a shell.
// The line being typed is kept while walking and comes back after the newest entry.

export class CommandHistory {
  private readonly entries: string[] = [];
  /** Index into entries while walking; entries.length = the line being typed. */
  private position = 0;
  private draft = '';

  constructor(private readonly limit = 100) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`history limit must be a whole number >= 1, got ${limit}`);
  }

  /** Records a sent line (not blank, not a repeat of the newest) and stops walking. */
  add(line: string): void {
    if (line.trim() !== '' && this.entries.at(-1) !== line) {
      this.entries.push(line);
      if (this.entries.length > this.limit) this.entries.shift();
    }
    this.position = this.entries.length;
    this.draft = '';
  }

  /** The older line to show, given what the input holds now; undefined at the oldest. */
  up(current: string): string | undefined {
    if (this.position === 0) return undefined;
    if (this.position === this.entries.length) this.draft = current;
    this.position--;
    return this.entries[this.position];
  }

  /** The newer line to show (the draft after the newest); undefined when not walking. */
  down(): string | undefined {
    if (this.position >= this.entries.length) return undefined;
    this.position++;
    return this.position === this.entries.length ? this.draft : this.entries[this.position];
  }

  get size(): number {
    return this.entries.length;
  }
}
