// Builds the browser simulation into a static folder (default build/web/): index.html, app.js (the
// bundled TypeScript with @wokwi/elements and lit), style.css, favicon.svg and firmware.wasm.
//   npx tsx sim/web/build.ts        (npm run build:web; needs build/firmware.wasm: npm run build:fw)

import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = join(REPO, 'sim/web');

export const WEB_DIR = join(REPO, 'build/web');
export const FIRMWARE_WASM = join(REPO, 'build/firmware.wasm');

/** Files copied as they are. */
const STATIC_FILES = ['index.html', 'favicon.svg'] as const;

export interface WebBuildOptions {
  /** Output folder (default build/web). It is replaced as a whole. */
  outDir?: string;
  /** The firmware to ship (default build/firmware.wasm). */
  firmware?: string;
}

export interface BuiltFile {
  name: string;
  bytes: number;
}

export class WebBuildError extends Error {
  override name = 'WebBuildError';
}

/** How esbuild bundles the page into `outdir` (tests read its inputs with `metafile`). */
export function pageBuildOptions(outdir: string) {
  return {
    entryPoints: { app: join(SOURCE, 'main.ts'), style: join(SOURCE, 'style.css') },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'eof',
    logLevel: 'silent',
  } satisfies BuildOptions;
}

/** Builds the page; returns the files written. Throws WebBuildError with what to do on failure. */
export async function buildWeb(options: WebBuildOptions = {}): Promise<BuiltFile[]> {
  const outDir = resolve(options.outDir ?? WEB_DIR);
  const firmware = resolve(options.firmware ?? FIRMWARE_WASM);
  if (!existsSync(firmware)) {
    throw new WebBuildError(`${firmware} does not exist: build the firmware first (npm run build:fw)`);
  }
  // Build next to the output, then swap it in, so a server never sees half a page.
  const staging = `${outDir}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const result = await build(pageBuildOptions(staging));
    if (result.errors.length > 0) throw new WebBuildError(result.errors.map((e) => e.text).join('\n'));
    for (const file of STATIC_FILES) await copyFile(join(SOURCE, file), join(staging, file));
    await copyFile(firmware, join(staging, 'firmware.wasm'));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof WebBuildError) throw error;
    throw new WebBuildError(`building the page failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await rm(outDir, { recursive: true, force: true });
  await rename(staging, outDir);
  const names = (await readdir(outDir)).sort();
  return Promise.all(names.map(async (name) => ({ name, bytes: (await stat(join(outDir, name))).size })));
}

async function main(): Promise<void> {
  try {
    const files = await buildWeb();
    const shown = files.filter((file) => !file.name.endsWith('.map'));
    const list = shown.map((file) => `${file.name} ${(file.bytes / 1024).toFixed(1)} KiB`).join(', ');
    process.stdout.write(`build/web: ${list}\n`);
  } catch (error) {
    process.stderr.write(`build:web: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
