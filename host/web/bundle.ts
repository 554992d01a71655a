// Bundles the pages' scripts and style with esbuild, in memory, when the server starts: the
// server serves exactly what these sources say (no build folder to go stale).

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'page');

export interface PageBundle {
  /** `start.js`, `table.js`, `seat.js`, `pass.js`, `style.css`. */
  readonly files: ReadonlyMap<string, { readonly type: string; readonly bytes: Uint8Array }>;
}

export async function bundlePages(): Promise<PageBundle> {
  const result = await build({
    entryPoints: {
      start: join(PAGE_DIR, 'start.ts'),
      table: join(PAGE_DIR, 'table.ts'),
      seat: join(PAGE_DIR, 'seat.ts'),
      pass: join(PAGE_DIR, 'pass.ts'),
      style: join(PAGE_DIR, 'style.css'),
    },
    outdir: '/app',
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = new Map<string, { type: string; bytes: Uint8Array }>();
  for (const file of result.outputFiles) {
    const name = file.path.split('/').pop() as string;
    files.set(name, { type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8', bytes: file.contents });
  }
  return { files };
}
