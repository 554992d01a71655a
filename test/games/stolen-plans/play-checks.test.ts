// Stolen Plans' generic checks (play-checks.ts) with one game of each check and mix, the judge's and the hidden-information check's to their 300th move with one other deal; the soak plays them all.
import { playChecks } from './play-checks.ts';

playChecks(0, { steps: 300, samples: 1 });
