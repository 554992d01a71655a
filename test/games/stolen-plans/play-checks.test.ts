// Stolen Plans' generic checks (play-checks.ts) with a twentieth of their games (at least one a check); the soak plays them all.
import { playChecks } from './play-checks.ts';

playChecks(0.05);
