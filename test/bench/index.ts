// `npm run bench`: prints the project's figures (no assertions). Each section is a file named
// `<name>.section.ts` next to this one; add a file to add a section. `npm run bench -- <name>...`
// runs only the sections named. A failing section is reported and the next one still runs; the
// bench then ends saying which failed, with exit status 1. Its first line is an estimate of how
// long it takes (test/run-times.json), its last the time it took; the firmware is built in between.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { announceRun } from '../support/run-time.ts';
import { pickSections, runSections } from './run-sections.ts';
import type { BenchSection } from './section.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const SUFFIX = '.section.ts';

async function loadSection(file: string): Promise<BenchSection> {
  const loaded = (await import(pathToFileURL(join(here, file)).href)) as { default?: BenchSection };
  const section = loaded.default;
  if (!section || typeof section.run !== 'function') {
    throw new Error(`test/bench/${file} must export default a BenchSection ({ title, run })`);
  }
  return section;
}

async function main(): Promise<void> {
  const done = announceRun('bench', 'Imperial Timer bench, every section');
  execFileSync(process.execPath, ['--import', 'tsx', 'firmware/build.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const available = readdirSync(here)
    .filter((name) => name.endsWith(SUFFIX))
    .sort()
    .map((name) => name.slice(0, -SUFFIX.length));
  const names = pickSections(available, process.argv.slice(2));
  const failed = await runSections(
    names.map((name) => ({ name, load: () => loadSection(`${name}${SUFFIX}`) })),
    (line) => console.log(line),
  );
  if (failed.length > 0) {
    console.error(`\nbench: ${failed.length} of ${names.length} sections failed: ${failed.map((f) => `${f.name} (${f.error})`).join('; ')}`);
    process.exitCode = 1;
  }
  done();
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
