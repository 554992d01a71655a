// The seats of a saved game, for `play --resume` on the table front end: the table's own part of
// the save (`{ seats, botRng, chance }`, written by `TableHost`). A part of another shape (the
// older companion's `{ bots }`, or none) is a save in an older format: refused, saying what to do.

import { olderFormatMessage, type SaveTable } from '../engine/save.ts';
import { isRngState, type RngState } from '../engine/rng.ts';
import { v } from '../engine/schema.ts';
import type { SeatPlan } from '../table/host.ts';
import { CommandFailure } from './command-failure.ts';

/** The table front end's part (as `TableHost` writes and checks it). */
const TABLE_PART = v.strictObject({
  seats: v.array(v.strictObject({ name: v.string(), bot: v.nullable(v.string()) })),
  botRng: v.custom<RngState>(isRngState, 'is not a generator state (four whole numbers)'),
  chance: v.picklist(['sample', 'table']),
});

export interface SavedSeats {
  readonly seats: readonly SeatPlan[];
  readonly botRng: RngState;
  readonly chance: 'sample' | 'table';
}

/** The saved table's seats, bots' generator and chance mode; throws CommandFailure for a part this version does not continue. */
export function savedSeatsOf(table: SaveTable | undefined, savePath: string): SavedSeats {
  const own = v.safeParse(TABLE_PART, table);
  if (own.success) return own.output;
  const issue = own.issues[0];
  const where = (issue?.path ?? []).map((p) => String(p.key)).join('.');
  const what = table === undefined ? 'it has no table part' : `its table part${where ? ` ${where}` : ''}: ${issue?.message ?? 'not readable'}`;
  throw new CommandFailure(`cannot resume: ${olderFormatMessage(savePath, what)}.`);
}
