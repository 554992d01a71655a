// `npm run bench`: prints the project's figures (no assertions). Each section is a file named
// `<name>.section.ts` next to this one; add a file to add a section.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { BenchSection } from './section.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

async function main(): Promise<void> {
  const files = readdirSync(here)
    .filter((name) => name.endsWith('.section.ts'))
    .sort();
  console.log('Imperial Timer bench');
  for (const file of files) {
    const loaded = (await import(pathToFileURL(join(here, file)).href)) as { default?: BenchSection };
    const section = loaded.default;
    if (!section || typeof section.run !== 'function') {
      throw new Error(`test/bench/${file} must export default a BenchSection ({ title, run })`);
    }
    console.log(`\n== ${section.title} ==`);
    const figures = await section.run();
    const width = Math.max(...figures.map((figure) => figure.label.length));
    for (const figure of figures) console.log(`  ${figure.label.padEnd(width)}  ${figure.value}`);
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
