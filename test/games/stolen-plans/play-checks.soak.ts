// Stolen Plans' generic checks (play-checks.ts) with all their games; npm test plays one game of each check.
import { playChecks } from './play-checks.ts';

playChecks(1);
