// Stolen Plans' generic checks (play-checks.ts) with one game of each check and mix; the soak plays them all.
import { playChecks } from './play-checks.ts';

playChecks(0);
