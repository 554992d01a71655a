// The Queen's Gambit's figures, run bundled (queens-gambit.section.ts): random self-play speed at
// both table sizes; the Trade Federation's win rate against the Naboo heuristic bot, before (the
// heuristic Trade Federation bot) and after (the planning bot), each with its 95% Wilson interval;
// then the balance check with the strongest bots of both sides (the planning bot against Naboo's
// tactical bot), set beside the tournament record (23 Trade Federation wins to 19).
// BENCH_QG_GAMES (default 1000) shortens the matches for a quick look.

import { playHeadless, tableOfBots, type BotKinds, type HeadlessGame } from '../../host/games/queens-gambit/bots.ts';
import { wilson95 } from './wilson.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const RANDOM_GAMES = 20;
const MATCH_GAMES = Number(process.env.BENCH_QG_GAMES ?? 1_000);
const RECORD = { tradeFederation: 23, naboo: 19 };

/** The matches: the Trade Federation's bot before and after against the Naboo heuristic bot, then the strongest of both. */
const MATCHES: readonly { readonly name: string; readonly kinds: BotKinds }[] = [
  { name: 'heuristic Trade Federation bot vs the Naboo heuristic bot', kinds: { naboo: 'heuristic', 'trade-federation': 'heuristic' } },
  { name: 'planning Trade Federation bot vs the Naboo heuristic bot', kinds: { naboo: 'heuristic', 'trade-federation': 'planning' } },
  { name: 'planning Trade Federation bot vs the tactical Naboo bot', kinds: { naboo: 'tactical', 'trade-federation': 'planning' } },
];

function randomSelfPlay(players: 2 | 4): { perSecond: number; movesPerGame: number } {
  const start = performance.now();
  let moves = 0;
  for (let seed = 1; seed <= RANDOM_GAMES; seed++)
    moves += playHeadless(players, tableOfBots(players, { naboo: 'random', 'trade-federation': 'random' }), seed).moves;
  return { perSecond: RANDOM_GAMES / ((performance.now() - start) / 1000), movesPerGame: moves / RANDOM_GAMES };
}

function match(players: 2 | 4, kinds: BotKinds): { games: HeadlessGame[]; seconds: number } {
  const start = performance.now();
  const games: HeadlessGame[] = [];
  const seating = tableOfBots(players, kinds);
  for (let seed = 1; seed <= MATCH_GAMES; seed++) games.push(playHeadless(players, seating, seed));
  return { games, seconds: (performance.now() - start) / 1000 };
}

const rate = (wins: number, games: number): string => {
  const { low, high } = wilson95(wins, games);
  return `${((wins / games) * 100).toFixed(1)}% (95% ${(low * 100).toFixed(1)}-${(high * 100).toFixed(1)}%, ${wins} of ${games})`;
};

export default function queensGambitFigures(): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const players of [2, 4] as const) {
    const r = randomSelfPlay(players);
    figures.push({
      label: `random self-play, ${players} players`,
      value: `${formatNumber(r.perSecond, 1)} games/s (${formatNumber(r.movesPerGame)} moves a game)`,
    });
  }
  for (const players of [2, 4] as const) {
    for (const { name, kinds } of MATCHES) {
      const { games, seconds } = match(players, kinds);
      const tf = games.filter((g) => g.winner === 'trade-federation').length;
      const turns = games.reduce((n, g) => n + g.turns, 0) / games.length;
      figures.push({ label: `${players} players, ${name}: Trade Federation wins`, value: rate(tf, games.length) });
      figures.push({
        label: `${players} players, ${name}: turns a game`,
        value: `${turns.toFixed(1)} (${formatNumber(games.length / seconds, 1)} games/s)`,
      });
      const ways = new Map<string, number>();
      for (const g of games) ways.set(g.summary, (ways.get(g.summary) ?? 0) + 1);
      for (const [summary, n] of [...ways].sort((a, b) => b[1] - a[1])) figures.push({ label: `  ${summary}`, value: String(n) });
    }
  }
  figures.push({ label: 'tournament record: Trade Federation wins', value: rate(RECORD.tradeFederation, RECORD.tradeFederation + RECORD.naboo) });
  return figures;
}
