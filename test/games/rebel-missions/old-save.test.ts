// Saves of the older Rebel Missions companion (no chance moves in the log, only `table.bots`)
// on the table front end (host/games/rebel-missions/old-save.ts): brought over and carried on by
// `TableHost.resume` (the same table: hands, piles, placards, codes, time; the bots' seats kept),
// with the reshuffles of the old log as shuffle moves; a save that cannot be brought over (dealt
// from a pack the game is not given) refused with what to do.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { readSave, SaveError, writeSave } from '../../../host/engine/save.ts';
import { rebelMissions } from '../../../host/games/rebel-missions/game.ts';
import type { GameLog } from '../../../host/engine/log.ts';
import type { RebelMissionsConfig, RebelMissionsMove, RebelMissionsState, RebelTableMove } from '../../../host/games/rebel-missions/model.ts';
import { convertOldLog, oldFormatPathOf, upgradeOldSave } from '../../../host/games/rebel-missions/old-save.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { rebelMissionsEntry as entry } from '../../../host/games/rebel-missions/table-entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { saveShapeOf } from '../../../host/table/save-shape.ts';
import { testTempDir } from '../../support/temp-dir.ts';
import { configFor } from './fixtures.ts';

/** An old-shape game played by bots for `steps` moves (the timer's TIME now and then; codes answered CHIME or BUZZ). */
function oldGame(seed: number, steps: number): { moves: RebelMissionsMove[]; state: RebelMissionsState } {
  const random = randomFrom(seedRng(seed));
  const bot = rebelBot();
  let state = rebelMissions.setup(configFor(3), seed);
  const moves: RebelMissionsMove[] = [];
  const play = (move: RebelMissionsMove): void => {
    const applied = rebelMissions.apply(state, move);
    if (!applied.ok) throw new Error(applied.reason);
    state = applied.state;
    moves.push(move);
  };
  play({ actor: 'timer', type: 'start', leftMs: 3_600_000 });
  for (let i = 0; i < steps && state.stage !== 'won' && state.stage !== 'lost'; i++) {
    if (state.stage === 'enter-code') {
      play(
        random.below(3) === 0 ? { actor: 'timer', type: 'buzz', reason: 'decoy' } : { actor: 'timer', type: 'chime', found: Math.min(3, state.codesFound + 1) },
      );
      continue;
    }
    if (random.below(8) === 0) {
      play({ actor: 'timer', type: 'time', leftMs: Math.max(1000, (state.timeLeftMs ?? 0) - 7000) });
      continue;
    }
    const actor = rebelMissions.toMove(state).find((a) => a !== 'timer') as string;
    play(bot(rebelMissions.view(state, actor), rebelMissions.legalMoves(state, actor), random));
  }
  return { moves, state };
}

const comparable = (s: RebelMissionsState): string => JSON.stringify({ ...s, rng: null, pending: null });
/** The same, generator included: the set-up written as the old set-up dealt it leaves the generator where the old game's stood. */
const sameWithGenerator = (s: RebelMissionsState): string => JSON.stringify({ ...s, pending: null });

/** The table game after the converted log's first two moves (its set-up). */
function replaySetUp(log: GameLog<RebelMissionsConfig, RebelTableMove>): RebelMissionsState {
  let state = entry.game.setup(log.config, log.seed).state;
  for (const move of log.moves.slice(0, 2)) {
    const applied = entry.game.apply(state, move);
    if (!applied.ok) throw new Error(applied.reason);
    state = applied.state;
  }
  return state;
}

describe('old Rebel Missions saves on the table front end', () => {
  it('an old log becomes a table-game log that replays to the same table, the reshuffles as shuffle moves', () => {
    let reshuffles = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const old = oldGame(seed, 900);
      const log = convertOldLog({ gameId: 'rebel-missions', config: configFor(3), seed, moves: old.moves }, rebelMissions, entry);
      let state = entry.game.setup(log.config, seed).state;
      for (const move of log.moves) {
        const applied = entry.game.apply(state, move);
        if (!applied.ok) throw new Error(`seed ${seed}: ${JSON.stringify(move)}: ${applied.reason}`);
        state = applied.state;
      }
      expect(comparable(state)).toBe(comparable(old.state));
      // The log opens with the set-up's two shuffles (the deal the old set-up made from the seed).
      expect(log.moves.slice(0, 2).map((m) => [m.actor, (m as { outcome?: unknown[] }).outcome?.length])).toEqual([
        ['chance', 44],
        ['chance', 28],
      ]);
      expect(sameWithGenerator(replaySetUp(log))).toBe(sameWithGenerator({ ...rebelMissions.setup(log.config, seed) }));
      expect(log.moves.filter((m) => m.type === 'roll').length).toBe(
        log.moves.filter((m) => m.type === 'chance' && (m.outcome as unknown[]).length === 2).length,
      );
      reshuffles += log.moves.filter((m) => m.type === 'chance' && (m.outcome as unknown[]).length > 2).length;
    }
    expect(reshuffles).toBeGreaterThan(0);
  });

  it('an old save is brought over in place (the old file kept) and resumed: the same table, the bot seats kept, and play goes on', async () => {
    const path = join(testTempDir('rm-old-save-'), 'rebel-missions.save.json');
    const old = oldGame(5, 120);
    const log = { gameId: 'rebel-missions', config: configFor(3), seed: 5, moves: old.moves };
    writeSave(rebelMissions, path, log, { table: { bots: { seats: ['p2', 'p3'], rng: [1, 2, 3, 4] } } });
    // Before it is brought over, the table game cannot read it.
    expect(() => readSave(saveShapeOf(entry.game), path)).toThrow(SaveError);
    const note = upgradeOldSave(path, entry);
    expect(note).toMatch(/saved by the older companion: it was brought over/);
    expect(existsSync(oldFormatPathOf(path))).toBe(true);
    expect(upgradeOldSave(path, entry)).toBeNull(); // once is enough
    const { host } = TableHost.resume(entry, { savePath: path });
    try {
      expect(comparable(host.state)).toBe(comparable(old.state));
      expect(host.seats.map((s) => [s.id, s.bot])).toEqual([
        ['p1', null],
        ['p2', 'cooperative'],
        ['p3', 'cooperative'],
      ]);
      await host.settled();
      const waiting = host.snapshot('p1');
      if (waiting.moves.length > 0) expect(host.submit('p1', waiting.moves[0]).ok).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('an old save that cannot be brought over (dealt from a pack not given) is refused with what to do, and left as it was', () => {
    const path = join(testTempDir('rm-old-pack-'), 'rebel-missions.save.json');
    const config = { ...configFor(2), pack: { name: 'Our placards', file: '/home/ana/placards.json', sum: 'abcd' } };
    writeSave(rebelMissions, path, { gameId: 'rebel-missions', config, seed: 3, moves: [{ actor: 'timer', type: 'start', leftMs: 600_000 }] });
    expect(() => upgradeOldSave(path, entry)).toThrow(SaveError);
    expect(() => upgradeOldSave(path, entry)).toThrow(/older companion that cannot be carried on here .*placards of "Our placards".*--new.*--pack/);
    expect(existsSync(oldFormatPathOf(path))).toBe(false);
  });
});
