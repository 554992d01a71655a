// Which seats the bots play, for any game: --bots as given, or, for a resumed game whose save
// keeps its bots, the saved seats (so --resume needs no --bots again); and the generator state
// the bots go on from, so a resumed bot game goes on exactly as the uninterrupted one would.

import { DataError, type RngState } from '../engine/index.ts';
import { savedBotsOf, type SavedBots } from '../companion/saved-bots.ts';
import { parseBots } from './args.ts';
import { CommandFailure } from './command-failure.ts';
import type { PlayRequest } from './play-request.ts';

export interface TableBots {
  /** The seats ("p1", ...) the bots play. */
  readonly botSeats: string[];
  /** Their players' names, for the intro. */
  readonly botNames: string[];
  /** The bots' saved generator state (a resumed game's), or undefined for a new game's. */
  readonly rng: RngState | undefined;
  /** The bot kind saved (a game with several bots), when there is one. */
  readonly savedKind: string | undefined;
}

interface Opened {
  readonly resumed: boolean;
  readonly table: Readonly<Record<string, unknown>> | undefined;
  readonly savedVersion: number | undefined;
  readonly warnings: string[];
}

export function tableBots(opened: Opened, request: PlayRequest, seats: readonly { readonly id: string; readonly name: string }[]): TableBots {
  let saved: SavedBots | undefined;
  try {
    saved = savedBotsOf(opened.table, request.savePath);
  } catch (error) {
    if (error instanceof DataError)
      throw new CommandFailure(
        `cannot resume: ${error.message}. Start a new game with --new (the saved one is then kept aside), or give the file to the developers.`,
      );
    throw error;
  }
  const names = seats.map((s) => s.name);
  let botNames: string[];
  if (request.bots !== undefined || saved === undefined) {
    botNames = parseBots(request.bots, names);
  } else {
    const unknown = saved.seats.find((id) => !seats.some((s) => s.id === id));
    if (unknown !== undefined)
      throw new CommandFailure(
        `cannot resume: ${request.savePath} has the bots play seat "${unknown}", which is not at the table; give the bots' seats with --bots`,
      );
    botNames = seats.filter((s) => saved.seats.includes(s.id)).map((s) => s.name);
  }
  if (opened.resumed && opened.savedVersion === 1 && request.bots !== undefined) {
    opened.warnings.push(
      `${request.savePath} was written by an older version, which did not keep the bots' random state: from here on the bots choose as in a new game, not as they would have.`,
    );
  }
  return {
    botSeats: seats.filter((s) => botNames.includes(s.name)).map((s) => s.id),
    botNames,
    rng: saved?.rng,
    savedKind: saved?.kind,
  };
}
