// A placard's needs as drawn, measured: the walkthrough and pack files take 1 to 9 of each
// resource, and several kinds together, so every such placard is drawn on a painter that records
// the box of each shape and each text, and every box must lie inside the card (inside its cut
// line), the needs' icons above the code's line, no icon on another or on a label, and each
// label ("9 × Credits") on one line.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { STANDARD_COMPONENTS, type Placard } from '../../host/games/rebel-missions/index.ts';
import type { Box } from '../../host/print/layout.ts';
import { mm } from '../../host/print/layout.ts';
import { Painter, type TextOptions } from '../../host/print/painter.ts';
import { CARD, drawNeeds, placardCard } from '../../host/print/rebel-missions.ts';

/** One page for every drawing (making a pdfkit document is the slow part). */
const DOC = new PDFDocument({ size: [mm(CARD.w), mm(CARD.h)], margin: 0 });

type Drawn = { kind: 'shape'; box: Box } | { kind: 'text'; value: string; box: Box; lines: number };

/** A Painter on a real pdfkit page (so text is measured as printed) that also keeps the box of everything drawn. */
class RecordingPainter extends Painter {
  readonly drawn: Drawn[] = [];

  constructor() {
    super(DOC);
  }

  override rect(box: Box, style: Parameters<Painter['rect']>[1]): void {
    this.drawn.push({ kind: 'shape', box: grow(box, (style.width ?? 0) / 2) });
    super.rect(box, style);
  }

  override circle(cx: number, cy: number, r: number, style: Parameters<Painter['circle']>[3]): void {
    this.drawn.push({ kind: 'shape', box: grow({ x: cx - r, y: cy - r, w: 2 * r, h: 2 * r }, (style.width ?? 0) / 2) });
    super.circle(cx, cy, r, style);
  }

  override ellipse(cx: number, cy: number, rx: number, ry: number, style: Parameters<Painter['ellipse']>[4]): void {
    this.drawn.push({ kind: 'shape', box: grow({ x: cx - rx, y: cy - ry, w: 2 * rx, h: 2 * ry }, (style.width ?? 0) / 2) });
    super.ellipse(cx, cy, rx, ry, style);
  }

  override polygon(points: readonly (readonly [number, number])[], style: Parameters<Painter['polygon']>[1]): void {
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    const box = { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
    this.drawn.push({ kind: 'shape', box: grow(box, (style.width ?? 0) / 2) });
    super.polygon(points, style);
  }

  override line(x1: number, y1: number, x2: number, y2: number, style: Parameters<Painter['line']>[4]): void {
    this.drawn.push({ kind: 'shape', box: { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) } });
    super.line(x1, y1, x2, y2, style);
  }

  override text(value: string, box: Box, options: TextOptions = {}): number {
    const height = super.text(value, box, options);
    const one = this.textHeight('M', 1000, options);
    const width = Math.min(box.w, this.textWidth(value, options));
    const x = options.align === 'center' ? box.x + (box.w - width) / 2 : options.align === 'right' ? box.x + box.w - width : box.x;
    this.drawn.push({ kind: 'text', value, box: { x, y: box.y, w: width, h: height }, lines: Math.round(height / one) });
    return height;
  }
}

function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by };
}

const EPSILON = 0.02;
const inside = (box: Box, area: Box): boolean =>
  box.x >= area.x - EPSILON && box.y >= area.y - EPSILON && box.x + box.w <= area.x + area.w + EPSILON && box.y + box.h <= area.y + area.h + EPSILON;
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.w - EPSILON && b.x < a.x + a.w - EPSILON && a.y < b.y + b.h - EPSILON && b.y < a.y + a.h - EPSILON;
const show = (box: Box): string => `(${box.x.toFixed(1)}, ${box.y.toFixed(1)}) ${box.w.toFixed(1)} × ${box.h.toFixed(1)} mm`;

const RESOURCES = STANDARD_COMPONENTS.resources;

/** Every count 1-9 of each resource alone; then several kinds together, up to 9 of each of them all. */
function needsToTry(): Record<string, number>[] {
  const alone = RESOURCES.flatMap((kind) => Array.from({ length: 9 }, (_, i) => ({ [kind]: i + 1 })));
  const together: Record<string, number>[] = [];
  for (let kinds = 2; kinds <= RESOURCES.length; kinds++) {
    for (const count of [1, 4, 5, 6, 9]) together.push(Object.fromEntries(RESOURCES.slice(0, kinds).map((kind) => [kind, count])));
  }
  together.push({ blaster: 9, credits: 1 }, { fuel: 1, tools: 9, intel: 5 });
  return [...alone, ...together];
}

/** Where a drawing of `needs` in `area` breaks the layout, in words; [] when it does not. */
function needsProblems(needs: Record<string, number>, area: Box): string[] {
  const p = new RecordingPainter();
  drawNeeds(p, needs, area);
  const problems: string[] = [];
  const shapes = p.drawn.filter((d) => d.kind === 'shape');
  const texts = p.drawn.filter((d): d is Extract<Drawn, { kind: 'text' }> => d.kind === 'text');
  expect(texts.map((t) => t.value)).toEqual(Object.entries(needs).map(([kind, n]) => `${n} × ${kind.charAt(0).toUpperCase()}${kind.slice(1)}`));
  for (const d of p.drawn)
    if (!inside(d.box, area)) problems.push(`${d.kind === 'text' ? `"${d.value}"` : 'an icon'} at ${show(d.box)} leaves the needs' area ${show(area)}`);
  for (const t of texts) {
    if (t.lines !== 1) problems.push(`"${t.value}" takes ${t.lines} lines`);
    for (const s of shapes) if (overlap(s.box, t.box)) problems.push(`an icon at ${show(s.box)} covers "${t.value}"`);
  }
  return problems;
}

describe("a placard's needs fit its card for every count the walkthrough takes", () => {
  const placard = STANDARD_COMPONENTS.placards.find((p) => !p.inquisitor) as Placard;
  const inquisitor = STANDARD_COMPONENTS.placards.find((p) => p.inquisitor) as Placard;
  const cell: Box = { x: 0, y: 0, w: CARD.w, h: CARD.h };

  it('draws 1 to 9 of each resource, and several together, inside the needs area, one line per label, no icon on a label', () => {
    // The area a placard gives its needs: inside the frame, between "Needs" and the code's line.
    const area: Box = { x: 1.6 + 4, y: 1.6 + 27, w: CARD.w - 3.2 - 8, h: 33 };
    const problems = needsToTry().flatMap((needs) => needsProblems(needs, area).map((problem) => `${JSON.stringify(needs)}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('keeps the icons apart and legible: none on another, none smaller than 3 mm (2 mm with more than 3 kinds)', () => {
    for (const needs of needsToTry()) {
      const p = new RecordingPainter();
      drawNeeds(p, needs, { x: 5.6, y: 28.6, w: 51.8, h: 33 });
      // Each icon's outline is its first shape; the drawing of one icon is smaller than its square.
      const icons = iconSquares(p.drawn, needs);
      for (const [i, a] of icons.entries()) {
        expect(Math.max(a.w, a.h), JSON.stringify(needs)).toBeGreaterThanOrEqual(Object.keys(needs).length > 3 ? 2 : 3);
        for (const b of icons.slice(i + 1)) expect(overlap(a, b), `${JSON.stringify(needs)}: ${show(a)} and ${show(b)}`).toBe(false);
      }
    }
  });

  it('draws a whole placard inside its cut line, its needs above its code, for every count', () => {
    for (const needs of needsToTry()) {
      for (const base of [placard, inquisitor]) {
        const p = new RecordingPainter();
        placardCard({ ...base, needs })(p, cell);
        for (const d of p.drawn) expect(inside(d.box, cell), `${JSON.stringify(needs)}: ${show(d.box)} crosses the card's cut line`).toBe(true);
        const codeLine = p.drawn.find((d) => d.kind === 'shape' && d.box.h === 0 && d.box.y > 50);
        expect(codeLine).toBeDefined();
        const needsStart = p.drawn.findIndex((d) => d.kind === 'text' && d.value === 'Needs');
        const needsDrawn = p.drawn.slice(needsStart + 1, p.drawn.indexOf(codeLine as Drawn));
        for (const d of needsDrawn)
          expect(d.box.y + d.box.h, `${JSON.stringify(needs)}: ${show(d.box)} reaches the code`).toBeLessThan((codeLine as Drawn).box.y);
      }
    }
  });
});

/**
 * The box each icon was drawn in: a kind's icons are drawn one after the other, then its label,
 * each icon as the same few shapes, so a kind's shapes split into its count of equal groups.
 */
function iconSquares(drawn: readonly Drawn[], needs: Record<string, number>): Box[] {
  const squares: Box[] = [];
  let at = 0;
  for (const [, count] of Object.entries(needs)) {
    const shapes: Box[] = [];
    while (drawn[at]?.kind === 'shape') {
      shapes.push((drawn[at] as Drawn).box);
      at++;
    }
    at++; // the label
    const per = shapes.length / count;
    for (let n = 0; n < count; n++) {
      const group = shapes.slice(n * per, (n + 1) * per);
      const x = Math.min(...group.map((b) => b.x));
      const y = Math.min(...group.map((b) => b.y));
      squares.push({ x, y, w: Math.max(...group.map((b) => b.x + b.w)) - x, h: Math.max(...group.map((b) => b.y + b.h)) - y });
    }
  }
  return squares;
}
