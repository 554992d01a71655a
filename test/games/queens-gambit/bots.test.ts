// The Queen's Gambit's bots: random, a heuristic bot for each side, the engine's search bot;
// a table of bots plays headless to the end at both table sizes, every move legal.
import { describe, expect, it } from 'vitest';
import { fuzzTable } from '../../../host/engine/table-check.ts';
import { playTable } from '../../../host/engine/table-play.ts';
import { heuristicBot, playHeadless, qgSearchBot, tableOfBots } from '../../../host/games/queens-gambit/bots.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import { accountingProblems } from '../../../host/games/queens-gambit/rules.ts';
import { started, tableOf } from './play-helpers.ts';

describe("The Queen's Gambit's bots", () => {
  it.each([2, 4] as const)(
    'heuristic bots of both sides play legal moves to the end at %i players, every card and piece accounted for',
    (players) => {
      const report = fuzzTable(queensGambit, {
        games: 3,
        firstSeed: 40 + players,
        config: () => tableOf(players),
        seating: () => tableOfBots(players, { naboo: 'heuristic', 'trade-federation': 'heuristic' }),
        maxSteps: 20_000,
        invariants: accountingProblems,
      });
      expect(report.failures.map((f) => f.problem.slice(0, 300))).toEqual([]);
      expect(report.finished).toBe(3);
    },
    60_000,
  );

  it('each heuristic bot beats random play from its own side', () => {
    let nabooWins = 0;
    let tfWins = 0;
    for (let seed = 1; seed <= 20; seed++) {
      if (playHeadless(2, tableOfBots(2, { naboo: 'heuristic', 'trade-federation': 'random' }), seed).winner === 'naboo') nabooWins++;
      if (playHeadless(2, tableOfBots(2, { naboo: 'random', 'trade-federation': 'heuristic' }), seed).winner === 'trade-federation') tfWins++;
    }
    expect(nabooWins).toBeGreaterThanOrEqual(16);
    expect(tfWins).toBeGreaterThanOrEqual(16);
  }, 60_000);

  it('a heuristic bot plans the cards it values: slides every bonus card beneath and commits', () => {
    let s = started();
    s = {
      ...s,
      bonus: { ...s.bonus, naboo: s.decks['naboo-palace'].draw.slice(0, 1) },
      decks: { ...s.decks, 'naboo-palace': { draw: s.decks['naboo-palace'].draw.slice(1), discard: [] } },
    };
    const bot = heuristicBot('naboo');
    const random = { below: () => 0, pick: <T>(xs: readonly T[]) => xs[0] as T } as unknown as Parameters<typeof bot>[2];
    const kinds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const legal = queensGambit.legalMoves(s, 'p2');
      if (legal.length === 0) break;
      const move = bot(queensGambit.view(s, 'p2'), legal, random);
      kinds.push(move.type);
      const applied = queensGambit.apply(s, move);
      if (!applied.ok) throw new Error(applied.reason);
      s = applied.state;
    }
    expect(kinds).toEqual(['pick', 'pick', 'pick', 'pick', 'slide-bonus', 'commit']);
  });

  it('the search bot (ISMCTS over determinized states, heuristic playouts) plays legal moves at a table of bots', () => {
    const seating = tableOfBots(2, { naboo: 'search', 'trade-federation': 'heuristic' }, { timeMs: null, iterations: 4, maxPlayoutSteps: 150 });
    const played = playTable(queensGambit, tableOf(2), 5, seating, { maxSteps: 120 });
    // Stopped only by the step bound: every move of the search bot was accepted.
    expect(played.stopped).toBe('the game did not end within 120 moves');
    expect(played.log.moves.filter((m) => m.actor === 'p2').length).toBeGreaterThan(10);
    expect(qgSearchBot({ timeMs: null, iterations: 1 }).name).toBeTypeOf('string');
  }, 60_000);
});
