// Headless Rebel Missions: play many seeded games with bots and print the results.
//   npx tsx host/games/rebel-missions/simulate.ts [--games N] [--players 1-5] [--seed S]
//       [--bots coop|random|mixed] [--minutes M] [--correct 0..1]
// The timer is simulated by the random timer actor (its game length and the chance that an
// entered code is correct are options); the players by the cooperative or the random bot.

import { parseArgs } from 'node:util';
import { randomBot, runMatches, type Bot } from '../../engine/bots.ts';
import { STANDARD_COMPONENTS } from './components.ts';
import { rebelMissions } from './game.ts';
import type { RebelMissionsMove, RebelMissionsView } from './model.ts';
import { rebelBot } from './rebel-bot.ts';
import { DEFAULT_TIMER_BOT, randomTimerBot } from './timer-bot.ts';

type RmBot = Bot<RebelMissionsView, RebelMissionsMove>;

function fail(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return n;
}

const { values } = parseArgs({
  options: {
    games: { type: 'string' },
    players: { type: 'string' },
    seed: { type: 'string' },
    bots: { type: 'string' },
    minutes: { type: 'string' },
    correct: { type: 'string' },
  },
});

const { min, max } = STANDARD_COMPONENTS.players;
const games = wholeNumber(values.games, 'games', 1, 1_000_000, 1000);
const players = wholeNumber(values.players, 'players', min, max, 3);
const firstSeed = wholeNumber(values.seed, 'seed', 0, 0xffff_ffff, 1);
const minutes = wholeNumber(values.minutes, 'minutes', 1, 60, DEFAULT_TIMER_BOT.durationMs / 60_000);
const correct = values.correct === undefined ? DEFAULT_TIMER_BOT.correctChance : Number(values.correct);
if (!(correct >= 0 && correct <= 1)) fail(`--correct must be a chance from 0 to 1, got "${values.correct ?? ''}"`);
const botsKind = values.bots ?? 'coop';
if (!['coop', 'random', 'mixed'].includes(botsKind)) fail(`--bots must be coop, random or mixed, got "${botsKind}"`);

const cooperative = rebelBot();
const random: RmBot = randomBot();
const timer = randomTimerBot({ ...DEFAULT_TIMER_BOT, durationMs: minutes * 60_000, correctChance: correct });
const config = { players: STANDARD_COMPONENTS.profiles.slice(0, players).map((p) => ({ name: p.name, profile: p.id })) };

const report = runMatches(rebelMissions, {
  seeds: Array.from({ length: games }, (_, i) => (firstSeed + i) >>> 0),
  config: () => config,
  seating: () => {
    const seats: Record<string, RmBot> = { timer };
    for (let i = 1; i <= players; i++) {
      seats[`p${i}`] = botsKind === 'random' || (botsKind === 'mixed' && i % 2 === 0) ? random : cooperative;
    }
    return seats;
  },
  maxSteps: 20_000,
});

const lines = [
  `Rebel Missions: ${report.games} games, ${players} players (${botsKind} bots), ${minutes} min, code correct ${correct}`,
  ...Object.entries(report.outcomes).map(([summary, n]) => `  ${summary}: ${n} (${((100 * n) / report.games).toFixed(1)}%)`),
  `  average moves per game: ${report.averageSteps.toFixed(1)}`,
  ...report.stopped.slice(0, 5).map((g) => `  seed ${g.seed} stopped: ${g.stopped ?? ''}`),
];
process.stdout.write(`${lines.join('\n')}\n`);
if (report.stopped.length > 0) process.exit(1);
