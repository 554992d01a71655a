// The Queen's Gambit's figures, run bundled (queens-gambit.section.ts): random self-play speed at
// both table sizes; the Trade Federation's win rate against the Naboo heuristic bot, before (the
// heuristic Trade Federation bot) and after (the planning bot), each with its 95% Wilson interval;
// then the balance check with the strongest bots of both sides (the planning bot against Naboo's
// tactical bot), set beside the tournament record (23 Trade Federation wins to 19).
// Then the search bot (ISMCTS, heuristic playouts cut at the end of the turn, the table's
// `SEARCH_ITERATIONS` a move) in either side's seat against the other side's strongest bot,
// beside the heuristic bot it would replace in the same seeds: its win rate against theirs, and
// its CPU time a move (p50, p95) against the goal of 250 ms and as a multiple of the heuristic
// bot's in the same games. `npm run bench -- queens-gambit` runs this section alone.
// BENCH_QG_GAMES (default 1000) shortens the matches for a quick look; BENCH_QG_SEARCH_GAMES
// (default 10 a side: a game of the search bot takes some seconds) the search bot's.

import { playHeadless, qgSearchBot, tableOfBots, type BotKinds, type HeadlessGame, type QgTableBot } from '../../host/games/queens-gambit/bots.ts';
import { SEARCH_ITERATIONS } from '../../host/games/queens-gambit/table-entry.ts';
import { DATA } from '../../host/games/queens-gambit/rules.ts';
import type { Side } from '../../host/games/queens-gambit/schema.ts';
import { searchTimeFigure, timed, winRate } from './bot-speed.ts';
import { wilson95 } from './wilson.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const RANDOM_GAMES = 20;
const MATCH_GAMES = Number(process.env.BENCH_QG_GAMES ?? 1_000);
const SEARCH_GAMES = Number(process.env.BENCH_QG_SEARCH_GAMES ?? 10);
/** Each side's strongest heuristic bot (the search bot's playout policy too). */
const STRONGEST: BotKinds = { naboo: 'tactical', 'trade-federation': 'planning' };
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

/** The seat of `side` at two players (the first player's side sits first, as `tableOfBots` seats them). */
const seatOf = (side: Side): string => (side === DATA.rules.firstPlayer ? 'p1' : 'p2');

/** Two-player games with `side` played by `bot()` against the other side's strongest bot: the wins of `side` and the times of `side`'s moves. */
function sideMatch(side: Side, bot: () => QgTableBot): { wins: number; times: number[] } {
  const times: number[] = [];
  let wins = 0;
  for (let seed = 1; seed <= SEARCH_GAMES; seed++) {
    const seating = tableOfBots(2, STRONGEST);
    seating[seatOf(side)] = timed(bot(), times);
    if (playHeadless(2, seating, seed).winner === side) wins++;
  }
  return { wins, times };
}

function searchFigures(): BenchFigure[] {
  const figures: BenchFigure[] = [];
  for (const side of ['naboo', 'trade-federation'] as const) {
    const name = side === 'naboo' ? 'Naboo' : 'Trade Federation';
    const heuristic = sideMatch(side, () => tableOfBots(2, STRONGEST)[seatOf(side)] as QgTableBot);
    const search = sideMatch(side, () => qgSearchBot({ timeMs: null, iterations: SEARCH_ITERATIONS }));
    figures.push({ label: `2 players, ${name}'s strongest heuristic bot vs the other side's: ${name} wins`, value: winRate(heuristic.wins, SEARCH_GAMES) });
    figures.push({
      label: `2 players, the search bot (${SEARCH_ITERATIONS} iterations) as ${name} in its place: ${name} wins`,
      value: winRate(search.wins, SEARCH_GAMES),
    });
    figures.push(searchTimeFigure(`2 players, the search bot (${SEARCH_ITERATIONS} iterations) as ${name}: time a move`, search.times, heuristic.times));
  }
  return figures;
}

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
  figures.push(...searchFigures());
  return figures;
}
