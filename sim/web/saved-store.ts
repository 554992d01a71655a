// The timer's settings store kept in the browser's localStorage, so settings changed with CONFIG
// survive a reload as they survive a power cycle on the board. Falls back to a blank store.

import { NvStore, STORE_SIZE } from '../device/index.ts';

const STORAGE_KEY = 'imperial-timer.store';

/** The 64 store bytes as hex, or undefined when the text is not exactly that. */
export function parseStoreHex(text: string | null): Uint8Array | undefined {
  if (text === null || !new RegExp(`^[0-9a-f]{${STORE_SIZE * 2}}$`).test(text)) return undefined;
  return Uint8Array.from({ length: STORE_SIZE }, (_, i) => parseInt(text.slice(i * 2, i * 2 + 2), 16));
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
