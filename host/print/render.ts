// A kit as a PDF (pdfkit, its standard fonts, vector shapes only): every card sheet in a grid
// with dashed cut lines and crop marks in the margins, a title on every page, and a 50 mm scale
// line so a printout can be checked for 100 % (actual size).

import PDFDocument from 'pdfkit';
import type { CardSheet, Kit, KitPart, TextPages } from './kit.ts';
import { cellBox, MARGIN_MM, mm, planSheets, SAFE_MM, type Paper, type PlacedBlock } from './layout.ts';
import { Painter } from './painter.ts';

const CUT = '#8a8a8a';
const CROP = '#000000';
/** How far crop marks reach into the margin, and their gap from the grid, mm. */
const CROP_LENGTH_MM = 6;
const CROP_GAP_MM = 1.5;
/** The footer's line starts this far below the bottom margin's top, mm (below the crop marks). */
const FOOTER_GAP_MM = 1.4;

export interface RenderedKit {
  readonly pdf: Buffer;
  readonly pages: number;
}

/** The PDF of `kit` on `paper`. */
export function renderKit(kit: Kit, paper: Paper): Promise<RenderedKit> {
  const doc = new PDFDocument({
    size: [mm(paper.widthMm), mm(paper.heightMm)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: kit.title, Creator: 'Imperial Timer', Subject: `Print-and-play kit, ${paper.name}, print at 100 % (actual size)` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const p = new Painter(doc);
  let pages = 0;
  const newPage = (title: string): void => {
    doc.addPage();
    pages++;
    p.text(title, { x: MARGIN_MM, y: MARGIN_MM - 1, w: paper.widthMm - 2 * MARGIN_MM, h: 6 }, { font: 'Helvetica-Bold', size: 10 });
    footer(p, paper, `${kit.title}: page ${pages}`);
  };
  const parts = [...kit.parts];
  while (parts.length > 0) {
    const part = parts[0] as KitPart;
    if (part.kind === 'text') {
      parts.shift();
      drawText(p, paper, part, newPage);
      continue;
    }
    // A run of card sheets is planned together, so a small sheet may start below a big one.
    const run: CardSheet[] = [];
    while (parts[0]?.kind === 'cards') run.push(parts.shift() as CardSheet);
    drawSheets(p, paper, run, newPage);
  }
  doc.end();
  return done.then((pdf) => ({ pdf, pages }));
}

/**
 * The footer, one line in the bottom margin and at least SAFE_MM above the paper's edge: where
 * the page belongs on the left, and on the right a scale line to check the printer's scale,
 * its caption before it.
 */
function footer(p: Painter, paper: Paper, label: string): void {
  const top = paper.heightMm - MARGIN_MM + FOOTER_GAP_MM;
  const right = paper.widthMm - MARGIN_MM;
  const lineY = top + 1.3;
  p.text(label, { x: MARGIN_MM, y: top, w: 90, h: 3 }, { size: 7, color: '#555555' });
  p.line(right - 50, lineY, right, lineY, { stroke: '#000000', width: 0.3 });
  p.line(right - 50, lineY - 1, right - 50, lineY + 1, { stroke: '#000000', width: 0.3 });
  p.line(right, lineY - 1, right, lineY + 1, { stroke: '#000000', width: 0.3 });
  p.text(`this line is 50 mm at 100 % (${paper.name})`, { x: right - 50 - 2 - 60, y: top + 0.3, w: 60, h: 3 }, { size: 6, align: 'right', color: '#555555' });
}

function drawSheets(p: Painter, paper: Paper, sheets: readonly CardSheet[], newPage: (title: string) => void): void {
  const pages = planSheets(
    paper,
    sheets.map((sheet) => ({ cell: sheet.cell, count: sheet.cards.length, sharePage: sheet.sharePage ?? false })),
  );
  const pagesOf = (sheet: number): number => pages.filter((blocks) => blocks.some((b) => b.sheet === sheet)).length;
  const seen = new Map<number, number>();
  const titleOf = (sheet: number): string => {
    const n = (seen.get(sheet) ?? 0) + 1;
    seen.set(sheet, n);
    const total = pagesOf(sheet);
    return `${(sheets[sheet] as CardSheet).title}${total > 1 ? ` (${n} of ${total})` : ''}`;
  };
  for (const blocks of pages) {
    blocks.forEach((block, i) => {
      const title = titleOf(block.sheet);
      if (i === 0) newPage(title);
      else p.text(title, { x: MARGIN_MM, y: block.titleY, w: paper.widthMm - 2 * MARGIN_MM, h: 6 }, { font: 'Helvetica-Bold', size: 10 });
      drawBlock(p, paper, sheets[block.sheet] as CardSheet, block, i === 0 ? MARGIN_MM + 6 : block.titleY + 5);
    });
  }
}

/** One block of cards, its cut lines, and crop marks in the margins (above it, no higher than `roomTop`). */
function drawBlock(p: Painter, paper: Paper, sheet: CardSheet, block: PlacedBlock, roomTop: number): void {
  const { grid } = block;
  const cards = sheet.cards.slice(block.first, block.first + block.count);
  cards.forEach((draw, i) => {
    const box = cellBox(grid, sheet.cell, i);
    draw(p, box);
    if (sheet.shape === 'circle') p.circle(box.x + box.w / 2, box.y + box.h / 2, Math.min(box.w, box.h) / 2 - 0.3, { stroke: CUT, width: 0.2, dash: 1 });
  });
  const rows = Math.ceil(cards.length / grid.cols);
  const cols = Math.min(grid.cols, cards.length);
  const left = grid.x;
  const top = grid.y;
  const right = left + cols * sheet.cell.w;
  const bottom = top + rows * sheet.cell.h;
  if (sheet.shape === 'rect') {
    for (let c = 0; c <= cols; c++) {
      const x = left + c * sheet.cell.w;
      // The last row may be shorter than the others.
      const lastRowFull = c <= cards.length - (rows - 1) * grid.cols;
      p.line(x, top, x, lastRowFull ? bottom : bottom - sheet.cell.h, { stroke: CUT, width: 0.2, dash: 1 });
    }
    for (let r = 0; r <= rows; r++) {
      const inRow = r === rows ? cards.length - (rows - 1) * grid.cols : cols;
      p.line(left, top + r * sheet.cell.h, left + inRow * sheet.cell.w, top + r * sheet.cell.h, { stroke: CUT, width: 0.2, dash: 1 });
    }
  }
  // Crop marks in the margins, on every grid line, for cutting with a ruler and a knife.
  const above = Math.min(CROP_LENGTH_MM, top - CROP_GAP_MM - roomTop);
  for (let c = 0; c <= cols; c++) {
    const x = left + c * sheet.cell.w;
    if (above > 0.5) p.line(x, top - CROP_GAP_MM, x, top - CROP_GAP_MM - above, { stroke: CROP, width: 0.25 });
    p.line(x, bottom + CROP_GAP_MM, x, Math.min(bottom + CROP_GAP_MM + CROP_LENGTH_MM, paper.heightMm - MARGIN_MM + FOOTER_GAP_MM - 0.6), {
      stroke: CROP,
      width: 0.25,
    });
  }
  for (let r = 0; r <= rows; r++) {
    const y = top + r * sheet.cell.h;
    p.line(left - CROP_GAP_MM, y, Math.max(left - CROP_GAP_MM - CROP_LENGTH_MM, SAFE_MM + 0.5), y, { stroke: CROP, width: 0.25 });
    p.line(right + CROP_GAP_MM, y, Math.min(right + CROP_GAP_MM + CROP_LENGTH_MM, paper.widthMm - SAFE_MM - 0.5), y, { stroke: CROP, width: 0.25 });
  }
}

function drawText(p: Painter, paper: Paper, part: TextPages, newPage: (title: string) => void): void {
  const width = paper.widthMm - 2 * MARGIN_MM;
  const top = MARGIN_MM + 8;
  const bottom = paper.heightMm - MARGIN_MM - 2;
  newPage(part.title);
  let y = top;
  const room = (height: number): void => {
    if (y + height <= bottom) return;
    newPage(`${part.title} (continued)`);
    y = top;
  };
  for (const section of part.sections) {
    const headingHeight = p.textHeight(section.heading, width, { font: 'Helvetica-Bold', size: 12 });
    const first = section.paragraphs[0];
    room(headingHeight + 1.5 + (first === undefined ? 0 : p.textHeight(first, width, { size: 10 })));
    y += p.text(section.heading, { x: MARGIN_MM, y, w: width, h: headingHeight }, { font: 'Helvetica-Bold', size: 12 }) + 1.5;
    for (const paragraph of section.paragraphs) {
      const height = p.textHeight(paragraph, width, { size: 10 });
      room(height);
      y += p.text(paragraph, { x: MARGIN_MM, y, w: width, h: height }, { size: 10 }) + 1.8;
    }
    y += 2.5;
  }
}
