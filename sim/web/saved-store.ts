// The timer's settings store kept in the browser's localStorage, so settings changed with CONFIG
// survive a reload as they survive a power cycle on the board. Falls back to a blank store.

import { NvStore, isStoreImageSize } from '../device/index.ts';

const STORAGE_KEY = 'imperial-timer.store';

/** The store bytes as hex (STORE_SIZE bytes, or the 64 of an older store), or undefined when the text is not that. */
export function parseStoreHex(text: string | null): Uint8Array | undefined {
  if (text === null || !/^(?:[0-9a-f]{2})+$/.test(text) || !isStoreImageSize(text.length / 2)) return undefined;
  return Uint8Array.from({ length: text.length / 2 }, (_, i) => parseInt(text.slice(i * 2, i * 2 + 2), 16));
}

export function storeHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A store loaded from `storage` (blank when missing or unreadable), or holding `initial` (a session
 * being restored after a reload), that saves itself on every commit.
 */
export function savedStore(storage: Storage | undefined, initial?: Uint8Array): NvStore {
  let saved: string | null = null;
  try {
    saved = initial ? null : (storage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    // Storage refused (private mode, blocked cookies): run with a blank store.
  }
  const store = new NvStore(initial ?? parseStoreHex(saved));
  store.onCommit((bytes) => {
    try {
      storage?.setItem(STORAGE_KEY, storeHex(bytes));
    } catch {
      // Not persisted; the store still works for this visit.
    }
  });
  return store;
}
