// The seats of a saved game, for `play --resume` on the table front end: the table's own part of
// the save (`{ seats, botRng, chance }`, written by `TableHost`), or, converted, the part the
// older companion wrote (save versions 1 and 2: no part at all when no seat was a bot, else
// `{ bots: { seats, kind?, rng } }`): the seats' names from the saved configuration, the bots on
// the seats it lists, the bot it names (or the game's default), and their random state, so the
// bots go on choosing from where they were. A part of neither shape is refused, saying what to do.

import { v } from '../engine/schema.ts';
import type { SaveTable } from '../engine/save.ts';
import { isRngState, seedRng, type RngState } from '../engine/rng.ts';
import type { SeatPlan } from '../table/host.ts';
import { CommandFailure } from './command-failure.ts';

const WORD = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffff_ffff));

/** The table front end's part (as `TableHost` writes and checks it). */
const TABLE_PART = v.strictObject({
  seats: v.array(v.strictObject({ name: v.string(), bot: v.nullable(v.string()) })),
  botRng: v.custom<RngState>(isRngState, 'is not a generator state (four whole numbers)'),
  chance: v.picklist(['sample', 'table']),
});

/** The older companion's part: which seats the bots played, which bot, their generator after their last move. */
const OLD_PART = v.strictObject({
  bots: v.strictObject({ seats: v.array(v.string()), kind: v.optional(v.string()), rng: v.tuple([WORD, WORD, WORD, WORD]) }),
});

/** Every companion game's configuration names its seats' players, in seat order. */
const NAMED_PLAYERS = v.object({ players: v.array(v.object({ name: v.string() })) });

export interface SavedSeats {
  readonly seats: readonly SeatPlan[];
  readonly botRng: RngState;
  readonly chance: 'sample' | 'table';
  /** Whether the part was the older companion's (then the save is rewritten in the table's format). */
  readonly converted: boolean;
  /** The save's format version. */
  readonly version: number | undefined;
  /** What the players should hear (an old save converted). */
  readonly notes: readonly string[];
}

/** The bots' generator of a new match of `seed`, as `TableHost.start` seeds it. */
export function newBotRng(seed: number): RngState {
  return seedRng((seed ^ 0x5bd1_e995) >>> 0);
}

/** What the conversion needs of the game and its saved match. */
export interface SavedMatchFacts {
  readonly title: string;
  readonly bots: readonly string[];
  readonly defaultBot: string;
  /** The seat ids of the saved match, in seat order. */
  readonly seatIds: readonly string[];
  /** The saved configuration and seed (the log's). */
  readonly config: unknown;
  readonly seed: number;
}

export function savedSeatsOf(facts: SavedMatchFacts, table: SaveTable | undefined, version: number | undefined, savePath: string): SavedSeats {
  const own = v.safeParse(TABLE_PART, table);
  if (own.success) return { ...own.output, converted: false, version, notes: [] };
  const refuse = (why: string): never => {
    throw new CommandFailure(
      `cannot resume: ${savePath} ${why}. Start a new game with --new (the saved one is then kept under a name of its own), or give the file to the developers.`,
    );
  };
  const old = table === undefined ? null : v.safeParse(OLD_PART, table);
  if (old !== null && !old.success) {
    const issue = old.issues[0];
    const where = (issue?.path ?? []).map((p) => String(p.key)).join('.');
    return refuse(`holds a table part this companion does not know (${where || 'table'}: ${issue?.message ?? 'not readable'})`);
  }
  const named = v.safeParse(NAMED_PLAYERS, facts.config);
  if (!named.success || named.output.players.length !== facts.seatIds.length) {
    return refuse("was saved by an older companion, and its game's settings do not name the players of its seats");
  }
  const ids = facts.seatIds;
  const bots = old?.output.bots;
  const unknown = bots?.seats.find((id) => !ids.includes(id));
  if (unknown !== undefined) return refuse(`has the bots play seat "${unknown}", which is not at the table (${ids.join(', ')})`);
  const notes: string[] = [];
  let kind = bots?.kind ?? facts.defaultBot;
  if (!facts.bots.includes(kind)) {
    notes.push(`The saved bot "${kind}" is not one of ${facts.title}'s (${facts.bots.join(', ')}); the bots play as ${facts.defaultBot}.`);
    kind = facts.defaultBot;
  }
  const seats = named.output.players.map((p, i) => ({ name: p.name, bot: bots?.seats.includes(ids[i] as string) ? kind : null }));
  notes.push(
    `${savePath} was saved by the older companion: its seats${bots === undefined ? '' : ' and bots'} are carried over, and the file as it was is kept as its backup (.bak).`,
  );
  return { seats, botRng: bots === undefined ? newBotRng(facts.seed) : [...bots.rng], chance: 'sample', converted: true, version, notes };
}
