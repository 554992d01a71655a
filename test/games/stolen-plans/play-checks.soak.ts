// Stolen Plans' generic checks (play-checks.ts) with all their games; npm test plays a twentieth.
import { playChecks } from './play-checks.ts';

playChecks(1);
