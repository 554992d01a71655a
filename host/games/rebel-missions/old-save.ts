// Saves of earlier versions brought onto the table front end, or refused with what to do:
// - The older Rebel Missions companion (the `Game` shape: the dice rolled and the piles
//   reshuffled inside `apply`, so its logs hold no chance moves, and its table part holds only the
//   bots, `table.bots`). `convertOldLog` replays an old log through the old rules and writes the
//   set-up's shuffles, each roll's faces and each reshuffle's order as the chance moves the table
//   game takes (so the new log replays to the same table: the same hands, piles, placards, codes
//   and time).
// - The table front end's saves from before the set-up was a chance move (its `table.seats`
//   part, a log that starts with the timer's START: the deal was made inside `setup` from the
//   seed). `withSetUp` writes that deal, exactly as it was made from the seed (`dealFromSeed`, the
//   older game's set-up), as the two set-up moves at the head of the log; the generator then
//   stands where it stood, so the game goes on exactly as it would have.
// `upgradeOldSave` does either to a save file before `TableHost.resume` (the table entry's
// `upgradeSave`, and `play` before it opens the save), keeping the old file beside it.

import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { CHANCE } from '../../engine/decisions.ts';
import type { ChanceMove } from '../../engine/chance.ts';
import type { Game } from '../../engine/game.ts';
import { replay, type GameLog } from '../../engine/log.ts';
import { seedRng } from '../../engine/rng.ts';
import { decodeSave, readSave, saveTextOf, SaveError, writeSave, type SaveTable } from '../../engine/save.ts';
import { saveShapeOf } from '../../table/save-shape.ts';
import { createRebelMissions, type RebelMissionsGame } from './game.ts';
import type {
  RebelMissionsConfig,
  RebelMissionsEvent,
  RebelMissionsMove,
  RebelMissionsState,
  RebelMissionsView,
  RebelTableMove,
  RebelTableState,
} from './model.ts';
import type { RebelMissionsEntry } from './table-entry.ts';

type OldLog = GameLog<RebelMissionsConfig, RebelMissionsMove>;
type NewLog = GameLog<RebelMissionsConfig, RebelTableMove>;

/** The positions, in `from`, of the items of `order` (a shuffle's outcome). */
function positions(order: readonly string[], from: readonly string[]): number[] {
  return order.map((id) => {
    const i = from.indexOf(id);
    if (i < 0) throw new SaveError(`the old log reshuffled ${id}, which was not in the discards`);
    return i;
  });
}

/**
 * The set-up's two chance moves that deal the table game as `dealt` was dealt (the older game's
 * set-up, from the seed): the tokens' order, then the placards' (the face-up one first), as
 * positions in the table game's piles before its set-up (catalog order).
 */
function setUpMoves(entry: RebelMissionsEntry, oldGame: RebelMissionsGame, config: RebelMissionsConfig, seed: number): ChanceMove[] {
  const before = entry.game.setup(config, seed).state;
  const dealt = oldGame.setup(config, seed);
  return [
    { actor: CHANCE, type: 'chance', outcome: positions(dealt.tokenPile, before.tokenPile) },
    { actor: CHANCE, type: 'chance', outcome: positions([dealt.placard, ...dealt.placardPile], [before.placard, ...before.placardPile]) },
  ];
}

/** A table-game log without its set-up (made before the set-up was a chance move) with it: the deal the seed made then. */
export function withSetUp(log: NewLog, entry: RebelMissionsEntry, oldGame: RebelMissionsGame): NewLog {
  return { ...log, moves: [...setUpMoves(entry, oldGame, log.config, log.seed), ...log.moves] };
}

/**
 * The table game as its saves were made before the set-up was a chance move: dealt inside `setup`
 * from the seed (the older game's set-up, nothing pending), then the same rules.
 */
export function dealtInSetUp(
  entry: RebelMissionsEntry,
  oldGame: RebelMissionsGame,
): Game<RebelMissionsConfig, RebelTableState, RebelTableMove, RebelMissionsView, RebelMissionsEvent> {
  const shape = saveShapeOf(entry.game);
  return { ...shape, setup: (config, seed) => ({ ...oldGame.setup(config, seed), pending: null }) };
}

/**
 * The old log as a table-game log: the set-up's shuffles as the old set-up made them, each `roll` followed by chance's move with the faces the old
 * rules rolled, and each reshuffle of the tokens or the placards by chance's move with the order
 * they were shuffled into. Throws SaveError when the old log does not replay under the old rules.
 */
export function convertOldLog(log: OldLog, oldGame: RebelMissionsGame, entry: RebelMissionsEntry): NewLog {
  let state: RebelMissionsState;
  const moves: RebelTableMove[] = [];
  try {
    state = oldGame.setup(log.config, log.seed);
    moves.push(...setUpMoves(entry, oldGame, log.config, log.seed));
  } catch (error) {
    throw new SaveError(error instanceof Error ? error.message : String(error));
  }
  log.moves.forEach((move, i) => {
    const applied = oldGame.apply(state, move);
    if (!applied.ok) throw new SaveError(`move ${i + 1} of the old log (${JSON.stringify(move)}) does not replay: ${applied.reason}`);
    const before = state;
    const after = applied.state;
    moves.push(move);
    for (const event of applied.events) {
      if (event.type === 'dice-rolled') moves.push({ actor: CHANCE, type: 'chance', outcome: [...event.faces] });
      if (event.type === 'token-pile-reshuffled') {
        // The tokens drawn before the pile ran out came from the old pile; the rest from the new one.
        const drawn = applied.events.find((e) => e.type === 'tokens-drawn');
        const fromNew = drawn?.type === 'tokens-drawn' ? drawn.tokens.slice(before.tokenPile.length) : [];
        moves.push({ actor: CHANCE, type: 'chance', outcome: positions([...fromNew, ...after.tokenPile], before.tokenDiscard) });
      }
      if (event.type === 'placard-pile-reshuffled') {
        // The discards, the resolved placard last, shuffled; the first of the new pile was turned over.
        moves.push({ actor: CHANCE, type: 'chance', outcome: positions([after.placard, ...after.placardPile], [...before.placardDiscard, before.placard]) });
      }
    }
    state = after;
  });
  return { gameId: log.gameId, config: log.config, seed: log.seed, moves };
}

/** The table front end's part of the save for an old save's players and bots (`table.bots`: seats, kind, generator). */
function tableFor(config: RebelMissionsConfig, seed: number, old: SaveTable | undefined): SaveTable {
  const bots = (old?.['bots'] ?? null) as { seats?: unknown; rng?: unknown } | null;
  const botSeats = Array.isArray(bots?.seats) ? (bots.seats as unknown[]).filter((s): s is string => typeof s === 'string') : [];
  const rng = Array.isArray(bots?.rng) && bots.rng.length === 4 ? (bots.rng as number[]) : [...seedRng((seed ^ 0x5bd1_e995) >>> 0)];
  return {
    seats: config.players.map((p, i) => ({ name: p.name, bot: botSeats.includes(`p${i + 1}`) ? 'cooperative' : null })),
    botRng: rng,
    chance: 'sample',
  };
}

/** Where the old file is kept when its save is brought over. */
export function oldFormatPathOf(path: string): string {
  return `${path}.older-format.json`;
}

/** `oldFormatPathOf(path)`, or `.older-format-2.json`... when that name holds another file already. */
function freeOldFormatPath(path: string): string {
  let candidate = oldFormatPathOf(path);
  for (let n = 2; existsSync(candidate); n++) candidate = `${path}.older-format-${n}.json`;
  return candidate;
}

/** Whether the text is a save the table front end wrote (its table part holds the seats), whatever its log. */
function savedByTable(text: string): boolean {
  try {
    const table: unknown = (JSON.parse(text) as { table?: unknown }).table;
    return typeof table === 'object' && table !== null && 'seats' in table;
  } catch {
    return false;
  }
}

/**
 * A save of the table front end: as it is when its log replays with the set-up as its first moves;
 * brought over when it is one made before the set-up was a chance move (a log that replays when
 * dealt inside `setup` from the seed). A log of no moves replays either way: the set-up the seed
 * made then is written in, so the placard shown face up before the timer's START stays the one
 * shown (no note: nothing else changes). Anything else (damaged, dealt from a pack not given) is
 * left for `resume` to say what it is.
 */
function upgradeTableSave(path: string, text: string, entry: RebelMissionsEntry, oldGame: RebelMissionsGame): string | null {
  const shape = saveShapeOf(entry.game);
  let current;
  try {
    current = decodeSave(shape, text, path);
  } catch {
    current = null;
  }
  if (current !== null) {
    if (current.log.moves.length === 0) {
      writeSave(shape, path, withSetUp(current.log, entry, oldGame), current.table === undefined ? {} : { table: current.table });
    }
    return null;
  }
  let before;
  try {
    before = decodeSave(dealtInSetUp(entry, oldGame), text, path);
  } catch {
    return null; // damaged, or another pack's: resume says which, and what to do
  }
  const log = withSetUp(before.log, entry, oldGame);
  try {
    replay(shape, log);
  } catch (error) {
    throw new SaveError(
      `${path} was saved before the set-up was a move of its own, and with its set-up written in it does not replay (${error instanceof Error ? error.message : String(error)}). Start a new game with --new (the save is kept under a name of its own).`,
    );
  }
  const kept = freeOldFormatPath(path);
  copyFileSync(path, kept);
  writeSave(shape, path, log, before.table === undefined ? {} : { table: before.table });
  return `${path} was saved by an earlier version, whose set-up was not a move: the deal it made from the seed is written into its log now (the game is the same); the file as it was is kept at ${kept}`;
}

/**
 * Brings a save of the older companion at `path` onto the table front end, in place (the old
 * file kept at `oldFormatPathOf(path)`), so `TableHost.resume` carries it on. Returns a note for
 * the players, or null when there is nothing to do (no save there, a save of the table front end
 * already, or another game's: `resume` says what those are). A Rebel Missions save of the old
 * shape that cannot be brought over is refused with what to do (SaveError).
 */
export function upgradeOldSave(path: string, entry: RebelMissionsEntry, oldGame: RebelMissionsGame = createRebelMissions()): string | null {
  if (!existsSync(path)) return null;
  const text = saveTextOf(readFileSync(path));
  if (savedByTable(text)) return upgradeTableSave(path, text, entry, oldGame);
  let old;
  try {
    old = readSave(oldGame, path, { mentionBackup: false });
  } catch (error) {
    if (error instanceof SaveError && /does not replay|pack|placards/.test(error.message)) {
      throw new SaveError(
        `${path} is a Rebel Missions save of the older companion that cannot be carried on here (${error.message}). Start a new game with --new (the save is kept under a name of its own), or open it with the placards it was dealt from (--pack).`,
      );
    }
    return null; // damaged, another game's, or no save: resume says which
  }
  const refuse = (why: string): SaveError =>
    new SaveError(
      `${path} is a Rebel Missions save of the older companion that cannot be carried on here (${why}). Start a new game with --new (the save is kept under a name of its own).`,
    );
  let log: NewLog;
  try {
    log = convertOldLog(old.log, oldGame, entry);
    // The brought-over log must replay under the table game's rules.
    replay(saveShapeOf(entry.game), log);
  } catch (error) {
    throw refuse(error instanceof Error ? error.message : String(error));
  }
  const kept = oldFormatPathOf(path);
  copyFileSync(path, kept);
  writeSave(saveShapeOf(entry.game), path, log, { table: tableFor(old.log.config, old.log.seed, old.table) });
  return `${path} was saved by the older companion: it was brought over to this one (the dice and shuffles it made are in its log now); the old file is kept at ${kept}`;
}
