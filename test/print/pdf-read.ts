// What the print kit tests share: running `imperial-timer print`, reading a PDF back with
// poppler-utils (pdftotext, pdfinfo) and rendering a page to PNG under build/print-kit/ for a
// person to look at.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../host/cli/imperial-timer.ts';
import { memoryIo } from '../companion/cli-process.ts';

export const LOOK_DIR = join(import.meta.dirname, '..', '..', 'build', 'print-kit');

/** `build/print-kit/<name>`, the folder made first (a test may run alone, before any other made it). */
export function lookFile(name: string): string {
  mkdirSync(LOOK_DIR, { recursive: true });
  return join(LOOK_DIR, name);
}

export async function print(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = memoryIo();
  const code = await runCli(['print', ...args], io);
  return { code, out: out(), err: err() };
}

/** Text as it is compared: runs of white space as one space, and a line broken after a hyphen ("R2-\nD2") joined again. */
export function norm(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/- /g, '-');
}

export function pdfText(path: string): string {
  return norm(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }));
}

export function pdfPages(path: string): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '' };
}

export const count = (text: string, part: string): number => text.split(part).length - 1;

/** Page `page` of `pdf` as `build/print-kit/<name>.png` (100 dpi); returns the PNG's path. */
export function renderPage(pdf: string, page: number, name: string): string {
  mkdirSync(LOOK_DIR, { recursive: true });
  execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '100', '-png', '-singlefile', pdf, join(LOOK_DIR, name)]);
  return join(LOOK_DIR, `${name}.png`);
}
