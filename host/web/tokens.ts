// Seat and table tokens: unguessable (crypto random, base64url), compared in constant time.

import { randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(bytes: number): string {
  if (bytes < 16) throw new Error(`a token needs at least 16 random bytes (128 bits), not ${bytes}`);
  return randomBytes(bytes).toString('base64url');
}

/** Whether `given` is `token`, without the time taken depending on how much of it matches. */
export function sameToken(token: string, given: string): boolean {
  const a = Buffer.from(token);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key whose token is `given`, or undefined (every token is compared). */
export function findByToken<K>(tokens: ReadonlyMap<K, string>, given: string): K | undefined {
  let found: K | undefined;
  for (const [key, token] of tokens) if (sameToken(token, given)) found = key;
  return found;
}
