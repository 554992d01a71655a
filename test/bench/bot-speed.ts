// What the bots' figures share: a bot timed move by move (CPU time of this process, the moves
// with a choice to make), percentiles, the search bot's p95 set beside its goal and beside the
// heuristic bot's time in the same games, and a win rate with its 95% Wilson interval.

import type { TableBot } from '../../host/engine/table-play.ts';
import type { BenchFigure } from './section.ts';
import { wilson95 } from './wilson.ts';

/** The goal of issue 22: a search bot's move takes at most this much CPU at the 95th percentile. */
export const SEARCH_P95_GOAL_MS = 250;

/** `bot` with its CPU time per move (milliseconds, only moves with more than one legal move) pushed to `times`. */
export function timed<S, M, V>(bot: TableBot<S, M, V>, times: number[]): TableBot<S, M, V> {
  return {
    name: bot.name,
    choose: (turn) => {
      if (turn.legalMoves.length < 2) return bot.choose(turn);
      const start = process.cpuUsage();
      const move = bot.choose(turn);
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1000);
      return move;
    },
  };
}

export function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** The search bot's p50 and p95 a move, the goal beside it, and the ratio to the heuristic bot's p95 in the same games. */
export function searchTimeFigure(label: string, search: readonly number[], heuristic: readonly number[]): BenchFigure {
  const p95 = percentile(search, 0.95);
  const reference = percentile(heuristic, 0.95);
  return {
    label,
    value:
      `p50 ${percentile(search, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms of CPU (goal: p95 <= ${SEARCH_P95_GOAL_MS} ms: ${p95 <= SEARCH_P95_GOAL_MS ? 'met' : 'not met'}; ` +
      `${formatRatio(p95, reference)} the heuristic bot's p95 of ${reference.toFixed(2)} ms; ${search.length} moves)`,
  };
}

const formatRatio = (x: number, reference: number): string => (reference > 0 ? `${(x / reference).toFixed(0)}x` : 'n/a x');

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** "12.5% (95% 8.1-18.9%, 25 of 200)". */
export function winRate(wins: number, games: number): string {
  const { low, high } = wilson95(wins, games);
  return `${percent(wins / games)} (95% Wilson ${percent(low)}-${percent(high)}, ${wins} of ${games})`;
}
