// The engine's figures: random playouts per second of the toy table games (test/engine/) with
// the in-place apply on a clone, the persistent copy-on-write apply (judged, as for people's
// moves) and a copy of the whole state per move (the old way), all in the same run, warmed up,
// best of three passes; and the search bot's time per move and win rates with 95% Wilson intervals,
// on the toy games and on Secret Invasion through its table-game adapter (few games: a preview
// until the game moves over and the 1,000-game figures are run).
// `npm run bench` shows them through engine.section.ts.

import type { ActorId, MoveBase } from '../../host/engine/table-game.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { searchBot, type SearchOptions } from '../../host/engine/search-bot.ts';
import { toMove, type TableGame } from '../../host/engine/table-game.ts';
import { nextRandomMove, playTable, randomTableBot, viewBot, type TableBot } from '../../host/engine/table-play.ts';
import { diceGame } from '../engine/dice-toy.ts';
import { planGame } from '../engine/plan-toy.ts';
import { reactionGame, reactionHeuristicMove, type ReactionMove, type ReactionState, type ReactionView } from '../engine/reaction-toy.ts';
import { trackingStepBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import type { SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionSearch } from '../../host/games/secret-invasion/search.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { wilson95 } from './wilson.ts';
import { formatNumber, type BenchFigure } from './section.ts';

type Mode = 'in place' | 'copy-on-write' | 'whole copy';
const MODES: readonly Mode[] = ['in place', 'copy-on-write', 'whole copy'];

const two = { players: [{ name: 'A' }, { name: 'B' }] };
const four = { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] };

function playouts<C, S, M extends MoveBase, V, E>(game: TableGame<C, S, M, V, E>, config: C, games: number, mode: Mode): { perSecond: number; moves: number } {
  let moves = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const random = randomFrom(seedRng(seed));
    let state = game.setup(config, seed).state;
    if (mode === 'in place') state = game.clone(state);
    for (;;) {
      const actors = toMove(game, state);
      if (actors.length === 0) break;
      const move = nextRandomMove(game, state, actors, random);
      if (mode === 'in place') game.applyInPlace(state, move);
      else if (mode === 'whole copy') {
        state = game.clone(state);
        game.applyInPlace(state, move);
      } else {
        const applied = game.apply(state, move);
        if (!applied.ok) throw new Error(applied.reason);
        state = applied.state;
      }
      moves++;
    }
  }
  return { perSecond: games / ((performance.now() - start) / 1000), moves: moves / games };
}

function speedFigures<C, S, M extends MoveBase, V, E>(label: string, game: TableGame<C, S, M, V, E>, config: C, games: number): BenchFigure[] {
  for (const mode of MODES) playouts(game, config, Math.ceil(games / 5), mode); // warm up
  const best = new Map<Mode, number>();
  let movesPerGame = 0;
  for (let pass = 0; pass < 3; pass++) {
    for (const mode of MODES) {
      const { perSecond, moves } = playouts(game, config, games, mode);
      best.set(mode, Math.max(best.get(mode) ?? 0, perSecond));
      movesPerGame = moves;
    }
  }
  const inPlace = best.get('in place') as number;
  return MODES.map((mode) => ({
    label: `${label}: random playouts, ${mode}`,
    value: `${formatNumber(best.get(mode) as number)} games/s${mode === 'in place' ? ` (${movesPerGame.toFixed(0)} moves a game)` : ` (in place is ${(inPlace / (best.get(mode) as number)).toFixed(1)}x)`}`,
  }));
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Times the search bot's moves through whole games against random play. */
function searchTimes(iterations: number | null, moves: number): { p50: number; p95: number; iterations: number } {
  const times: number[] = [];
  const done: number[] = [];
  const bot = searchBot(reactionGame, iterations === null ? {} : { timeMs: null, iterations });
  const timed: TableBot<ReactionState, ReactionMove, ReactionView> = {
    name: 'timed',
    choose: (turn) => {
      const start = performance.now();
      const move = bot.choose(turn);
      if (turn.legalMoves.length > 1) {
        times.push(performance.now() - start);
        done.push(bot.lastSearch.iterations);
      }
      return move;
    },
  };
  for (let seed = 1; times.length < moves; seed++) playTable(reactionGame, two, seed, { p1: timed, p2: randomTableBot() }, { maxSteps: 5_000 });
  const sorted = times.slice(0, moves).sort((a, b) => a - b);
  const its = done.slice(0, moves).sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), iterations: percentile(its, 0.5) };
}

/** The search bot's share of the returns against `opponent`, its seat alternating (a draw counts half). */
function winRate<C, S, M extends MoveBase, V, E>(
  game: TableGame<C, S, M, V, E>,
  config: C,
  games: number,
  iterations: number,
  opponent: () => TableBot<S, M, V>,
  extra: SearchOptions<S> = {},
): { score: number; games: number } {
  let score = 0;
  for (let seed = 1; seed <= games; seed++) {
    const seat: ActorId = seed % 2 ? 'p1' : 'p2';
    const seating: Record<ActorId, TableBot<S, M, V>> = { p1: opponent(), p2: opponent() };
    seating[seat] = searchBot(game, { ...extra, timeMs: null, iterations });
    const played = playTable(game, config, seed, seating, { maxSteps: 5_000 });
    if (played.stopped !== undefined) throw new Error(played.stopped);
    if (played.result.finished) score += played.result.returns[seat] ?? 0;
  }
  return { score, games };
}

type SiBot = TableBot<SecretInvasionState, SecretInvasionStep, SecretInvasionView>;
const tracking = (): SiBot => viewBot('tracking', trackingStepBot());

const heuristic = (): TableBot<ReactionState, ReactionMove, ReactionView> => ({ name: 'heuristic', choose: reactionHeuristicMove });
const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function engineFigures(): BenchFigure[] {
  const figures: BenchFigure[] = [
    ...speedFigures('Ambush, 2 players', reactionGame, two, 1_000),
    ...speedFigures('Ambush, 4 players', reactionGame, four, 500),
    ...speedFigures('Gambit, 2 players', planGame, two, 300),
    ...speedFigures('Skirmish', diceGame, two, 500),
  ];
  const fixed = searchTimes(100, 40);
  figures.push({
    label: 'search bot, 100 iterations: time per move',
    value: `p50 ${fixed.p50.toFixed(1)} ms, p95 ${fixed.p95.toFixed(1)} ms (Ambush, 2 players)`,
  });
  const budget = searchTimes(null, 8);
  figures.push({
    label: 'search bot, 250 ms budget: time per move',
    value: `p50 ${budget.p50.toFixed(0)} ms, p95 ${budget.p95.toFixed(0)} ms, ${formatNumber(budget.iterations)} iterations (p50)`,
  });
  const rates = [
    { label: 'search bot (100 iterations) vs random, Ambush', ...winRate(reactionGame, two, 40, 100, randomTableBot) },
    { label: 'search bot (100 iterations) vs heuristic, Ambush', ...winRate(reactionGame, two, 40, 100, heuristic) },
    { label: 'search bot (40 iterations) vs random, Gambit', ...winRate(planGame, two, 20, 40, randomTableBot) },
    { label: 'search bot (300 iterations) vs random, Secret Invasion', ...winRate(secretInvasionTable, two, 20, 300, randomTableBot, secretInvasionSearch) },
    { label: 'search bot (300 iterations) vs tracking bot, Secret Invasion', ...winRate(secretInvasionTable, two, 40, 300, tracking, secretInvasionSearch) },
  ];
  for (const { label, score, games } of rates) {
    const { low, high } = wilson95(Math.round(score), games);
    figures.push({ label, value: `${percent(score / games)} of ${games} games (95%: ${percent(low)}-${percent(high)})` });
  }
  return figures;
}
