// Builds the installable companion (npm run build:companion, and npm pack through `prepack`)
// into build/companion/, the folder package.json's `files` and `bin` name:
//   imperial-timer.mjs   the command line and everything it imports, bundled by esbuild, except
//                        the package's `dependencies` (serialport is native; they are loaded from
//                        the package's own node_modules, which npm pack bundles into the tarball)
//   <repo paths>         the files the code reads at run time (shipped-files.json: the firmware,
//                        the UF2 for `flash`, Stolen Plans' data, the web server's data files)
//   host/companion/pages the browser pages, bundled now (built-pages.ts reads them)
// Each module's `import.meta.url` is rewritten to the place the module had in the repository,
// as seen from the built file, so a path the code builds from its own module (../../build/
// firmware.wasm) finds the copy beside the built file, never the repository.
//   npx tsx host/companion/build.ts [--out DIR]   (needs build/firmware.wasm and build/imperial-timer.uf2:
//                                                   npm run build:pico builds both)

import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { parseFlags } from '../../common/args.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { bundlePages } from '../web/bundle.ts';
import shipped from './shipped-files.json' with { type: 'json' };
import { PAGES_MANIFEST } from './built-pages.ts';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const COMPANION_DIR = join(REPO, 'build/companion');
export const ENTRY = join(REPO, 'host/companion/bin.ts');
export const BUILT_FILE = 'imperial-timer.mjs';
/** What the built file loads at run time: the package's dependencies, nothing else. */
export const RUNTIME_PACKAGES: readonly string[] = Object.keys(packageJson.dependencies);

const WEB_BUNDLE = join(REPO, 'host/web/bundle.ts');
const BUILT_PAGES = join(REPO, 'host/companion/built-pages.ts');

export class CompanionBuildError extends Error {
  override name = 'CompanionBuildError';
}

export interface CompanionBuild {
  readonly outDir: string;
  /** The built command's path. */
  readonly bin: string;
  /** esbuild's account of the bundle: every input and what the output imports. */
  readonly metafile: Metafile;
}

/** The built file's first lines: run by node, `require` for the bundled CommonJS packages, and the module places. */
const BANNER = [
  '#!/usr/bin/env node',
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  '/** A module of the repository, as placed beside this file. */',
  'const __shippedUrl = (path) => new URL(path, import.meta.url).href;',
  "const __shippedDir = (path) => __fileURLToPath(new URL('.', __shippedUrl(path))).replace(/\\/$/, '');",
].join('\n');

/** Where a module's `import.meta` points in the built package: its repository path, relative to the built file. */
const shippedPlaces: Plugin = {
  name: 'shipped-places',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const place = JSON.stringify(relative(REPO, args.path).split(sep).join('/'));
      const contents = source.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_all, what: string) => {
        if (what === 'url') return `__shippedUrl(${place})`;
        if (what === 'filename') return `__fileURLToPath(__shippedUrl(${place}))`;
        return `__shippedDir(${place})`;
      });
      return { contents, loader: 'ts' };
    });
  },
};

/** The pages bundled at build time stand in for the server's bundling at start-up (which needs esbuild, a build tool). */
const builtPages: Plugin = {
  name: 'built-pages',
  setup(b) {
    b.onResolve({ filter: /bundle\.ts$/ }, (args) => {
      if (resolve(args.resolveDir, args.path) === WEB_BUNDLE) return { path: BUILT_PAGES };
      return undefined;
    });
  },
};

function copyShippedFiles(outDir: string): void {
  for (const path of shipped.files) {
    const from = join(REPO, path);
    if (!existsSync(from)) {
      const how = path.startsWith('build/') ? ' (npm run build:pico builds build/firmware.wasm and build/imperial-timer.uf2)' : '';
      throw new CompanionBuildError(`${path} is missing: the companion reads it at run time (host/companion/shipped-files.json)${how}`);
    }
    const to = join(outDir, path);
    mkdirSync(dirname(to), { recursive: true });
    if (statSync(from).isDirectory()) cpSync(from, to, { recursive: true });
    else copyFileSync(from, to);
  }
}

async function writePages(outDir: string): Promise<void> {
  const pagesDir = join(outDir, relative(REPO, dirname(BUILT_PAGES)), 'pages');
  mkdirSync(pagesDir, { recursive: true });
  const { files } = await bundlePages();
  const types: Record<string, string> = {};
  for (const [name, file] of files) {
    writeFileSync(join(pagesDir, name), file.bytes);
    types[name] = file.type;
  }
  writeFileSync(join(pagesDir, PAGES_MANIFEST), `${JSON.stringify(types, null, 2)}\n`);
}

/** Builds the companion into `outDir` (default build/companion, replaced as a whole). */
export async function buildCompanion(outDir: string = COMPANION_DIR): Promise<CompanionBuild> {
  const out = resolve(outDir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  copyShippedFiles(out);
  await writePages(out);
  const bin = join(out, BUILT_FILE);
  const result = await build({
    entryPoints: [ENTRY],
    outfile: bin,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // serialport's optional parts and ws's optional native speed-ups are left to `require`, which finds none.
    external: [...RUNTIME_PACKAGES, 'bufferutil', 'utf-8-validate'],
    banner: { js: BANNER },
    plugins: [builtPages, shippedPlaces],
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return { outDir: out, bin, metafile: result.metafile };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  let outDir: string;
  try {
    outDir = parseFlags(process.argv.slice(2), { out: { type: 'string' } }, 'build:companion').out ?? COMPANION_DIR;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage: tsx host/companion/build.ts [--out DIR]\n`);
    process.exit(2);
  }
  buildCompanion(outDir).then(
    (built) => process.stderr.write(`built ${relative(process.cwd(), built.bin)}\n`),
    (error: unknown) => {
      process.stderr.write(`build:companion: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
