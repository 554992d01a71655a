// The bots' part of a save: which seats the bots play, which bot (where a game has several), and
// their random generator's state after their last move. Saved with every move, so a resumed game
// needs no --bots again and its bots go on choosing exactly as they would have without the break.

import { parseData, seedRng, v, type RngState } from '../engine/index.ts';
import type { SaveTable } from '../engine/save.ts';

const WORD = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff_ffff));

const SAVED_BOTS = v.strictObject({
  /** The seats ("p1", ...) the bots play. */
  seats: v.array(v.string()),
  /** Which bot, for a game with several ("tracking", "random"). */
  kind: v.optional(v.string()),
  /** The generator state the bots draw from next. */
  rng: v.tuple([WORD, WORD, WORD, WORD]),
});

export type SavedBots = v.InferOutput<typeof SAVED_BOTS>;

/** The generator the bots of a new game with `seed` start from (kept apart from the game's own). */
export function botRngFor(seed: number): RngState {
  return seedRng((seed ^ 0x2545_f491) >>> 0);
}

/** The save's table for these bots (nothing when no seat is a bot). */
export function botsTable(bots: { readonly seats: readonly string[]; readonly kind?: string; readonly rng: RngState }): SaveTable | undefined {
  return bots.seats.length === 0
    ? undefined
    : { bots: { seats: [...bots.seats], ...(bots.kind === undefined ? {} : { kind: bots.kind }), rng: [...bots.rng] } };
}

/** The bots kept in a save's table, checked; undefined when the save holds none. Throws a DataError naming the save file. */
export function savedBotsOf(table: SaveTable | undefined, savePath: string): SavedBots | undefined {
  if (table === undefined || table['bots'] === undefined) return undefined;
  return parseData(v.strictObject({ bots: SAVED_BOTS }), { bots: table['bots'] }, `${savePath} (its table)`).bots;
}
