// Secret Invasion's figures (see secret-invasion.ts), run bundled with esbuild in a fresh process:
// self-play speed by table size, the tracking bot's and the search bot's win rates.
import { fileURLToPath } from 'node:url';
import { runBundled } from './bundled.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = {
  title: 'Secret Invasion',
  run: () => runBundled(fileURLToPath(new URL('./secret-invasion.ts', import.meta.url))),
};

export default section;
