// Stolen Plans' generic checks (play-checks.ts) with a tenth of their games; the soak plays them all.
import { playChecks } from './play-checks.ts';

playChecks(0.1);
