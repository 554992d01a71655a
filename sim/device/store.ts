// The firmware's 64-byte non-volatile store, with flash-like semantics: `write` changes a RAM
// write buffer, `commit` persists the buffer, `read` returns the persisted bytes. Uncommitted
// writes are lost at power-off.

export const STORE_SIZE = 64;
export const BLANK_BYTE = 0xff;

export type CommitListener = (bytes: Uint8Array) => void;

export class NvStore {
  private persisted: Uint8Array;
  private buffer: Uint8Array;
  private readonly listeners = new Set<CommitListener>();
  /** How many times `commit` ran (a flash erase/program cycle each). */
  commits = 0;

  /** A store holding `initial` (exactly 64 bytes), or a blank one (every byte 0xFF). */
  constructor(initial?: Uint8Array) {
    if (initial !== undefined && initial.length !== STORE_SIZE) {
      throw new Error(`store image must be exactly ${STORE_SIZE} bytes, got ${initial.length}`);
    }
    this.persisted = initial ? Uint8Array.from(initial) : new Uint8Array(STORE_SIZE).fill(BLANK_BYTE);
    this.buffer = Uint8Array.from(this.persisted);
  }

  static blank(): NvStore {
    return new NvStore();
  }

  read(offset: number): number {
    checkOffset(offset, 'nvRead');
    return this.persisted[offset] ?? BLANK_BYTE;
  }

  write(offset: number, byte: number): void {
    checkOffset(offset, 'nvWrite');
    if (!Number.isInteger(byte) || byte < 0 || byte > 255) {
      throw new RangeError(`nvWrite(${offset}, ${byte}): the byte must be 0..255`);
    }
    this.buffer[offset] = byte;
  }

  commit(): void {
    this.persisted = Uint8Array.from(this.buffer);
    this.commits++;
    const image = this.bytes();
    for (const listener of this.listeners) listener(image);
  }

  /** Drops writes that were never committed (what a power cut does to the RAM buffer). */
  discardUncommitted(): void {
    this.buffer = Uint8Array.from(this.persisted);
  }

  /** A copy of the persisted bytes. */
  bytes(): Uint8Array {
    return Uint8Array.from(this.persisted);
  }

  isBlank(): boolean {
    return this.persisted.every((byte) => byte === BLANK_BYTE);
  }

  /** Calls `listener` with the new image after every commit; returns an unsubscribe function. */
  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function checkOffset(offset: number, call: string): void {
  if (!Number.isInteger(offset) || offset < 0 || offset >= STORE_SIZE) {
    throw new RangeError(`${call}(${offset}): the offset must be 0..${STORE_SIZE - 1}`);
  }
}
