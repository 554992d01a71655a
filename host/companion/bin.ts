// The installed `imperial-timer` command: where the built companion starts (build.ts bundles
// from here). In the repository the same command line runs as `npm run companion`.
import { main } from '../cli/imperial-timer.ts';

main();
