// Stolen Plans figures: random self-play speed with the base deck and with every set the rules
// engine plays (3 and 5 players), and the hunter's and the search bot's win rates against random
// bots in 3-player games, with 95% Wilson intervals; then the search bot as the table seats it
// (`TABLE_SEARCH_ITERATIONS` a move) against two hunter bots, beside a hunter in its seat in the
// same seeds: its win rate, and its CPU time a move (p50, p95) against the goal of 250 ms and as a
// multiple of the hunter's in the same games. `npm run bench` shows them through
// stolen-plans.section.ts. BENCH_SP_SEARCH_GAMES (default 40: a game of the search bot takes seconds) sets how many.

import { playTable, type TableBot } from '../../host/engine/table-play.ts';
import { spBots } from '../../host/games/stolen-plans/bots.ts';
import { ASKED_FOR, RULES_SETS, stolenPlans } from '../../host/games/stolen-plans/game.ts';
import { TABLE_SEARCH_ITERATIONS } from '../../host/games/stolen-plans/table-entry.ts';
import { searchTimeFigure, timed, winRate } from './bot-speed.ts';
import type { SpMove, SpState, SpView } from '../../host/games/stolen-plans/state.ts';
import { wilson95 } from './wilson.ts';
import { formatNumber, type BenchFigure } from './section.ts';

type SpBot = TableBot<SpState, SpMove, SpView>;

/** Search iterations a move in the bench: few, so 1,000 games take well under a minute. */
export const SEARCH_ITERATIONS = 8;

const configFor = (players: number, everything: boolean) => ({
  players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })),
  // Everything: every set the rules play and the cards only in when asked for by name.
  options: everything ? Object.fromEntries([...RULES_SETS, ...ASKED_FOR.map((c) => `include-${c.card}`)].map((id) => [id, true])) : {},
});

function selfPlaySpeed(players: number, everything: boolean, games: number): { perSecond: number; movesPerGame: number } {
  const seating = Object.fromEntries(Array.from({ length: players }, (_, i) => [`p${i + 1}`, spBots.random()]));
  let moves = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const played = playTable(stolenPlans, configFor(players, everything), seed, seating, { maxSteps: 10_000 });
    if (played.stopped !== undefined) throw new Error(`seed ${seed}: ${played.stopped}`);
    moves += played.steps;
  }
  return { perSecond: games / ((performance.now() - start) / 1000), movesPerGame: moves / games };
}

/** Games of one strong bot against two random bots, its seat going round the table. */
function strongAgainstRandom(strong: () => SpBot, games: number): number {
  let wins = 0;
  for (let seed = 1; seed <= games; seed++) {
    const seat = `p${1 + (seed % 3)}`;
    const seating: Record<string, SpBot> = { p1: spBots.random(), p2: spBots.random(), p3: spBots.random() };
    seating[seat] = strong();
    const played = playTable(stolenPlans, configFor(3, false), seed, seating, { maxSteps: 10_000 });
    if (played.stopped !== undefined) throw new Error(`seed ${seed}: ${played.stopped}`);
    if (played.result.finished && played.result.winners.includes(seat)) wins++;
  }
  return wins;
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;
const SEARCH_GAMES = Number(process.env.BENCH_SP_SEARCH_GAMES ?? 40);

/** Games of `bot()` in one seat (going round the table) against two hunter bots: its wins and its times a move. */
function againstHunters(bot: () => SpBot): { wins: number; times: number[] } {
  const times: number[] = [];
  let wins = 0;
  for (let seed = 1; seed <= SEARCH_GAMES; seed++) {
    const seat = `p${1 + (seed % 3)}`;
    const seating: Record<string, SpBot> = { p1: spBots.hunter(), p2: spBots.hunter(), p3: spBots.hunter() };
    seating[seat] = timed(bot(), times);
    const played = playTable(stolenPlans, configFor(3, false), seed, seating, { maxSteps: 10_000 });
    if (played.stopped !== undefined) throw new Error(`seed ${seed}: ${played.stopped}`);
    if (played.result.finished && played.result.winners.includes(seat)) wins++;
  }
  return { wins, times };
}

function searchFigures(): BenchFigure[] {
  const hunter = againstHunters(spBots.hunter);
  const search = againstHunters(() => spBots.search({ timeMs: null, iterations: TABLE_SEARCH_ITERATIONS }));
  return [
    { label: 'a hunter bot vs 2 hunter bots (3 players): wins', value: winRate(hunter.wins, SEARCH_GAMES) },
    { label: `the search bot (${TABLE_SEARCH_ITERATIONS} iterations) vs 2 hunter bots (3 players): wins`, value: winRate(search.wins, SEARCH_GAMES) },
    searchTimeFigure(`the search bot (${TABLE_SEARCH_ITERATIONS} iterations) vs 2 hunter bots: time a move`, search.times, hunter.times),
  ];
}

export function stolenPlansFigures(): BenchFigure[] {
  const figures: BenchFigure[] = [];
  selfPlaySpeed(3, false, 50); // warm up the compiler
  for (const everything of [false, true]) {
    for (const players of [3, 5]) {
      const { perSecond, movesPerGame } = selfPlaySpeed(players, everything, everything ? 60 : 200);
      figures.push({
        label: `random self-play, ${everything ? `base + ${RULES_SETS.join(' + ')} + ${ASKED_FOR.map((c) => c.card).join(' + ')}` : 'base deck'}, ${players} players`,
        value: `${formatNumber(perSecond)} games/s (${movesPerGame.toFixed(1)} moves a game)`,
      });
    }
  }
  const games = 1_000;
  for (const [label, strong] of [
    ['hunter bot vs 2 random bots (3 players)', spBots.hunter],
    [`search bot (${SEARCH_ITERATIONS} iterations a move) vs 2 random bots (3 players)`, () => spBots.search({ timeMs: null, iterations: SEARCH_ITERATIONS })],
  ] as const) {
    const wins = strongAgainstRandom(strong, games);
    const { low, high } = wilson95(wins, games);
    figures.push({
      label,
      value: `won ${wins} of ${games} = ${percent(wins / games)} (95% Wilson interval ${percent(low)} to ${percent(high)}; a random seat wins 33.3%)`,
    });
  }
  figures.push(...searchFigures());
  return figures;
}
