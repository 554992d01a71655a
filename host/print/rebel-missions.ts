// The print-and-play kit of Star Wars: Rebel Missions, drawn from the game's data: the mission
// placards (names, the resources they need as icons with their words, codes as the timer's
// symbols with the digits beneath; Inquisitor placards without a code), the Rebel profiles and
// their abilities, the resource tokens, stickers for the dice, and a rules summary.

import { CHOPPER, STANDARD_COMPONENTS, type Components, type DieFace, type Placard, type Profile } from '../games/rebel-missions/index.ts';
import { drawDieFace, drawResource, drawSymbol, resourceColour, resourceWord } from './icons.ts';
import { GLYPHS } from '../games/rebel-missions/glyphs.ts';
import type { DrawCard, Kit, TextSection } from './kit.ts';
import type { Box, CellSize } from './layout.ts';
import type { Painter } from './painter.ts';
import { rebelMissionsPrintData } from './print-data.ts';

/** Poker size: sleeves fit. */
export const CARD: CellSize = { w: 63, h: 88 };
export const TOKEN: CellSize = { w: 25, h: 25 };
/** For 16 mm dice. */
export const STICKER: CellSize = { w: 16, h: 16 };

const INSET = 1.6;
const MISSION_BAND = '#1e3a5f';
const INQUISITOR_BAND = '#7f1d1d';
const PROFILE_BAND = '#2e5e3a';

function frame(p: Painter, box: Box, band: string, label: string, paper = '#fffdf7'): Box {
  const inner = { x: box.x + INSET, y: box.y + INSET, w: box.w - 2 * INSET, h: box.h - 2 * INSET };
  p.rect(inner, { fill: paper, stroke: '#263238', width: 0.4, radius: 2.5 });
  p.rect({ x: inner.x, y: inner.y, w: inner.w, h: 8 }, { fill: band, radius: 2.5 });
  p.rect({ x: inner.x, y: inner.y + 4, w: inner.w, h: 4 }, { fill: band });
  p.text(label, { x: inner.x + 2, y: inner.y + 2.3, w: inner.w - 4, h: 4 }, { font: 'Helvetica-Bold', size: 7.5, color: '#ffffff', align: 'center' });
  return inner;
}

/** The gap between two icons, as a share of an icon's size. */
const ICON_GAP = 0.12;
/** The largest icon of a need, mm; many icons of one kind are drawn smaller, or in lines. */
const NEED_ICON_MM = 8;
/** The tallest row of a kind when there is room, mm (the rows start at the top of the area). */
const NEED_ROW_MM = 11;
/** Room between a row's icons and its edges, and between the icons and the label, mm. */
const NEED_PAD_MM = 1.5;
const LABEL_SLACK_MM = 0.5;
const NEED_LABEL = { font: 'Helvetica-Bold', size: 8.5 } as const;

/** The biggest icons (at most `max` mm) that `count` of fit in `width` × `height` mm, in as many lines as that takes. */
function iconGrid(count: number, width: number, height: number, max: number): { size: number; perLine: number; lines: number } {
  let best = { size: 0, perLine: count, lines: 1 };
  for (let lines = 1; lines <= count; lines++) {
    const perLine = Math.ceil(count / lines);
    const size = Math.min(max, width / (perLine + (perLine - 1) * ICON_GAP), height / (lines + (lines - 1) * ICON_GAP));
    if (size > best.size + 1e-9) best = { size, perLine, lines };
  }
  return best;
}

/**
 * The resources a placard needs, one row per kind from the top of `area`: as many icons as it
 * needs (1 to 9 of each, the most a pack holds: smaller, or in lines, when many), and its words
 * and count ("2 × Intel") on one line, the labels in a column after the icons. Everything stays inside `area`.
 */
export function drawNeeds(p: Painter, needs: Readonly<Record<string, number>>, area: Box): void {
  const kinds = Object.entries(needs);
  if (kinds.length === 0) return;
  const labels = kinds.map(([kind, count]) => `${count} × ${resourceWord(kind)}`);
  let labelSize: number = NEED_LABEL.size;
  const widest = (): number => Math.max(...labels.map((label) => p.textWidth(label, { font: NEED_LABEL.font, size: labelSize })));
  while (widest() > area.w * 0.45 && labelSize > 6) labelSize -= 0.25;
  const labelW = widest();
  const labelH = p.textHeight('9', area.w, { font: NEED_LABEL.font, size: labelSize });
  // pdfkit breaks a line a little before its measured width: the label's box has room to spare.
  const iconsW = area.w - labelW - LABEL_SLACK_MM - NEED_PAD_MM;
  const share = area.h / kinds.length;
  const rows = kinds.map(([kind, count]) => {
    const grid = iconGrid(count, iconsW, Math.max(1, share - NEED_PAD_MM), Math.min(NEED_ICON_MM, share - NEED_PAD_MM));
    const gap = grid.size * ICON_GAP;
    const blockH = grid.lines * grid.size + (grid.lines - 1) * gap;
    return { kind, count, grid, gap, blockH, blockW: grid.perLine * grid.size + (grid.perLine - 1) * gap };
  });
  // The labels in a column just after the widest row of icons (no nearer than 3 big icons' width, as most placards need 1 to 3).
  const column = Math.max(...rows.map((r) => r.blockW), 3 * NEED_ICON_MM + 2 * NEED_ICON_MM * ICON_GAP);
  const labelX = Math.min(area.x + column + NEED_PAD_MM, area.x + area.w - labelW - LABEL_SLACK_MM);
  let top = area.y;
  rows.forEach(({ kind, count, grid, gap, blockH }, i) => {
    const rowH = Math.max(Math.min(NEED_ROW_MM, share), blockH + NEED_PAD_MM);
    const iconsTop = top + (rowH - blockH) / 2;
    for (let n = 0; n < count; n++) {
      const line = Math.floor(n / grid.perLine);
      const col = n % grid.perLine;
      drawResource(p, kind, area.x + grid.size / 2 + col * (grid.size + gap), iconsTop + grid.size / 2 + line * (grid.size + gap), grid.size);
    }
    p.text(
      labels[i] as string,
      { x: labelX, y: top + (rowH - labelH) / 2, w: labelW + LABEL_SLACK_MM, h: labelH },
      { font: NEED_LABEL.font, size: labelSize, color: resourceColour(kind) },
    );
    top += rowH;
  });
}

/** A mission placard: its name, the resources it needs, its code (an Inquisitor placard: none, and what it does). */
export function placardCard(placard: Placard): DrawCard {
  return (p, box) => {
    const inner = frame(
      p,
      box,
      placard.inquisitor ? INQUISITOR_BAND : MISSION_BAND,
      placard.inquisitor ? `INQUISITOR  ·  ${placard.id}` : `MISSION  ·  ${placard.printedId ?? placard.id}`,
    );
    p.text(
      placard.name,
      { x: inner.x + 3, y: inner.y + 10.5, w: inner.w - 6, h: 11 },
      { font: 'Helvetica-Bold', size: 11.5, align: 'center', shrinkToFit: true },
    );
    p.text('Needs', { x: inner.x + 4, y: inner.y + 23.5, w: 30, h: 4 }, { size: 7, color: '#555555' });
    drawNeeds(p, placard.needs, { x: inner.x + 4, y: inner.y + 27, w: inner.w - 8, h: 33 });
    const codeTop = inner.y + inner.h - 22;
    p.line(inner.x + 4, codeTop, inner.x + inner.w - 4, codeTop, { stroke: '#b0b0b0', width: 0.2 });
    if (placard.code === null) {
      p.text(
        'No code. When this placard is flipped face up, every player discards all the resource tokens they hold. Chopper cannot complete it.',
        { x: inner.x + 4, y: codeTop + 2.5, w: inner.w - 8, h: 17 },
        { size: 7.5, align: 'center', color: INQUISITOR_BAND, shrinkToFit: true },
      );
      return;
    }
    const size = 9;
    const gap = 4;
    const left = inner.x + inner.w / 2 - (3 * size + 2 * gap) / 2;
    placard.codeSymbols.forEach((symbol, i) => drawSymbol(p, symbol, left + size / 2 + i * (size + gap), codeTop + 8, size));
    p.text(
      `Code ${placard.code}  (${placard.codeSymbols.join(', ')})`,
      { x: inner.x + 2, y: codeTop + 14.5, w: inner.w - 4, h: 4 },
      { size: 6.5, align: 'center', color: '#333333' },
    );
  };
}

function profileCard(profile: Profile): DrawCard {
  return (p, box) => {
    const inner = frame(p, box, PROFILE_BAND, 'REBEL PROFILE', '#f6faf6');
    p.text(profile.name, { x: inner.x + 3, y: inner.y + 11, w: inner.w - 6, h: 11 }, { font: 'Helvetica-Bold', size: 12, align: 'center', shrinkToFit: true });
    p.text('Special ability', { x: inner.x + 4, y: inner.y + 25, w: inner.w - 8, h: 4 }, { size: 7, color: '#555555', align: 'center' });
    p.text(profile.ability.name, { x: inner.x + 4, y: inner.y + 29, w: inner.w - 8, h: 6 }, { font: 'Helvetica-Bold', size: 11, align: 'center' });
    drawResource(p, profile.ability.countsAs, inner.x + inner.w / 2, inner.y + 46, 16);
    p.text(
      resourceWord(profile.ability.countsAs),
      { x: inner.x + 4, y: inner.y + 55.5, w: inner.w - 8, h: 5 },
      { font: 'Helvetica-Bold', size: 9, align: 'center', color: resourceColour(profile.ability.countsAs) },
    );
    p.text(
      `${profile.ability.text} Once per turn, and only while the mission still needs it.`,
      { x: inner.x + 4, y: inner.y + 63, w: inner.w - 8, h: 20 },
      { size: 8, align: 'center', shrinkToFit: true },
    );
  };
}

function tokenCard(kind: string): DrawCard {
  return (p, box) => {
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    const r = box.w / 2 - 0.8;
    p.circle(cx, cy, r, { fill: '#ffffff', stroke: resourceColour(kind), width: 0.8 });
    drawResource(p, kind, cx, cy - 2.2, 11);
    p.text(
      resourceWord(kind),
      { x: box.x + 2, y: cy + 4.6, w: box.w - 4, h: 4 },
      { font: 'Helvetica-Bold', size: kind === CHOPPER ? 6.5 : 7, align: 'center', color: resourceColour(kind) },
    );
  };
}

function stickerCard(face: DieFace): DrawCard {
  return (p, box) => {
    p.rect({ x: box.x + 0.4, y: box.y + 0.4, w: box.w - 0.8, h: box.h - 0.8 }, { fill: '#ffffff', radius: 1.5 });
    drawDieFace(p, face, box.x + box.w / 2, box.y + box.h / 2 - 1.5, 10);
    p.text(GLYPHS.dice[face].name, { x: box.x + 0.5, y: box.y + box.h - 4.3, w: box.w - 1, h: 3 }, { font: 'Helvetica-Bold', size: 5, align: 'center' });
  };
}

function contents(components: Components, origin: string | undefined): TextSection {
  const coded = components.placards.filter((p) => !p.inquisitor).length;
  const inquisitors = components.placards.length - coded;
  const byKind = new Map<string, number>();
  for (const token of components.tokens) byKind.set(token.kind, (byKind.get(token.kind) ?? 0) + 1);
  return {
    heading: 'In this kit',
    paragraphs: [
      `${components.placards.length} mission placards (${coded} with codes, ${inquisitors} Inquisitor), ${components.profiles.length} Rebel profiles, ${components.tokens.length} resource tokens (${[...byKind].map(([kind, n]) => `${n} ${resourceWord(kind)}`).join(', ')}) and stickers for ${components.dice.count} dice (${components.dice.faces.map((f) => GLYPHS.dice[f].name).join(', ')}). Everything but the Imperial Timer and ${components.dice.count} blank dice.`,
      `The codes are printed as the timer's symbols (${components.symbols.map((s, i) => `${s} ${i + 1}`).join(', ')}), with the same code in digits beneath, so it can be read back. A timer must hold the same codes: the built-in pack, or the pack this kit was printed from.`,
      ...(origin === undefined ? [] : [origin]),
    ],
  };
}

/**
 * The kit for these components (the standard ones, or a pack file's placards and codes);
 * `origin` says on the rules page where they come from (the timer's pack).
 */
export function rebelMissionsKit(components: Components = STANDARD_COMPONENTS, origin?: string): Kit {
  const summary = rebelMissionsPrintData().summary;
  const stickers = Array.from({ length: components.dice.count }, () => components.dice.faces).flat();
  return {
    title: 'Star Wars: Rebel Missions, print-and-play kit',
    parts: [
      {
        kind: 'cards',
        title: 'Mission placards and Rebel profiles (63 × 88 mm): cut along the dashed lines',
        cell: CARD,
        shape: 'rect',
        cards: [...components.placards.map(placardCard), ...components.profiles.map(profileCard)],
      },
      {
        kind: 'cards',
        title: 'Resource tokens (25 mm): cut around each circle',
        cell: TOKEN,
        shape: 'circle',
        sharePage: true,
        cards: components.tokens.map((t) => tokenCard(t.kind)),
      },
      {
        kind: 'cards',
        title: `Dice stickers (16 mm): one for each face of ${components.dice.count} dice`,
        cell: STICKER,
        shape: 'rect',
        sharePage: true,
        cards: stickers.map(stickerCard),
      },
      {
        kind: 'text',
        title: 'Star Wars: Rebel Missions: rules summary',
        sections: [...summary.slice(0, 1), contents(components, origin), ...summary.slice(1)],
      },
    ],
  };
}
