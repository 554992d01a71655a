// The firmware's non-volatile store (STORE_SIZE bytes: the settings, a loaded pack), with
// flash-like semantics: `write` changes a RAM write buffer, `commit` persists the buffer, `read`
// returns the persisted bytes. Uncommitted writes are lost at power-off.

/** The store's size (firmware/src/store.ts). */
export const STORE_SIZE = 512;
/** The size of the store before packs could be loaded: an image of this size is the settings alone. */
export const LEGACY_STORE_SIZE = 64;
export const BLANK_BYTE = 0xff;

export type CommitListener = (bytes: Uint8Array) => void;

export class NvStore {
  private persisted: Uint8Array;
  private buffer: Uint8Array;
  private readonly listeners = new Set<CommitListener>();
  /** How many times `commit` ran (a flash erase/program cycle each). */
  commits = 0;

  /**
   * A store holding `initial` (STORE_SIZE bytes, or the LEGACY_STORE_SIZE bytes of an older
   * store, whose missing bytes read blank), or a blank one (every byte 0xFF).
   */
  constructor(initial?: Uint8Array) {
    if (initial !== undefined && !isStoreImageSize(initial.length)) {
      throw new Error(`store image must be exactly ${STORE_SIZE} bytes (or ${LEGACY_STORE_SIZE} from an older store), got ${initial.length}`);
    }
    this.persisted = new Uint8Array(STORE_SIZE).fill(BLANK_BYTE);
    if (initial) this.persisted.set(initial);
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

/** Whether a store image of `length` bytes can be loaded. */
export function isStoreImageSize(length: number): boolean {
  return length === STORE_SIZE || length === LEGACY_STORE_SIZE;
}

function checkOffset(offset: number, call: string): void {
  if (!Number.isInteger(offset) || offset < 0 || offset >= STORE_SIZE) {
    throw new RangeError(`${call}(${offset}): the offset must be 0..${STORE_SIZE - 1}`);
  }
}
