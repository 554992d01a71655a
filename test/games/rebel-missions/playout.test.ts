import { describe, expect, it } from 'vitest';
import { playGame, randomBot, type Bot, type Seating } from '../../../host/engine/bots.ts';
import { fuzzGame } from '../../../host/engine/fuzz.ts';
import { stateProblems } from '../../../host/games/rebel-missions/invariants.ts';
import type { RebelMissionsMove, RebelMissionsView } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { randomTimerBot, type TimerBotOptions } from '../../../host/games/rebel-missions/timer-bot.ts';
import { catalog, configFor, game } from './fixtures.ts';

type RmBot = Bot<RebelMissionsView, RebelMissionsMove>;

/** 1 to 5 players by seed; each seat a random bot or the cooperative bot; a random timer. */
const config = (seed: number) => configFor(1 + (seed % 5));
function seatingFor(timer: TimerBotOptions): (seed: number) => Seating<RebelMissionsView, RebelMissionsMove> {
  const timerBot = randomTimerBot(timer);
  const random: RmBot = randomBot();
  const cooperative = rebelBot();
  return (seed) => {
    const seats: Record<string, RmBot> = { timer: timerBot };
    for (let i = 1; i <= 5; i++) seats[`p${i}`] = (seed >> i) % 3 === 0 ? random : cooperative;
    return seats;
  };
}

const LONG_GAME: TimerBotOptions = { durationMs: 600_000, minStepMs: 2_000, maxStepMs: 10_000, need: 4, correctChance: 0.5 };
const SHORT_GAME: TimerBotOptions = { durationMs: 240_000, minStepMs: 2_000, maxStepMs: 12_000, need: 4, correctChance: 0.6 };

describe('Rebel Missions random playouts', () => {
  it('fuzz: the engine contract and every invariant hold after every move, and every game ends', () => {
    const report = fuzzGame(game, {
      games: 120,
      firstSeed: 1,
      config,
      seating: seatingFor(LONG_GAME),
      maxSteps: 3_000,
      invariants: (s) => stateProblems(catalog, s),
    });
    expect(report.failures.slice(0, 3)).toEqual([]);
    expect(report.finished).toBe(120);
    expect(Object.keys(report.outcomes).sort()).toEqual(['lost: time ran out', 'won: 4 correct codes entered']);
  });

  it('2000 seeded games: 44 tokens and 28 placards always accounted for, no illegal state, every game ends', () => {
    let won = 0;
    for (let seed = 10_000; seed < 12_000; seed++) {
      const played = playGame(game, config(seed), seed, seatingFor(SHORT_GAME)(seed), {
        maxSteps: 2_000,
        check: ({ after }) => stateProblems(catalog, after),
      });
      if (played.stopped !== undefined) {
        throw new Error(`seed ${seed}, move ${played.steps}: ${played.stopped}`);
      }
      expect(played.outcome.finished).toBe(true);
      if (played.outcome.finished && played.outcome.winners.length > 0) won++;
    }
    expect(won).toBeGreaterThan(0);
  });
});
