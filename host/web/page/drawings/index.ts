// One small drawing per game, from the view the page was sent (the public view on the table page,
// the seat's own view on a seat page), each in its own file here. A game without a drawing is
// shown by its renderer's lines alone. Symbols always come with words: nothing is told by colour alone.

import type { Drawing } from './common.ts';
import { queensGambit } from './queens-gambit.ts';
import { rebelMissions } from './rebel-missions.ts';
import { secretInvasion } from './secret-invasion.ts';
import { stolenPlans } from './stolen-plans.ts';

export type { Drawing } from './common.ts';

export const DRAWINGS: Readonly<Record<string, Drawing>> = {
  'rebel-missions': rebelMissions,
  'secret-invasion': secretInvasion,
  'stolen-plans': stolenPlans,
  'queens-gambit': queensGambit,
};
