// What a position of Stolen Plans is worth to each player, for the search bot's playouts cut
// short: a logistic model of each player's chance to win from what they hold and how much of the
// draw pile is left (`playerFeatures`), its weights in data/evaluation.json, fitted on games of
// hunter bots (fit-evaluation.ts writes them); the players' chances, shared out to sum to 1, are
// their returns. `roundHorizon` stops a playout once every player has had a turn since the root
// and scores it so.

import { logistic, modelOfNamedWeights, type NamedWeights } from '../../engine/logistic.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import evaluationJson from './data/evaluation.json' with { type: 'json' };
import { R2D2, type SpState } from './state.ts';

/** The names of the features, in the order `playerFeatures` gives them (the weights' order too). */
export const FEATURE_NAMES = [
  'holds r2-d2',
  'holds r2-d2, share of the deck drawn',
  'holds r2-d2, cards in hand',
  'holds r2-d2, defend in hand',
  'holds lose the game',
  'share of the deck drawn',
] as const;

/** The model's weights as the data file holds them (one per feature, and the intercept). */
export interface EvaluationWeights extends NamedWeights<(typeof FEATURE_NAMES)[number]> {
  readonly format: 'stolen-plans-evaluation/1';
  readonly description: string;
}

const MODEL = modelOfNamedWeights(FEATURE_NAMES, evaluationJson as EvaluationWeights, 'data/evaluation.json');

/** Scales that bring each count to about [0, 1]. */
const HAND_SCALE = 10;
const DEFEND_SCALE = 20;

/** The cards of the deck not yet drawn, as a share of the deck (the draw pile and every hand). */
function pileGone(s: Readonly<SpState>): number {
  const inHands = s.hands.reduce((n, h) => n + h.length, 0);
  const total = s.drawPile.length + inHands + s.discard.length;
  return total === 0 ? 1 : 1 - s.drawPile.length / total;
}

/** The features of the player at `seat`, each about in [0, 1], in the order of `FEATURE_NAMES`. */
export function playerFeatures(s: Readonly<SpState>, seat: number): number[] {
  const hand = s.hands[seat] ?? [];
  let holds = 0;
  let loses = 0;
  let defend = 0;
  for (const card of hand) {
    if (card === R2D2) holds = 1;
    else if (CARDS.type(card).id === 'lose-the-game') loses = 1;
    defend += CARDS.defendValue(card) ?? 0;
  }
  const gone = pileGone(s);
  return [holds, holds * gone, (holds * hand.length) / HAND_SCALE, (holds * defend) / DEFEND_SCALE, loses, gone];
}

/** Each player's return from this position: the model's chances, shared out to sum to 1. */
export function positionReturns(s: Readonly<SpState>): Record<ActorId, number> {
  const chances = s.players.map((_, seat) => logistic(playerFeatures(s, seat), MODEL));
  const total = chances.reduce((a, b) => a + b, 0);
  const returns: Record<ActorId, number> = {};
  s.players.forEach((p, seat) => {
    returns[p] = total > 0 ? (chances[seat] as number) / total : 1 / s.players.length;
  });
  return returns;
}

/** The search bot's horizon: a playout stops once every player has begun a turn since the root, worth `positionReturns` there. */
export function roundHorizon(root: Readonly<SpState>, state: Readonly<SpState>): Readonly<Record<ActorId, number>> | null {
  return state.turn - root.turn < state.players.length ? null : positionReturns(state);
}
