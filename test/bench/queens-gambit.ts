// The Queen's Gambit's figures: random self-play speed at both table sizes, and the heuristic
// bots of the two sides against each other, each side's win rate with its 95% Wilson interval,
// set beside the tournament record (23 Trade Federation wins to 19) as a balance check of the
// chosen decks. `npm run bench` shows them through queens-gambit.section.ts.

import { playHeadless, tableOfBots, type HeadlessGame } from '../../host/games/queens-gambit/bots.ts';
import { wilson95 } from './wilson.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const RANDOM_GAMES = 20;
const BALANCE_GAMES = { 2: 1_000, 4: 1_000 } as const;
const RECORD = { tradeFederation: 23, naboo: 19 };

function randomSelfPlay(players: 2 | 4): { perSecond: number; movesPerGame: number } {
  const start = performance.now();
  let moves = 0;
  for (let seed = 1; seed <= RANDOM_GAMES; seed++)
    moves += playHeadless(players, tableOfBots(players, { naboo: 'random', 'trade-federation': 'random' }), seed).moves;
  return { perSecond: RANDOM_GAMES / ((performance.now() - start) / 1000), movesPerGame: moves / RANDOM_GAMES };
}

function balance(players: 2 | 4): { games: HeadlessGame[]; seconds: number } {
  const start = performance.now();
  const games: HeadlessGame[] = [];
  const seating = tableOfBots(players, { naboo: 'heuristic', 'trade-federation': 'heuristic' });
  for (let seed = 1; seed <= BALANCE_GAMES[players]; seed++) games.push(playHeadless(players, seating, seed));
  return { games, seconds: (performance.now() - start) / 1000 };
}

const rate = (wins: number, games: number): string => {
  const { low, high } = wilson95(wins, games);
  return `${((wins / games) * 100).toFixed(1)}% (95% ${(low * 100).toFixed(1)}-${(high * 100).toFixed(1)}%, ${wins} of ${games})`;
};

export function queensGambitFigures(): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const players of [2, 4] as const) {
    const r = randomSelfPlay(players);
    figures.push({
      label: `random self-play, ${players} players`,
      value: `${formatNumber(r.perSecond, 1)} games/s (${formatNumber(r.movesPerGame)} moves a game)`,
    });
  }
  for (const players of [2, 4] as const) {
    const { games, seconds } = balance(players);
    const tf = games.filter((g) => g.winner === 'trade-federation').length;
    const naboo = games.filter((g) => g.winner === 'naboo').length;
    const turns = games.reduce((n, g) => n + g.turns, 0) / games.length;
    figures.push({ label: `heuristic bots, ${players} players: Trade Federation wins`, value: rate(tf, games.length) });
    figures.push({ label: `heuristic bots, ${players} players: Naboo wins`, value: rate(naboo, games.length) });
    figures.push({
      label: `heuristic bots, ${players} players: turns a game`,
      value: `${turns.toFixed(1)} (${formatNumber(games.length / seconds, 1)} games/s)`,
    });
    const ways = new Map<string, number>();
    for (const g of games) ways.set(g.summary, (ways.get(g.summary) ?? 0) + 1);
    for (const [summary, n] of [...ways].sort((a, b) => b[1] - a[1])) figures.push({ label: `  ${players} players: ${summary}`, value: String(n) });
  }
  figures.push({ label: 'tournament record: Trade Federation wins', value: rate(RECORD.tradeFederation, RECORD.tradeFederation + RECORD.naboo) });
  return figures;
}
