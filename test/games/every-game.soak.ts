// npm run soak: the engine's checks over every registered game (every-game.ts) with more games of each than npm test plays.
import { everyGameChecks } from './every-game.ts';

everyGameChecks({ fuzz: 4, judge: 3, hidden: 3 });
