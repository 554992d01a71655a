// Rebel Missions on the table-game shape (host/games/rebel-missions/table-game.ts): the engine's
// contract over random playouts with the timer as an external actor (its TIME and TIMEOUT sent
// unasked, START and the code answers asked on the stack), the built legal moves against the
// judge, the decision stack by stage, and results per player.
import { describe, expect, it } from 'vitest';
import { fuzzTable, legalMovesMatchJudge } from '../../../host/engine/table-check.ts';
import { toMove } from '../../../host/engine/table-game.ts';
import { playTable, viewBot, type TableBot } from '../../../host/engine/table-play.ts';
import { stateProblems } from '../../../host/games/rebel-missions/invariants.ts';
import { candidateMoves } from '../../../host/games/rebel-missions/legality.ts';
import type { RebelMissionsMove, RebelMissionsState, RebelMissionsView } from '../../../host/games/rebel-missions/model.ts';
import { rebelBot } from '../../../host/games/rebel-missions/rebel-bot.ts';
import { rebelMissionsTable as game, TIME_STEP_MS } from '../../../host/games/rebel-missions/table-game.ts';
import { catalog, configFor } from './fixtures.ts';

type RmBot = TableBot<RebelMissionsState, RebelMissionsMove, RebelMissionsView>;
const config = (seed: number) => configFor(1 + (seed % 5));
/**
 * A timer that only sends what is listed (the fuzzer checks every move against the lists): the
 * clock run down by TIME until it reaches 0, then TIMEOUT; START and the code answers at random.
 */
const timer: RmBot = {
  name: 'timer',
  choose: ({ legalMoves, random }) => {
    const time = legalMoves.find((m) => m.type === 'time');
    if (time !== undefined) return time.type === 'time' && time.leftMs > 0 ? time : (legalMoves.find((m) => m.type === 'timeout') as RebelMissionsMove);
    return random.pick(legalMoves);
  },
};

function seating(seed: number): Record<string, RmBot> {
  const seats: Record<string, RmBot> = { timer };
  for (let i = 1; i <= 5; i++) seats[`p${i}`] = viewBot('cooperative', rebelBot());
  return seed % 2 === 0 ? seats : { ...seats, p1: { name: 'random', choose: (turn) => turn.random.pick(turn.legalMoves) } };
}

describe('Rebel Missions as a table game', () => {
  it('keeps the engine contract over random playouts, every invariant holding, every game ending', () => {
    const report = fuzzTable(game, { games: 40, config, seating, maxSteps: 3_000, invariants: (s) => stateProblems(catalog, s) });
    expect(report.failures.slice(0, 3)).toEqual([]);
    expect(report.finished).toBe(40);
    expect(Object.keys(report.summaries).length).toBeGreaterThan(0);
  });

  it("the built legal move lists (with the timer's external moves) equal the candidates the judge accepts", () => {
    // Any TIME reading is accepted; the candidates carry the one the lists show (the clock run down a step).
    const candidates = (s: RebelMissionsState, actor: string): RebelMissionsMove[] =>
      candidateMoves(catalog, s, actor).map((m) => (m.type === 'time' ? { ...m, leftMs: Math.max(0, (s.timeLeftMs ?? 0) - TIME_STEP_MS) } : m));
    const report = legalMovesMatchJudge(game, { games: 40, config, maxSteps: 3_000, candidates });
    expect(report.problems).toEqual([]);
    expect(report.states).toBeGreaterThan(2_000);
  });

  it('the stack: START asked of the timer, then a turn; Play and All Play are windows closed by finish', () => {
    const { state } = game.setup(configFor(3), 7);
    expect(game.decisions(state).map((d) => [d.kind, d.asked])).toEqual([['awaiting-start', ['timer']]]);
    expect(game.externalMoves?.(state, 'timer')).toEqual([]);
    const started = game.apply(state, { actor: 'timer', type: 'start', leftMs: 600_000 });
    if (!started.ok) throw new Error(started.reason);
    expect(game.decisions(started.state).map((d) => [d.kind, d.asked])).toEqual([['turn', ['p1']]]);
    expect(toMove(game, started.state)).toEqual(['p1']);
    expect(game.externalMoves?.(started.state, 'timer').map((m) => m.type)).toEqual(['time', 'timeout']);
    const allPlay: RebelMissionsState = { ...started.state, stage: 'all-play', allPlayWaiting: ['p1', 'p3'] };
    const stack = game.decisions(allPlay);
    expect(stack.map((d) => [d.kind, d.asked, d.close, d.answered])).toEqual([
      ['turn', ['p1'], 'first-taker', []],
      ['all-play', ['p1', 'p2', 'p3'], 'all-committed', ['p2']],
    ]);
    expect(toMove(game, allPlay)).toEqual(['p1', 'p3']);
    expect(game.legalMoves(allPlay, 'p2')).toEqual([]);
    expect(game.legalMoves(allPlay, 'p3').at(-1)).toEqual({ actor: 'p3', type: 'finish' });
  });

  it('results per player: the whole table wins or loses together', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const played = playTable(game, config(seed), seed, seating(seed), { maxSteps: 3_000 });
      expect(played.stopped).toBeUndefined();
      if (!played.result.finished) throw new Error('unfinished');
      const values = new Set(Object.values(played.result.returns));
      expect(values.size).toBe(1);
      expect(Object.keys(played.result.returns)).toEqual(game.players(played.state));
      expect(played.result.winners.length === 0 ? 0 : 1).toBe([...values][0]);
    }
  });
});
