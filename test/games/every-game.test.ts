// The engine's checks over every registered game (every-game.ts), one game of each check; the soak plays more.
import { everyGameChecks } from './every-game.ts';

everyGameChecks({ fuzz: 1, judge: 1, hidden: 1 });
