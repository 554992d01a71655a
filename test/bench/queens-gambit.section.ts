// The Queen's Gambit's figures (see queens-gambit.ts), run bundled with esbuild in a fresh process:
// self-play speed, the Trade Federation's bots before and after, the balance of the decks.
import { fileURLToPath } from 'node:url';
import { runBundled } from './bundled.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = {
  title: "The Queen's Gambit",
  run: () => runBundled(fileURLToPath(new URL('./queens-gambit.ts', import.meta.url))),
};

export default section;
