// The engine's checks over every registered game (every-game.ts), a few games of each; the soak plays more.
import { everyGameChecks } from './every-game.ts';

everyGameChecks({ fuzz: 2, judge: 2, hidden: 1 });
