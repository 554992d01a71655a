// A game's own flags for `play <game>` that choose which entry is played, and what that entry
// asks of the timer and of older saves: Rebel Missions' `--pack FILE` (the game dealt from the
// user's placards, `createRebelMissionsEntry(components, pack)`; the timer made to hold the same
// codes, `fitTimerToPack`; the older companion's saves brought over with the same placards,
// `games/rebel-missions/old-save.ts`). A game without a variant is played from its registered
// entry as it is.

import type { TimerConnection } from '../link/timer-connection.ts';
import { SaveError } from '../engine/save.ts';
import { upgradeOldSave } from '../games/rebel-missions/old-save.ts';
import { createRebelMissionsEntry, rebelMissionsEntry } from '../games/rebel-missions/table-entry.ts';
import { fitTimerToPack, gamePackFromFlag } from '../pack/game-pack.ts';
import type { RegisteredEntry } from '../table/entries.ts';
import type { FlagSpec } from './args.ts';
import { CommandFailure } from './command-failure.ts';

/** The entry chosen by a game's own flags, with what it does once the timer is connected. */
export interface ChosenEntry {
  readonly registered: RegisteredEntry;
  /** Makes the timer fit the game (or says what to do); notes for the players. `timerWords`: the flags naming this timer. */
  fitTimer(connection: TimerConnection, timerWords: string): Promise<string[]>;
  /** Brings an older companion's save at `path` over in place; a note for the players, or null when there was none. Throws CommandFailure when it cannot. */
  upgradeOlderSave(path: string): string | null;
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
      upgradeOlderSave: (path) => {
        try {
          return upgradeOldSave(path, entry, gamePack.game);
        } catch (error) {
          if (error instanceof SaveError) throw new CommandFailure(error.message);
          throw error;
        }
      },
    };
  },
};

/** The games with flags of their own, by id. */
const VARIANTS: Readonly<Record<string, PlayVariant>> = { 'rebel-missions': REBEL_MISSIONS };

export function playVariantOf(gameId: string): PlayVariant | undefined {
  return VARIANTS[gameId];
}
