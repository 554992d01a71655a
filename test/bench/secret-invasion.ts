// Secret Invasion figures: random self-play speed at each table size, and the tracking bot's
// win rate against random bots (two-player games above all), with its 95% Wilson interval.
// `npm run bench` shows them through secret-invasion.section.ts.

import { playGame, randomBot, type Bot } from '../../host/engine/bots.ts';
import { secretInvasion } from '../../host/games/secret-invasion/game.ts';
import type { SecretInvasionMove, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { trackingBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { formatNumber, type BenchFigure } from './section.ts';

type SiBot = Bot<SecretInvasionView, SecretInvasionMove>;

const SEATS = ['p1', 'p2', 'p3', 'p4'];
const NAMES = ['Ana', 'Ben', 'Cal', 'Dee'];

function configFor(players: number): { players: { name: string }[] } {
  return { players: NAMES.slice(0, players).map((name) => ({ name })) };
}

/** The 95% Wilson score interval of `wins` successes in `games` trials. */
export function wilson95(wins: number, games: number): { low: number; high: number } {
  if (games === 0) return { low: 0, high: 1 };
  const z = 1.959964;
  const p = wins / games;
  const denominator = 1 + (z * z) / games;
  const centre = (p + (z * z) / (2 * games)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

function selfPlaySpeed(players: number, games: number): { perSecond: number; movesPerGame: number } {
  const bot: SiBot = randomBot();
  const seating = Object.fromEntries(SEATS.map((id) => [id, bot]));
  let moves = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const played = playGame(secretInvasion, configFor(players), seed, seating, { maxSteps: 5_000 });
    if (played.stopped !== undefined) throw new Error(`seed ${seed}: ${played.stopped}`);
    moves += played.steps;
  }
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: games / seconds, movesPerGame: moves / games };
}

/** Games of one tracking bot against random bots, its seat going round the table. */
function strongAgainstRandom(players: number, games: number): { wins: number; games: number } {
  let wins = 0;
  for (let seed = 1; seed <= games; seed++) {
    const strongSeat = SEATS[seed % players] as string;
    const seating: Record<string, SiBot> = Object.fromEntries(SEATS.slice(0, players).map((id) => [id, randomBot()]));
    seating[strongSeat] = trackingBot();
    const played = playGame(secretInvasion, configFor(players), seed, seating, { maxSteps: 5_000 });
    if (played.stopped !== undefined) throw new Error(`seed ${seed}: ${played.stopped}`);
    if (played.outcome.finished && played.outcome.winners.includes(strongSeat)) wins++;
  }
  return { wins, games };
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The figures: random self-play speed by table size, and the tracking bot's win rate. */
export function secretInvasionFigures(): BenchFigure[] {
  const figures: BenchFigure[] = [];
  selfPlaySpeed(3, 50); // warm up the compiler
  for (const players of [2, 3, 4]) {
    const { perSecond, movesPerGame } = selfPlaySpeed(players, 1_000);
    figures.push({
      label: `random self-play, ${players} players`,
      value: `${formatNumber(perSecond)} games/s (${movesPerGame.toFixed(1)} moves a game)`,
    });
  }
  for (const [players, games] of [
    [2, 2_000],
    [3, 1_000],
    [4, 1_000],
  ] as const) {
    const { wins } = strongAgainstRandom(players, games);
    const { low, high } = wilson95(wins, games);
    const against = players === 2 ? 'the random bot' : `${players - 1} random bots`;
    figures.push({
      label: `tracking bot vs ${against}`,
      value: `won ${wins} of ${games} = ${percent(wins / games)} (95% Wilson interval ${percent(low)} to ${percent(high)})`,
    });
  }
  return figures;
}
