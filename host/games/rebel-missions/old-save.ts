// Saves of the older Rebel Missions companion (the `Game` shape: the dice rolled and the piles
// reshuffled inside `apply`, so its logs hold no chance moves, and its table part holds only the
// bots, `table.bots`) brought onto the table front end. `convertOldLog` replays an old log
// through the old rules and writes each roll's faces and each reshuffle's order as the chance
// moves the table game takes (so the new log replays to the same table: the same hands, piles,
// placards, codes and time); `upgradeOldSave` does it to a save file before `TableHost.resume`,
// keeping the old file beside it. A save that cannot be brought over is refused with what to do.

import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { CHANCE } from '../../engine/decisions.ts';
import { replay, type GameLog } from '../../engine/log.ts';
import { seedRng } from '../../engine/rng.ts';
import { decodeSave, readSave, saveTextOf, SaveError, writeSave, type SaveTable } from '../../engine/save.ts';
import { saveShapeOf } from '../../table/save-shape.ts';
import { createRebelMissions, type RebelMissionsGame } from './game.ts';
import type { RebelMissionsConfig, RebelMissionsMove, RebelMissionsState, RebelTableMove } from './model.ts';
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
 * The old log as a table-game log: each `roll` followed by chance's move with the faces the old
 * rules rolled, and each reshuffle of the tokens or the placards by chance's move with the order
 * they were shuffled into. Throws SaveError when the old log does not replay under the old rules.
 */
export function convertOldLog(log: OldLog, oldGame: RebelMissionsGame): NewLog {
  let state: RebelMissionsState;
  try {
    state = oldGame.setup(log.config, log.seed);
  } catch (error) {
    throw new SaveError(error instanceof Error ? error.message : String(error));
  }
  const moves: RebelTableMove[] = [];
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
  return `${path}.old-format.json`;
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
  try {
    const current = decodeSave(saveShapeOf(entry.game), text, path);
    if (current.table !== undefined && 'seats' in current.table) return null;
  } catch {
    // Not a save of the table game: perhaps one of the older companion's.
  }
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
    log = convertOldLog(old.log, oldGame);
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
