// Stolen Plans' generic checks (play-checks.ts) with all their games, each to its end; npm test plays one game of each check.
import { playChecks, WHOLE_GAMES } from './play-checks.ts';

playChecks(1, WHOLE_GAMES);
