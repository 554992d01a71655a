// Every printed mark of every kit stays at least SAFE_MM inside the paper's edge, on both paper
// sizes: most printers cannot print nearer the edge, and what they leave out (the scale line's
// caption, a crop mark's end) is lost. Each PDF's pages are rendered without anti-aliasing
// (poppler-utils' pdftoppm, greyscale) and the band along each edge must be blank paper.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRINT_KITS } from '../../host/print/kits.ts';
import { PAPER_IDS, PAPERS, SAFE_MM, type Paper } from '../../host/print/layout.ts';
import { renderKit } from '../../host/print/render.ts';
import { testTempDir } from '../support/temp-dir.ts';

const DPI = 36;

/** The pages of `pdf` as greyscale images (PGM), read into width, height and pixels. */
function pages(pdf: string, dir: string): { width: number; height: number; pixels: Uint8Array }[] {
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-aa', 'no', '-aaVector', 'no', pdf, join(dir, 'page')]);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pgm'))
    .sort();
  return files.map((file) => {
    const data = readFileSync(join(dir, file));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error(`${file} is not a greyscale PGM`);
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { width, height, pixels: data.subarray(header[0].length) };
  });
}

/** Where ink lies nearer an edge than SAFE_MM on a page image: "left 2.9 mm" etc., or []. */
function marksNearEdges(page: { width: number; height: number; pixels: Uint8Array }): string[] {
  const band = Math.floor((SAFE_MM * DPI) / 25.4);
  const found = new Set<string>();
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      if ((page.pixels[y * page.width + x] ?? 255) > 200) continue;
      const near = (px: number): string => `${((px * 25.4) / DPI).toFixed(1)} mm`;
      if (x < band) found.add(`left ${near(x)}`);
      if (page.width - 1 - x < band) found.add(`right ${near(page.width - 1 - x)}`);
      if (y < band) found.add(`top ${near(y)}`);
      if (page.height - 1 - y < band) found.add(`bottom ${near(page.height - 1 - y)}`);
    }
  }
  return [...found];
}

const noTimer = {
  connect: () => Promise.reject(new Error('no timer in this test')),
  note: () => undefined,
};

describe('every printed mark stays inside the printable page', () => {
  const cases = [...PRINT_KITS.map((kit) => ({ kit, flags: {} })), { kit: PRINT_KITS.find((k) => k.id === 'stolen-plans'), flags: { all: true } }];
  for (const { kit, flags } of cases) {
    if (kit === undefined) continue;
    it(`${kit.id}${Object.keys(flags)
      .map((f) => ` --${f}`)
      .join('')}: on ${PAPER_IDS.join(' and ')}, nothing nearer an edge than ${SAFE_MM} mm`, { timeout: 60_000 }, async () => {
      const built = await kit.build(flags, noTimer);
      for (const id of PAPER_IDS) {
        const paper: Paper = PAPERS[id];
        const dir = testTempDir(`edges-${kit.id}-${id}-`);
        const pdf = join(dir, 'kit.pdf');
        writeFileSync(pdf, (await renderKit(built, paper)).pdf);
        const problems = pages(pdf, dir).flatMap((page, i) => marksNearEdges(page).map((where) => `page ${i + 1}: ${where}`));
        expect(problems, `${kit.id} on ${paper.name}`).toEqual([]);
      }
    });
  }
});
