// A game's own flags for `play <game>` that choose which entry is played, and what that entry
// asks of the timer: Rebel Missions' `--pack FILE` (the game dealt from the user's placards,
// `createRebelMissionsEntry(components, pack)`; the timer made to hold the same codes,
// `fitTimerToPack`). A game without a variant is played from its registered entry as it is.

import type { TimerConnection } from '../link/timer-connection.ts';
import { createRebelMissionsEntry, rebelMissionsEntry } from '../games/rebel-missions/table-entry.ts';
import { fitTimerToPack, gamePackFromFlag } from '../pack/game-pack.ts';
import type { RegisteredEntry } from '../games/index.ts';
import type { FlagSpec } from './args.ts';

/** The entry chosen by a game's own flags, with what it does once the timer is connected. */
export interface ChosenEntry {
  readonly registered: RegisteredEntry;
  /** Makes the timer fit the game (or says what to do); notes for the players. `timerWords`: the flags naming this timer. */
  fitTimer(connection: TimerConnection, timerWords: string): Promise<string[]>;
}

export interface PlayVariant {
  /** The flags beyond the table's (taken by `parsePlayRequest`, found in `gameFlags`). */
  readonly flags: FlagSpec;
  /** Their lines in `play <game> --help`. */
  readonly help: readonly string[];
  choose(gameFlags: Readonly<Record<string, string | boolean | undefined>>): ChosenEntry;
}

const REBEL_MISSIONS: PlayVariant = {
  flags: { pack: { type: 'string' } },
  help: [
    '  --pack FILE         play with your own placards, from a pack file made with `pack` (see',
    '                      `npm run -s companion -- pack --help`); again with --resume',
  ],
  choose(gameFlags) {
    const gamePack = gamePackFromFlag(gameFlags['pack']);
    const entry = gamePack.pack === null ? rebelMissionsEntry : createRebelMissionsEntry(gamePack.pack.components, gamePack.identity);
    return {
      registered: { id: entry.game.meta.id, title: entry.game.meta.title, use: (user) => user(entry) },
      fitTimer: (connection, timerWords) => fitTimerToPack(connection, gamePack, timerWords),
    };
  },
};

/** The games with flags of their own, by id. */
const VARIANTS: Readonly<Record<string, PlayVariant>> = { 'rebel-missions': REBEL_MISSIONS };

export function playVariantOf(gameId: string): PlayVariant | undefined {
  return VARIANTS[gameId];
}
