// Random playouts of the table game people play, with a timer that reports as a real one would
// (any time reading, codes right or wrong): every invariant of the table holds after every move
// (44 tokens and 28 placards always accounted for), every game ends, and both ends occur. The
// engine's contract over listed moves is `fuzzTable`'s, in table-game.test.ts and the generic checks.
import { describe, expect, it } from 'vitest';
import { playTable, randomTableBot, type TableBot } from '../../../host/engine/table-play.ts';
import { stateProblems } from '../../../host/games/rebel-missions/invariants.ts';
import type { RebelMissionsView, RebelTableMove, RebelTableState } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { rebelMissionsTable as game, tableBot } from '../../../host/games/rebel-missions/table-game.ts';
import { randomTimerBot, type TimerBotOptions } from '../../../host/games/rebel-missions/timer-bot.ts';
import { catalog, configFor } from './fixtures.ts';

type RmBot = TableBot<RebelTableState, RebelTableMove, RebelMissionsView>;

/** 1 to 5 players by seed. */
const config = (seed: number) => configFor(1 + (seed % 5));
/** Every invariant of the table; while a placard shuffle is pending the turn's stage rules wait for it. */
const invariants = (s: RebelTableState): string[] =>
  stateProblems(catalog, s).filter((p) => s.pending?.kind !== 'placard-shuffle' || !/All Play window|complete but/.test(p));

/** Each seat a random bot or the cooperative bot by seed; a timer that reports as a real one would (`randomTimerBot`). */
function seatingFor(timer: TimerBotOptions): (seed: number) => Record<string, RmBot> {
  return (seed) => {
    const seats: Record<string, RmBot> = { timer: tableBot('timer', randomTimerBot(timer)) };
    for (let i = 1; i <= 5; i++) seats[`p${i}`] = (seed >> i) % 3 === 0 ? randomTableBot() : tableBot('cooperative', rebelBot());
    return seats;
  };
}

const LONG_GAME: TimerBotOptions = { durationMs: 600_000, minStepMs: 2_000, maxStepMs: 10_000, need: 4, correctChance: 0.5 };
const SHORT_GAME: TimerBotOptions = { durationMs: 240_000, minStepMs: 2_000, maxStepMs: 12_000, need: 4, correctChance: 0.6 };

/** How `games` seeded games from `firstSeed` ended (their summaries counted); throws at the first broken invariant or unfinished game. */
function playouts(games: number, firstSeed: number, timer: TimerBotOptions, maxSteps: number): Record<string, number> {
  const ends: Record<string, number> = {};
  for (let seed = firstSeed; seed < firstSeed + games; seed++) {
    const played = playTable(game, config(seed), seed, seatingFor(timer)(seed), { maxSteps, check: ({ after }) => invariants(after) });
    if (played.stopped !== undefined) throw new Error(`seed ${seed}, move ${played.steps}: ${played.stopped}`);
    if (!played.result.finished) throw new Error(`seed ${seed}: the game did not end`);
    ends[played.result.summary] = (ends[played.result.summary] ?? 0) + 1;
  }
  return ends;
}

describe('Rebel Missions random playouts', () => {
  it('every invariant holds after every move; every game ends, won or lost', () => {
    expect(Object.keys(playouts(120, 1, LONG_GAME, 3_000)).sort()).toEqual(['lost: time ran out', 'won: 4 correct codes entered']);
  });

  it('short games on a quicker timer: tokens and placards always accounted for, every game ends, some are won', () => {
    expect(playouts(400, 10_000, SHORT_GAME, 2_000)['won: 4 correct codes entered'] ?? 0).toBeGreaterThan(0);
  });
});
