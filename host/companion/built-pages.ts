// The browser pages of the installed companion: bundled once when the package is built
// (build.ts writes them to pages/ beside this module, with pages.json naming each file's type)
// and read from there, where the repository's server bundles web/page/ with esbuild as it
// starts (web/bundle.ts). The build puts this module in the place of web/bundle.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageBundle } from '../web/bundle.ts';

export const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));
export const PAGES_MANIFEST = 'pages.json';

export async function bundlePages(): Promise<PageBundle> {
  const manifestPath = join(PAGES_DIR, PAGES_MANIFEST);
  let types: Record<string, string>;
  try {
    types = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new Error(`the companion's pages are missing from this installation (${manifestPath}: ${(error as Error).message}); reinstall the package`);
  }
  const files = new Map<string, { type: string; bytes: Uint8Array }>();
  for (const [name, type] of Object.entries(types)) files.set(name, { type, bytes: new Uint8Array(readFileSync(join(PAGES_DIR, name))) });
  return { files };
}
