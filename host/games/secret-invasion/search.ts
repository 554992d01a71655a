// The engine's search bot (ISMCTS) as Secret Invasion plays it: a playout stops at the end of the
// round being played (`roundHorizon`, worth 1 to its winners) and the tracking bot plays the
// table game's steps in it (`trackingStepBot`, never the whole-move `trackingBot`).

import { playoutPolicyOf, type SearchOptions } from '../../engine/search-bot.ts';
import type { SecretInvasionState } from './model.ts';
import { roundHorizon, secretInvasionTable } from './table-game.ts';
import { trackingStepBot } from './tracking-bot.ts';

/** The search options for the standard deck's table game (`searchBot(secretInvasionTable, { ...secretInvasionSearch, ... })`). */
export const secretInvasionSearch: SearchOptions<SecretInvasionState> = {
  horizon: roundHorizon,
  playout: playoutPolicyOf(secretInvasionTable, trackingStepBot()),
};
