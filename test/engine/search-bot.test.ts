// The ISMCTS search bot over the generic interface: stronger than random in a game of secret
// plans and in a dice game, reproducible with a fixed iteration count, held to its time budget,
// and blind to the real future (chance is drawn from its own stream).
import { describe, expect, it } from 'vitest';
import type { MoveBase } from '../../host/engine/table-game.ts';
import { randomFrom, seedRng, type Random } from '../../host/engine/rng.ts';
import { DEFAULT_SEARCH_MS, searchBot } from '../../host/engine/search-bot.ts';
import { toMove } from '../../host/engine/table-game.ts';
import { playTable, randomTableBot, samplerFor, viewBot, type TableBot } from '../../host/engine/table-play.ts';
import { diceGame, type DiceMove, type DiceState } from './dice-toy.ts';
import { planGame, type PlanMove, type PlanState, type PlanView } from './plan-toy.ts';
import { dealtState, reactionGame, reactionHeuristicMove, type ReactionMove, type ReactionState, type ReactionView } from './reaction-toy.ts';

const two = { players: [{ name: 'A' }, { name: 'B' }] };

/** The search bot's average return over `games`, its seat alternating. */
function scoreAgainst<S, M extends { actor: string }, V>(
  play: (seed: number, seating: Record<string, TableBot<S, M, V>>) => { result: { finished: boolean; returns?: Record<string, number> }; stopped?: string },
  strong: () => TableBot<S, M, V>,
  weak: () => TableBot<S, M, V>,
  games: number,
): number {
  let total = 0;
  for (let seed = 1; seed <= games; seed++) {
    const seat = seed % 2 ? 'p1' : 'p2';
    const seating = { p1: weak(), p2: weak(), [seat]: strong() };
    const played = play(seed, seating);
    if (played.stopped !== undefined) throw new Error(played.stopped);
    total += played.result.returns?.[seat] ?? 0;
  }
  return total / games;
}

describe('search bot', () => {
  it('beats random play in a game of simultaneous secret plans', () => {
    const score = scoreAgainst<PlanState, PlanMove, PlanView>(
      (seed, seating) => playTable(planGame, two, seed, seating, { maxSteps: 5_000 }),
      () => searchBot(planGame, { timeMs: null, iterations: 40 }),
      () => randomTableBot(),
      10,
    );
    expect(score).toBeGreaterThanOrEqual(0.75);
  });

  it('beats random play in an open dice game', () => {
    const score = scoreAgainst<DiceState, DiceMove, DiceState>(
      (seed, seating) => playTable(diceGame, two, seed, seating, { maxSteps: 5_000 }),
      () => searchBot(diceGame, { timeMs: null, iterations: 60 }),
      () => randomTableBot(),
      10,
    );
    expect(score).toBeGreaterThanOrEqual(0.7);
  });

  it('is reproducible with a fixed iteration count', () => {
    const seating = () => ({
      p1: searchBot(reactionGame, { timeMs: null, iterations: 30 }),
      p2: viewBot<ReactionState, ReactionMove, ReactionView>('heuristic', (view, legalMoves, random) => reactionHeuristicMove({ view, legalMoves, random })),
    });
    const a = playTable(reactionGame, two, 12, seating(), { maxSteps: 5_000 });
    const b = playTable(reactionGame, two, 12, seating(), { maxSteps: 5_000 });
    expect(a.stopped).toBeUndefined();
    expect(a.log).toEqual(b.log);
  });

  it('keeps to its time budget (250 ms unless told), on the clock it is given', () => {
    expect(DEFAULT_SEARCH_MS).toBe(250);
    let clock = 0;
    const bot = searchBot(diceGame, { now: () => (clock += 10) });
    const state = diceGame.setup(two, 2).state;
    bot.choose({
      actor: 'p1',
      view: state,
      legalMoves: diceGame.legalMoves(state, 'p1'),
      random: randomFrom(seedRng(1)),
      sample: samplerFor(diceGame, state, 'p1'),
    });
    // One reading to set the deadline, one per iteration after the first: 250 ms of 10 ms ticks.
    expect(bot.lastSearch.iterations).toBe(25);
  });

  it('searches what the player knows: the real future rolls and the hidden cards do not change its choice', () => {
    const state = diceGame.setup(two, 2).state;
    const choose = (s: DiceState) => {
      const bot = searchBot(diceGame, { timeMs: null, iterations: 200 });
      const move = bot.choose({
        actor: 'p1',
        view: s,
        legalMoves: diceGame.legalMoves(s, 'p1'),
        random: randomFrom(seedRng(8)),
        sample: samplerFor(diceGame, s, 'p1'),
      });
      return { move, visits: bot.lastSearch.rootVisits };
    };
    expect(choose({ ...state, rng: seedRng(12345) })).toEqual(choose(state));
    // In a hidden game, the opponents' hands as dealt do not matter either: only what p1 knows.
    const opening = reactionGame.setup({ ...two, options: { 'miss-a-turn': false } }, 6).state;
    expect(toMove(reactionGame, opening)).toEqual(['p1']);
    const other = reactionGame.determinize(opening, 'p1', randomFrom(seedRng(99)));
    expect(other.hands[1]).not.toEqual(opening.hands[1]);
    const pick = (s: ReactionState) => {
      const bot = searchBot(reactionGame, { timeMs: null, iterations: 150 });
      return bot.choose({
        actor: 'p1',
        view: reactionGame.view(s, 'p1'),
        legalMoves: reactionGame.legalMoves(s, 'p1'),
        random: randomFrom(seedRng(4)),
        sample: samplerFor(reactionGame, s, 'p1'),
      });
    };
    expect(pick(other)).toEqual(pick(opening));
  });
});

describe('search bot, a position with one right answer', () => {
  it('steals the Plans when drawing the last card would hand the game to their holder', () => {
    const s = dealtState([['steal-1', 'attack3-1'], ['plans-1']], ['defend2-1']);
    s.known.push({ viewer: 'p1', holder: 'p2', card: 'plans-1' });
    const bot = searchBot(reactionGame, { timeMs: null, iterations: 200 });
    const move = bot.choose({
      actor: 'p1',
      view: reactionGame.view(s, 'p1'),
      legalMoves: reactionGame.legalMoves(s, 'p1'),
      random: randomFrom(seedRng(1)),
      sample: samplerFor(reactionGame, s, 'p1'),
    });
    expect(move).toEqual({ actor: 'p1', type: 'steal', card: 'steal-1', target: 'p2' });
  });
});

describe('search bot, crediting the playout policy (policyPrior)', () => {
  const position = () => {
    const s = dealtState([['steal-1', 'attack3-1'], ['plans-1']], ['defend2-1']);
    s.known.push({ viewer: 'p1', holder: 'p2', card: 'plans-1' });
    return s;
  };
  /** A policy that never steals (in this position: the wrong answer), random otherwise. */
  const neverSteals = (_s: ReactionState, _actor: string, legal: readonly MoveBase[], random: Random): MoveBase => {
    const moves = legal as readonly ReactionMove[];
    const others = moves.filter((m) => m.type !== 'steal');
    return random.pick(others.length > 0 ? others : moves);
  };
  const chooseWith = (iterations: number, policyPrior: number) => {
    const s = position();
    const bot = searchBot(reactionGame, { timeMs: null, iterations, policyPrior, playout: neverSteals });
    return bot.choose({
      actor: 'p1',
      view: reactionGame.view(s, 'p1'),
      legalMoves: reactionGame.legalMoves(s, 'p1'),
      random: randomFrom(seedRng(1)),
      sample: samplerFor(reactionGame, s, 'p1'),
    });
  };

  it("plays the policy's move when its credit outweighs what the playouts found", () => {
    expect(chooseWith(20, 1_000).type).not.toBe('steal');
  });

  it('overrides the policy when its playouts find a clearly better move', () => {
    expect(chooseWith(400, 5)).toEqual({ actor: 'p1', type: 'steal', card: 'steal-1', target: 'p2' });
  });

  it('needs a playout policy', () => {
    expect(() => searchBot(reactionGame, { policyPrior: 3 })).toThrow(/policyPrior needs a playout policy/);
  });
});

describe('search bot, the others moving by the playout policy (policyOpponents)', () => {
  /** The moves the other players make in one search, and how many of them the playout policy chose. */
  const othersMoves = (policyOpponents: boolean): { made: number; byPolicy: number } => {
    const s = dealtState(
      [
        ['steal-1', 'attack3-1'],
        ['plans-1', 'defend2-1'],
      ],
      ['defend2-2', 'steal-2'],
    );
    const counts = { made: 0, byPolicy: 0 };
    const counted = {
      ...reactionGame,
      advanceInPlace: undefined,
      applyInPlace: (state: ReactionState, move: ReactionMove) => {
        if (move.actor === 'p2') counts.made++;
        return reactionGame.applyInPlace(state, move);
      },
    };
    const policy = (_s: ReactionState, actor: string, legal: readonly MoveBase[], random: Random): MoveBase => {
      if (actor === 'p2') counts.byPolicy++;
      return random.pick(legal);
    };
    const bot = searchBot(counted, { timeMs: null, iterations: 60, playout: policy, policyOpponents });
    bot.choose({
      actor: 'p1',
      view: reactionGame.view(s, 'p1'),
      legalMoves: reactionGame.legalMoves(s, 'p1'),
      random: randomFrom(seedRng(2)),
      sample: samplerFor(reactionGame, s, 'p1'),
    });
    return counts;
  };

  it('lets the policy make every move of the others, in the tree too', () => {
    const counts = othersMoves(true);
    expect(counts.made).toBeGreaterThan(0);
    expect(counts.byPolicy).toBe(counts.made);
  });

  it('without it, the tree chooses some of the moves of the others', () => {
    const counts = othersMoves(false);
    expect(counts.byPolicy).toBeLessThan(counts.made);
  });

  it('needs a playout policy', () => {
    expect(() => searchBot(reactionGame, { policyOpponents: true })).toThrow(/policyOpponents needs a playout policy/);
  });
});
