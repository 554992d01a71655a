// Rebel Missions' figures (see rebel-missions.ts), run bundled with esbuild in a fresh process.
import { fileURLToPath } from 'node:url';
import { runBundled } from './bundled.ts';
import type { BenchSection } from './section.ts';

const section: BenchSection = {
  title: 'Rebel Missions',
  run: () => runBundled(fileURLToPath(new URL('./rebel-missions.ts', import.meta.url))),
};

export default section;
