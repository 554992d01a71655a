// Drawing on a pdfkit page in millimetres: the kits think in mm (card sizes, icon sizes), pdfkit
// in points. Only vector shapes and the PDF standard fonts (Helvetica), which pdfkit ships:
// nothing is fetched and nothing else is embedded.

import type { Box } from './layout.ts';
import { mm } from './layout.ts';

export type Font = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique' | 'Helvetica-BoldOblique';

export interface TextOptions {
  readonly font?: Font;
  /** Size in points. */
  readonly size?: number;
  readonly align?: 'left' | 'center' | 'right';
  readonly color?: string;
  /** Shrink the font (down to 60 %) until the text fits the box's height. */
  readonly shrinkToFit?: boolean;
}

export class Painter {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  rect(box: Box, style: { fill?: string; stroke?: string; width?: number; radius?: number; dash?: number }): void {
    const { doc } = this;
    doc.save();
    if (style.radius) doc.roundedRect(mm(box.x), mm(box.y), mm(box.w), mm(box.h), mm(style.radius));
    else doc.rect(mm(box.x), mm(box.y), mm(box.w), mm(box.h));
    this.paint(style);
    doc.restore();
  }

  circle(cx: number, cy: number, r: number, style: { fill?: string; stroke?: string; width?: number; dash?: number }): void {
    this.doc.save();
    this.doc.circle(mm(cx), mm(cy), mm(r));
    this.paint(style);
    this.doc.restore();
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, style: { fill?: string; stroke?: string; width?: number }): void {
    this.doc.save();
    this.doc.ellipse(mm(cx), mm(cy), mm(rx), mm(ry));
    this.paint(style);
    this.doc.restore();
  }

  polygon(points: readonly (readonly [number, number])[], style: { fill?: string; stroke?: string; width?: number; dash?: number }): void {
    this.doc.save();
    this.doc.polygon(...points.map(([x, y]): [number, number] => [mm(x), mm(y)]));
    this.paint(style);
    this.doc.restore();
  }

  line(x1: number, y1: number, x2: number, y2: number, style: { stroke: string; width?: number; dash?: number }): void {
    this.doc.save();
    this.doc.moveTo(mm(x1), mm(y1)).lineTo(mm(x2), mm(y2));
    this.paint(style);
    this.doc.restore();
  }

  /** Draws with the page turned `degrees` clockwise about (cx, cy) mm: text upside down on a card's lower half. */
  rotated(degrees: number, cx: number, cy: number, draw: () => void): void {
    this.doc.save();
    this.doc.rotate(degrees, { origin: [mm(cx), mm(cy)] });
    draw();
    this.doc.restore();
  }

  /** Text wrapped in `box`'s width, from its top; returns the height used, mm. */
  text(value: string, box: Box, options: TextOptions = {}): number {
    const { doc } = this;
    let size = options.size ?? 9;
    const font = options.font ?? 'Helvetica';
    const layout = { width: mm(box.w), align: options.align ?? 'left', lineGap: 0 } as const;
    doc.font(font);
    if (options.shrinkToFit) {
      const floor = size * 0.6;
      while (size > floor && doc.fontSize(size).heightOfString(value, layout) > mm(box.h)) size -= 0.25;
    }
    doc.fontSize(size).fillColor(options.color ?? '#000000');
    const height = doc.heightOfString(value, layout);
    doc.text(value, mm(box.x), mm(box.y), { ...layout, height: Math.max(height, mm(box.h)) });
    return height / mm(1);
  }

  /** The height `value` takes in `width` mm, mm. */
  textHeight(value: string, width: number, options: Pick<TextOptions, 'font' | 'size'> = {}): number {
    return (
      this.doc
        .font(options.font ?? 'Helvetica')
        .fontSize(options.size ?? 9)
        .heightOfString(value, { width: mm(width), lineGap: 0 }) / mm(1)
    );
  }

  /** The width `value` takes on one line, mm. */
  textWidth(value: string, options: Pick<TextOptions, 'font' | 'size'> = {}): number {
    return (
      this.doc
        .font(options.font ?? 'Helvetica')
        .fontSize(options.size ?? 9)
        .widthOfString(value) / mm(1)
    );
  }

  private paint(style: { fill?: string; stroke?: string; width?: number; dash?: number }): void {
    const { doc } = this;
    if (style.width !== undefined) doc.lineWidth(mm(style.width));
    if (style.dash !== undefined) doc.dash(mm(style.dash), { space: mm(style.dash) });
    if (style.fill !== undefined && style.stroke !== undefined) doc.fillAndStroke(style.fill, style.stroke);
    else if (style.fill !== undefined) doc.fill(style.fill);
    else if (style.stroke !== undefined) doc.stroke(style.stroke);
    if (style.dash !== undefined) doc.undash();
  }
}
