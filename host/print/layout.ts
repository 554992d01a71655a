// The paper and the grid: pages of a print-and-play kit are laid out in millimetres on A4 or US
// Letter, cards side by side in a grid inside the margins, so the kit prints at 100 % (actual
// size) on either. Pure numbers: no drawing here, so the page count of a kit is known (and
// tested) without making the PDF.

export const PAPERS = {
  a4: { name: 'A4', widthMm: 210, heightMm: 297 },
  letter: { name: 'US Letter', widthMm: 215.9, heightMm: 279.4 },
} as const;

export type PaperId = keyof typeof PAPERS;
export type Paper = (typeof PAPERS)[PaperId];
export const PAPER_IDS = Object.keys(PAPERS) as PaperId[];
export const DEFAULT_PAPER: PaperId = 'a4';

/** Room left at each edge of the page (printers cannot print to the edge), mm. */
export const MARGIN_MM = 10;
/**
 * Nothing is printed nearer the paper's edge than this, mm: most printers cannot print there.
 * The margins' marks (crop marks, the footer and its scale line) stay inside it.
 */
export const SAFE_MM = 5;
/** Room under the top margin for the page's title line, mm. */
export const TITLE_MM = 8;

/** PDF points per millimetre (72 points to the inch). */
export const PT_PER_MM = 72 / 25.4;
export const mm = (value: number): number => value * PT_PER_MM;

/** A rectangle in millimetres from the page's top-left corner. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The size of one grid cell (a card, a token, a sticker), mm. */
export interface CellSize {
  readonly w: number;
  readonly h: number;
}

export interface Grid {
  readonly cols: number;
  readonly rows: number;
  readonly perPage: number;
  /** The grid's top-left corner, centred in the printable area below the title. */
  readonly x: number;
  readonly y: number;
}

/** The area of a page where cells may go. */
export function printableArea(paper: Paper): Box {
  return { x: MARGIN_MM, y: MARGIN_MM + TITLE_MM, w: paper.widthMm - 2 * MARGIN_MM, h: paper.heightMm - 2 * MARGIN_MM - TITLE_MM };
}

/** Room above a sheet that shares a page with the one before: its title and a gap, mm. */
export const SHARED_GAP_MM = 16;

/** How many cells of `cell` fit on a page of `paper` below `top` (mm), and where the grid sits (centred across). */
export function gridFor(paper: Paper, cell: CellSize, top?: number): Grid {
  const area = printableArea(paper);
  const y = top ?? area.y;
  const cols = Math.floor(area.w / cell.w);
  const rows = Math.floor((area.y + area.h - y) / cell.h);
  if (cols < 1 || Math.floor(area.h / cell.h) < 1) throw new RangeError(`a ${cell.w} × ${cell.h} mm cell does not fit on ${paper.name}`);
  return { cols, rows: Math.max(0, rows), perPage: cols * Math.max(0, rows), x: area.x + (area.w - cols * cell.w) / 2, y };
}

/** The box of cell `index` (0-based, row by row) of a grid. */
export function cellBox(grid: Grid, cell: CellSize, index: number): Box {
  const col = index % grid.cols;
  const row = Math.floor(index / grid.cols);
  return { x: grid.x + col * cell.w, y: grid.y + row * cell.h, w: cell.w, h: cell.h };
}

/** What a sheet of cards needs from the plan: its cell size, how many cards, whether it may start below the sheet before on the same page. */
export interface SheetNeeds {
  readonly cell: CellSize;
  readonly count: number;
  readonly sharePage: boolean;
}

/** Cards `first`..`first + count - 1` of sheet `sheet`, in `grid`; `titleY`: where the sheet's title goes when it is not the page's first block. */
export interface PlacedBlock {
  readonly sheet: number;
  readonly first: number;
  readonly count: number;
  readonly grid: Grid;
  readonly titleY: number;
}

/** Where every card of every sheet goes: the pages, each a list of blocks, in order. */
export function planSheets(paper: Paper, sheets: readonly SheetNeeds[]): PlacedBlock[][] {
  const pages: PlacedBlock[][] = [];
  let bottom = 0; // the bottom of the last block on the last page, mm
  sheets.forEach((sheet, index) => {
    let placed = 0;
    if (sheet.sharePage && pages.length > 0 && sheet.count > 0) {
      const grid = gridFor(paper, sheet.cell, bottom + SHARED_GAP_MM);
      if (grid.rows > 0) {
        const count = Math.min(sheet.count, grid.perPage);
        pages[pages.length - 1]?.push({ sheet: index, first: 0, count, grid, titleY: bottom + 8.5 });
        placed = count;
        bottom = grid.y + Math.ceil(count / grid.cols) * sheet.cell.h;
      }
    }
    while (placed < sheet.count) {
      const grid = gridFor(paper, sheet.cell);
      const count = Math.min(sheet.count - placed, grid.perPage);
      pages.push([{ sheet: index, first: placed, count, grid, titleY: 0 }]);
      placed += count;
      bottom = grid.y + Math.ceil(count / grid.cols) * sheet.cell.h;
    }
  });
  return pages;
}
