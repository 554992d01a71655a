// What a position of The Queen's Gambit is worth, for the search bot's playouts cut short: the
// chance that Naboo wins, a logistic model of a few counts of the board (`positionFeatures`)
// whose weights data/evaluation.json holds, fitted on games of the strongest heuristic bots
// (fit-evaluation.ts writes them), and the horizon that stops a playout at the end of the turn
// being played and scores it with that chance (`turnHorizon`).

import { logistic, modelOfNamedWeights, type NamedWeights } from '../../engine/logistic.ts';
import type { ActorId } from '../../engine/table-game.ts';
import evaluationJson from './data/evaluation.json' with { type: 'json' };
import type { QgState } from './model.ts';
import { DATA, nabooPalacePieces, tfPalacePieces } from './rules.ts';

/** The names of the features, in the order `positionFeatures` gives them (the weights' order too). */
export const FEATURE_NAMES = [
  'naboo palace pieces',
  'naboo palace pieces, squared',
  'trade federation palace pieces',
  'naboo battlefield figures',
  'trade federation battlefield figures',
  'anakin',
  'anakin, squared',
  'droids deactivated',
  'darth maul alive',
  'real queen dead',
] as const;

/** The model's weights as the data file holds them (one per feature, and the intercept). */
export interface EvaluationWeights extends NamedWeights<(typeof FEATURE_NAMES)[number]> {
  readonly format: 'queens-gambit-evaluation/1';
  readonly description: string;
}

const MODEL = modelOfNamedWeights(FEATURE_NAMES, evaluationJson as EvaluationWeights, 'data/evaluation.json');

/** Scales that bring each count to about [0, 1]. */
const PALACE_SCALE = 26;
const BATTLEFIELD_SCALE = 30;

/** The features of a position, each about in [0, 1], in the order of `FEATURE_NAMES`. */
export function positionFeatures(s: Readonly<QgState>): number[] {
  const state = s as QgState;
  let nabooField = 0;
  let tfField = 0;
  let maulAlive = 0;
  for (const u of state.units) {
    if (u.figures <= 0) continue;
    const unit = DATA.unit(u.unit);
    if (u.unit === 'darth-maul') maulAlive = 1;
    if (unit.zone !== 'battlefield') continue;
    if (unit.side === 'naboo') nabooField += u.figures;
    else tfField += u.figures;
  }
  const palace = nabooPalacePieces(state) / PALACE_SCALE;
  const anakin = state.anakin / (DATA.space.anakinSpaces - 1);
  return [
    palace,
    palace * palace,
    tfPalacePieces(state) / PALACE_SCALE,
    nabooField / BATTLEFIELD_SCALE,
    tfField / BATTLEFIELD_SCALE,
    anakin,
    anakin * anakin,
    state.droidsDeactivated ? 1 : 0,
    maulAlive,
    state.realQueenDead ? 1 : 0,
  ];
}

/** The chance that Naboo wins from this position (1 or 0 once the game is over). */
export function nabooWinChance(s: Readonly<QgState>): number {
  if (s.over) return s.winner === 'naboo' ? 1 : s.winner === null ? 0.5 : 0;
  return logistic(positionFeatures(s), MODEL);
}

/** Each player's return from this position: Naboo's chance to its players, the rest to the Trade Federation's. */
export function positionReturns(s: Readonly<QgState>): Record<ActorId, number> {
  const naboo = nabooWinChance(s);
  const returns: Record<ActorId, number> = {};
  s.players.forEach((p, i) => {
    returns[p] = s.seats[i]?.side === 'naboo' ? naboo : 1 - naboo;
  });
  return returns;
}

/** The search bot's horizon: a playout stops once the turn it started in is over, worth `positionReturns` there. */
export function turnHorizon(root: Readonly<QgState>, state: Readonly<QgState>): Readonly<Record<ActorId, number>> | null {
  return state.turn === root.turn ? null : positionReturns(state);
}
