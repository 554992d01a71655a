// Shared helpers for the companion tests: two Rebel Missions players, a save path, waiting for the link.
import { join } from 'node:path';
import type { RebelMissionsConfig } from '../../host/games/rebel-missions/index.ts';
import { testTempDir } from '../support/temp-dir.ts';

export const TWO_PLAYERS: RebelMissionsConfig = {
  players: [
    { name: 'Ana', profile: 'hera' },
    { name: 'Ben', profile: 'zeb' },
  ],
};

export function tempSavePath(): string {
  return join(testTempDir('companion-'), 'rebel-missions.save.json');
}

/** Polls until `check` holds (the link delivers lines asynchronously). */
export async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets the link deliver every line already sent (they arrive on microtasks and timers). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 10));
}
