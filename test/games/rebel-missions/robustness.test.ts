import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playTable, randomTableBot } from '../../../host/engine/table-play.ts';
import type {
  RebelMissionsView,
  RebelTableMove as RebelMissionsMove,
  RebelTableState as RebelMissionsState,
} from '../../../host/games/rebel-missions/model.ts';
import { rebelMissionsTable as game, tableBot } from '../../../host/games/rebel-missions/table-game.ts';
import { randomTimerBot } from '../../../host/games/rebel-missions/timer-bot.ts';
import { configFor } from './fixtures.ts';

/** States from several moments of a few games, to throw junk at. */
function sampleStates(): RebelMissionsState[] {
  const states: RebelMissionsState[] = [];
  const bot = randomTableBot<RebelMissionsState, RebelMissionsMove, RebelMissionsView>();
  for (let seed = 1; seed <= 4; seed++) {
    playTable(
      game,
      configFor(1 + seed),
      seed,
      { timer: tableBot('timer', randomTimerBot()), p1: bot, p2: bot, p3: bot, p4: bot, p5: bot },
      {
        maxSteps: 300,
        check: ({ before }) => {
          if (states.length < 400) states.push(before);
          return [];
        },
      },
    );
  }
  return states;
}

describe('Rebel Missions rejects malformed moves with a reason', () => {
  const states = sampleStates();
  const actor = fc.oneof(fc.constantFrom('p1', 'p2', 'p3', 'timer', 'p9', ''), fc.anything());
  const type = fc.oneof(
    fc.constantFrom('roll', 'choose', 'end-turn', 'play-token', 'use-ability', 'finish', 'start', 'time', 'chime', 'buzz', 'fanfare', 'timeout', 'cheat'),
    fc.anything(),
  );
  const junk = fc.record(
    {
      actor,
      type,
      die: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.anything()),
      token: fc.oneof(fc.constantFrom('blaster-1', 'chopper-1', 'nope'), fc.anything()),
      leftMs: fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.double(), fc.anything()),
      found: fc.oneof(fc.integer({ min: -1, max: 120 }), fc.anything()),
      reason: fc.oneof(fc.constantFrom('decoy', 'used', 'mistake', 'idle', 'bad'), fc.anything()),
    },
    { requiredKeys: [] },
  );

  it('never throws; a rejection always carries a reason and an accepted move is listed as legal or is a timer reading', () => {
    fc.assert(
      fc.property(fc.nat({ max: states.length - 1 }), junk, (i, raw) => {
        const state = states[i]!;
        const move = raw as unknown as RebelMissionsMove;
        const result = game.apply(state, move);
        if (!result.ok) {
          expect(typeof result.reason).toBe('string');
          expect(result.reason.length).toBeGreaterThan(0);
          return;
        }
        const listed = game.legalMoves(state, move.actor).some((m) => JSON.stringify(m) === JSON.stringify({ ...m, ...pick(move, m) }));
        expect(listed || move.actor === 'timer').toBe(true);
      }),
      { numRuns: 3000, seed: 20261129 },
    );
  });
});

/** The fields of `move` that `template` has, for comparing a move that carries extra fields. */
function pick(move: RebelMissionsMove, template: RebelMissionsMove): Partial<RebelMissionsMove> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(template)) out[key] = (move as unknown as Record<string, unknown>)[key];
  return out as Partial<RebelMissionsMove>;
}
