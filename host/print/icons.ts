// The pictures of the kits, as vector shapes: the timer's four code symbols, the resource
// icons (each a shape of its own and a colour of its own, and always printed with its word, for
// those who cannot tell the shapes or the colours apart) and the faces of the Rebel Missions dice.

import type { Painter } from './painter.ts';

/** The code symbols the print kits can draw: the timer's four buttons. */
export const DRAWN_SYMBOLS = ['circle', 'square', 'diamond', 'star'] as const;

const INK = '#1a1a1a';

/** A code symbol, filled, centred on (cx, cy), `size` mm across. */
export function drawSymbol(p: Painter, symbol: string, cx: number, cy: number, size: number): void {
  const r = size / 2;
  switch (symbol) {
    case 'circle':
      p.circle(cx, cy, r * 0.92, { fill: INK });
      return;
    case 'square':
      p.rect({ x: cx - r * 0.82, y: cy - r * 0.82, w: r * 1.64, h: r * 1.64 }, { fill: INK });
      return;
    case 'diamond':
      p.polygon(
        [
          [cx, cy - r],
          [cx + r * 0.8, cy],
          [cx, cy + r],
          [cx - r * 0.8, cy],
        ],
        { fill: INK },
      );
      return;
    case 'star': {
      const points: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        const radius = i % 2 === 0 ? r : r * 0.42;
        points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle) + r * 0.08]);
      }
      p.polygon(points, { fill: INK });
      return;
    }
    default:
      throw new RangeError(`no drawing for the code symbol "${symbol}" (drawn: ${DRAWN_SYMBOLS.join(', ')})`);
  }
}

/** Each resource's colour (printing in grey still leaves the shape and the word). */
const RESOURCE_COLOURS: Readonly<Record<string, string>> = {
  blaster: '#b3261e',
  credits: '#c99a06',
  fuel: '#1565c0',
  intel: '#2e7d32',
  tools: '#6d4c41',
  chopper: '#e65100',
};

export function resourceColour(kind: string): string {
  return RESOURCE_COLOURS[kind] ?? '#455a64';
}

/** A resource's icon centred on (cx, cy) in a square `size` mm across. */
export function drawResource(p: Painter, kind: string, cx: number, cy: number, size: number): void {
  const s = size / 10; // the shapes are drawn on a 10 × 10 grid around the centre
  const at = (x: number, y: number): [number, number] => [cx + x * s, cy + y * s];
  const colour = resourceColour(kind);
  switch (kind) {
    case 'blaster': // a pistol: barrel, body and grip
      p.polygon(
        [
          at(-4.6, -3),
          at(4.6, -3),
          at(4.6, -1.2),
          at(-0.6, -1.2),
          at(-1.2, 0.2),
          at(-0.4, 0.2),
          at(-0.4, 1.2),
          at(-1.6, 1.2),
          at(-2.2, 4),
          at(-4.6, 4),
          at(-3.6, -0.6),
          at(-4.6, -1.2),
        ],
        { fill: colour },
      );
      p.rect({ x: cx - 3.8 * s, y: cy - 4 * s, w: 1.6 * s, h: 1 * s }, { fill: colour });
      return;
    case 'credits': // a stack of coins
      for (const dy of [2.2, 0.6, -1]) p.ellipse(cx, cy + dy * s, 3.8 * s, 1.6 * s, { fill: colour, stroke: '#ffffff', width: 0.15 });
      p.ellipse(cx, cy - 2.6 * s, 3.8 * s, 1.6 * s, { fill: colour, stroke: '#ffffff', width: 0.15 });
      return;
    case 'fuel': // a drop
      p.polygon([at(0, -4.5), at(2.6, -0.6), at(3, 1.2), at(2.2, 3.2), at(0, 4.2), at(-2.2, 3.2), at(-3, 1.2), at(-2.6, -0.6)], { fill: colour });
      return;
    case 'intel': // a datapad with lines of text
      p.rect({ x: cx - 3 * s, y: cy - 4 * s, w: 6 * s, h: 8 * s }, { fill: colour, radius: 0.6 * s });
      for (const dy of [-2.4, -0.8, 0.8]) p.rect({ x: cx - 2 * s, y: cy + dy * s, w: 4 * s, h: 0.6 * s }, { fill: '#ffffff' });
      p.circle(cx, cy + 2.6 * s, 0.5 * s, { fill: '#ffffff' });
      return;
    case 'tools': // a wrench
      p.polygon([at(-3.9, 3.1), at(1.1, -1.9), at(1.9, -1.1), at(-3.1, 3.9)], { fill: colour });
      p.circle(cx + 2.2 * s, cy - 2.2 * s, 2.1 * s, { fill: colour });
      p.polygon([at(2.2, -2.2), at(3.9, -4.6), at(4.6, -3.9)], { fill: '#ffffff' });
      p.circle(cx + 2.9 * s, cy - 2.9 * s, 0.9 * s, { fill: '#ffffff' });
      return;
    case 'chopper': // the droid: a dome, an eye and a body
      p.polygon([at(-3, -0.5), at(-2.4, -3), at(0, -4), at(2.4, -3), at(3, -0.5)], { fill: colour });
      p.circle(cx, cy - 2.1 * s, 0.9 * s, { fill: '#ffffff' });
      p.rect({ x: cx - 3 * s, y: cy, w: 6 * s, h: 3.6 * s }, { fill: colour });
      p.rect({ x: cx - 4 * s, y: cy + 3.6 * s, w: 2 * s, h: 0.8 * s }, { fill: colour });
      p.rect({ x: cx + 2 * s, y: cy + 3.6 * s, w: 2 * s, h: 0.8 * s }, { fill: colour });
      return;
    default: // a resource this drawing does not know (a pack of one's own): a hexagon
      p.polygon([at(0, -4.5), at(3.9, -2.2), at(3.9, 2.2), at(0, 4.5), at(-3.9, 2.2), at(-3.9, -2.2)], { fill: colour });
  }
}

/** A resource's word for people: "Blaster", "Credits". */
export function resourceWord(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** A die face's picture centred on (cx, cy) in a square `size` mm across. */
export function drawDieFace(p: Painter, face: string, cx: number, cy: number, size: number): void {
  const s = size / 10;
  const token = (x: number, y: number, r: number): void => {
    p.circle(cx + x * s, cy + y * s, r * s, { fill: '#fbc02d', stroke: INK, width: 0.25 });
    p.circle(cx + x * s, cy + y * s, r * 0.55 * s, { stroke: INK, width: 0.2 });
  };
  switch (face) {
    case 'single-token':
      token(0, 0, 3.2);
      return;
    case 'double-token':
      token(-1.8, -1.2, 2.6);
      token(1.8, 1.2, 2.6);
      return;
    case 'play': // one hand placing a token: an arrow onto a token
      p.polygon(
        [
          [cx - 4 * s, cy - 1 * s],
          [cx - 0.5 * s, cy - 1 * s],
          [cx - 0.5 * s, cy - 2.6 * s],
          [cx + 2.2 * s, cy],
          [cx - 0.5 * s, cy + 2.6 * s],
          [cx - 0.5 * s, cy + 1 * s],
          [cx - 4 * s, cy + 1 * s],
        ],
        { fill: INK },
      );
      token(3.2, 0, 1.4);
      return;
    case 'all-play': // three players' arrows onto the mission
      for (const dy of [-2.8, 0, 2.8]) {
        p.polygon(
          [
            [cx - 4 * s, cy + (dy - 0.5) * s],
            [cx, cy + (dy - 0.5) * s],
            [cx, cy + (dy - 1.3) * s],
            [cx + 1.8 * s, cy + dy * s],
            [cx, cy + (dy + 1.3) * s],
            [cx, cy + (dy + 0.5) * s],
            [cx - 4 * s, cy + (dy + 0.5) * s],
          ],
          { fill: INK },
        );
      }
      token(3.2, 0, 1.4);
      return;
    case 'empire': // a cogwheel crest
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        const dx = Math.cos(a);
        const dy = Math.sin(a);
        const nx = -dy * 0.55;
        const ny = dx * 0.55;
        p.polygon(
          [
            [cx + (dx * 1.5 + nx) * s, cy + (dy * 1.5 + ny) * s],
            [cx + (dx * 4.4 + nx) * s, cy + (dy * 4.4 + ny) * s],
            [cx + (dx * 4.4 - nx) * s, cy + (dy * 4.4 - ny) * s],
            [cx + (dx * 1.5 - nx) * s, cy + (dy * 1.5 - ny) * s],
          ],
          { fill: '#424242' },
        );
      }
      p.circle(cx, cy, 3.2 * s, { stroke: '#424242', width: 0.9 * s });
      p.circle(cx, cy, 1.3 * s, { fill: '#424242' });
      return;
    default:
      throw new RangeError(`no drawing for the die face "${face}"`);
  }
}
