// Runs a bench module bundled by esbuild in a fresh Node process, as the companion ships: no
// TypeScript loader in the measured code, the compiler warmed up by the module itself. The
// module's default export is a function returning BenchFigure[]; they come back as JSON.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { BenchFigure } from './section.ts';

const OUT = join(process.cwd(), 'build', 'bench');

export async function runBundled(entry: string): Promise<BenchFigure[]> {
  mkdirSync(OUT, { recursive: true });
  const name = basename(entry).replace(/\.ts$/, '');
  const bundle = join(OUT, `${name}.mjs`);
  const runner = join(OUT, `${name}.run.mjs`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: bundle, logLevel: 'warning' });
  writeFileSync(runner, `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});\nprocess.stdout.write(JSON.stringify(await m.default()));\n`);
  const out = execFileSync(process.execPath, [runner], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out) as BenchFigure[];
}
