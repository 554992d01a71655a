// Fits the search bot's evaluation (evaluation.ts) and writes data/evaluation.json:
// `npx tsx host/games/queens-gambit/fit-evaluation.ts [games]` plays `games` (default 600)
// headless games (`playHeadless`) of the strongest heuristic bots and of the plain heuristic ones, at two and four
// players, records the features of the position at the start of every turn, and fits a logistic
// model of Naboo's win (gradient descent on the log loss, a little L2) to who won in the end. It
// prints the log loss and the share of positions called right, on the games fitted and on as many
// games held out.

import { writeFileSync } from 'node:fs';
import { fitOnSeeds, namedWeightsOf, type LabelledSample } from '../../engine/logistic.ts';
import { playHeadless, tableOfBots, type BotKinds } from './bots.ts';
import { FEATURE_NAMES, positionFeatures, type EvaluationWeights } from './evaluation.ts';

const OUT = new URL('./data/evaluation.json', import.meta.url);
const KINDS: readonly BotKinds[] = [
  { naboo: 'tactical', 'trade-federation': 'planning' },
  { naboo: 'heuristic', 'trade-federation': 'planning' },
  { naboo: 'tactical', 'trade-federation': 'heuristic' },
];

/** One game's positions at the start of each turn, labelled with whether Naboo won (a draw: no samples). */
function gameSamples(seed: number): LabelledSample[] {
  const players = seed % 2 === 0 ? 2 : 4;
  const seating = tableOfBots(players, KINDS[seed % KINDS.length] as BotKinds);
  const positions: number[][] = [];
  let turn = -1;
  const { winner } = playHeadless(players, seating, seed, {}, 50_000, (state) => {
    if (state.turn === turn) return;
    turn = state.turn;
    positions.push(positionFeatures(state));
  });
  if (winner === null) return [];
  const nabooWon = winner === 'naboo' ? 1 : 0;
  return positions.map((features) => ({ features, won: nabooWon }));
}

const games = Number(process.argv[2] ?? 600);
const { model, fitted, report } = fitOnSeeds(gameSamples, games, FEATURE_NAMES.length);
const file: EvaluationWeights = {
  format: 'queens-gambit-evaluation/1',
  description: `The search bot's evaluation (evaluation.ts): a logistic model of Naboo's chance to win from counts of the board at the start of a turn, fitted by fit-evaluation.ts on ${games} headless games of the heuristic bots (${fitted} positions).`,
  ...namedWeightsOf(FEATURE_NAMES, model),
};
writeFileSync(OUT, `${JSON.stringify(file, null, 2)}\n`);
for (const line of report) console.log(line);
