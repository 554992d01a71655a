// Fits the search bot's evaluation (evaluation.ts) and writes data/evaluation.json:
// `npx tsx host/games/stolen-plans/fit-evaluation.ts [games]` plays `games` (default 1000) games
// of hunter bots with the base deck at three to five players, records each player's features at
// the start of every turn, and fits a logistic model of that player's win to who won in the end.
// It prints the log loss and the share called right, on the games fitted and on as many held out.

import { writeFileSync } from 'node:fs';
import { fitOnSeeds, namedWeightsOf, type LabelledSample } from '../../engine/logistic.ts';
import { playTable } from '../../engine/table-play.ts';
import { spBots } from './bots.ts';
import { FEATURE_NAMES, playerFeatures, type EvaluationWeights } from './evaluation.ts';
import { stolenPlans } from './table-game.ts';
import type { SpState } from './state.ts';

const OUT = new URL('./data/evaluation.json', import.meta.url);

/** One game's positions, a sample per player at the start of each turn, labelled with whether that player won. */
function gameSamples(seed: number): LabelledSample[] {
  const players = 3 + (seed % 3);
  const positions: { seat: number; features: number[] }[] = [];
  let turn = -1;
  const seating = Object.fromEntries(Array.from({ length: players }, (_, i) => [`p${i + 1}`, spBots.hunter()]));
  const config = { players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })), options: {} };
  // The real state after each move (never a player's guess of it), sampled as each turn starts.
  const check = ({ after }: { readonly after: SpState }): readonly string[] => {
    if (after.turn !== turn && after.winners === null) {
      turn = after.turn;
      after.players.forEach((_, seat) => positions.push({ seat, features: playerFeatures(after, seat) }));
    }
    return [];
  };
  const played = playTable(stolenPlans, config, seed, seating, { maxSteps: 10_000, check });
  if (!played.result.finished) return [];
  const winners = played.result.winners;
  return positions.map(({ seat, features }) => ({ features, won: winners.includes(`p${seat + 1}`) ? 1 : 0 }));
}

const games = Number(process.argv[2] ?? 1_000);
const { model, fitted, report } = fitOnSeeds(gameSamples, games, FEATURE_NAMES.length);
const file: EvaluationWeights = {
  format: 'stolen-plans-evaluation/1',
  description: `The search bot's evaluation (evaluation.ts): a logistic model of a player's chance to win from what they hold and how much of the deck is drawn, at the start of a turn, fitted by fit-evaluation.ts on ${games} games of hunter bots with the base deck at 3 to 5 players (${fitted} samples).`,
  ...namedWeightsOf(FEATURE_NAMES, model),
};
writeFileSync(OUT, `${JSON.stringify(file, null, 2)}\n`);
for (const line of report) console.log(line);
