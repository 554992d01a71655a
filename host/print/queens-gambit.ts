// The print-and-play kit of Star Wars: The Queen's Gambit, drawn from the game's data files
// (through its own loader): the four 45-card action decks (each card's title and its text from
// card-text.ts, its deck named and coloured on the face, as the box's decks are told apart by
// their faces), the 8 Starfighter cards and the five space grids with their blocked spaces,
// Anakin's six spaces, the four reference sheets (every unit's move, range, attack and defense
// dice, damage and bonus; a damage track with boxes to mark for every character on the table),
// stickers for every face of the box's symbol dice, the First Player marker, the two Queen
// markers and a rules summary. The boards, the Theed Palace and the miniatures are not printed.

import { cardText } from '../games/queens-gambit/card-text.ts';
import { DECK_IDS, standardData, type Deck, type QueensGambitData } from '../games/queens-gambit/load.ts';
import type { Card, Grid, Range, Side, SymbolDie, Unit, Zone } from '../games/queens-gambit/schema.ts';
import { poolText } from '../games/queens-gambit/tables.ts';
import { drawSymbol } from './icons.ts';
import type { DrawCard, Kit, KitPart, TextSection } from './kit.ts';
import type { Box, CellSize } from './layout.ts';
import type { Painter } from './painter.ts';
import { queensGambitPrintData } from './print-data.ts';

/** Poker size: a Starfighter card covers a space grid exactly. */
export const CARD: CellSize = { w: 63, h: 88 };
/** One reference sheet a page, on A4 and on Letter alike. */
export const SHEET: CellSize = { w: 190, h: 250 };
/** For 16 mm dice. */
export const STICKER: CellSize = { w: 16, h: 16 };
/** Anakin's spaces and the markers. */
export const TILE: CellSize = { w: 30, h: 30 };

const INSET = 1.6;
const SIDE_NAMES: Readonly<Record<Side, string>> = { naboo: 'Naboo', 'trade-federation': 'Trade Federation' };
const SIDE_COLOURS: Readonly<Record<Side, string>> = { naboo: '#1e4d8c', 'trade-federation': '#7a2e1f' };

/** The deck borders the rulebook names, as ink; a border this table lacks is printed grey (its words still name it). */
const BORDER_COLOURS: Readonly<Record<string, string>> = {
  'dark grey': '#4d4d4d',
  brown: '#6d4326',
  'light grey': '#bdbdbd',
  black: '#111111',
};

/** The box's symbol dice by their colour words (the die ids of dice.json). */
const DIE_COLOURS: Readonly<Record<string, string>> = {
  red: '#c62828',
  grey: '#9e9e9e',
  blue: '#1565c0',
  green: '#2e7d32',
  gold: '#d4a017',
};

function borderColour(deck: Deck): string {
  return BORDER_COLOURS[deck.border] ?? '#8a8a8a';
}

/** Black or white ink, whichever reads on `hex`. */
function inkOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const luma = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luma > 150 ? '#000000' : '#ffffff';
}

function inner(box: Box): Box {
  return { x: box.x + INSET, y: box.y + INSET, w: box.w - 2 * INSET, h: box.h - 2 * INSET };
}

/** The words naming a deck on its cards: "NABOO · BATTLEFIELD DECK". */
export function deckMark(deck: Deck): string {
  return `${SIDE_NAMES[deck.side]} · ${deck.kind === 'palace' ? 'Theed Palace' : 'Battlefield'} deck`.toUpperCase();
}

function actionCard(data: QueensGambitData, deck: Deck, card: Card, copy: number): DrawCard {
  const colour = borderColour(deck);
  const text = cardText(card, (id) => data.unit(id));
  return (p, box) => {
    const c = inner(box);
    // The deck's border colour all round the face, as the box's decks are told apart.
    p.rect(c, { fill: colour, radius: 2.5 });
    const face = { x: c.x + 2.2, y: c.y + 8, w: c.w - 4.4, h: c.h - 10.2 };
    p.rect(face, { fill: '#fffdf7', radius: 1.5 });
    p.text(deckMark(deck), { x: c.x + 2, y: c.y + 2.3, w: c.w - 4, h: 4 }, { font: 'Helvetica-Bold', size: 7, align: 'center', color: inkOn(colour) });
    let y = face.y + 4;
    if (card.title !== null) {
      y += p.text(card.title, { x: face.x + 2, y, w: face.w - 4, h: 10 }, { font: 'Helvetica-Bold', size: 11, align: 'center', shrinkToFit: true }) + 3;
      p.line(face.x + 5, y - 1.5, face.x + face.w - 5, y - 1.5, { stroke: '#c0b8a8', width: 0.25 });
    } else {
      y += 6;
    }
    p.text(text, { x: face.x + 3, y, w: face.w - 6, h: face.y + face.h - 8 - y }, { font: 'Helvetica-Bold', size: 11, align: 'center', shrinkToFit: true });
    p.text(
      `${deck.name} · ${copy} of ${card.copies}`,
      { x: face.x + 2, y: face.y + face.h - 5, w: face.w - 4, h: 3.5 },
      { size: 5.5, align: 'center', color: '#666666' },
    );
  };
}

/** A small grey die with a hit on it: the symbol in a grid's top-left corner. */
function greyDieIcon(p: Painter, x: number, y: number, size: number): void {
  p.rect({ x, y, w: size, h: size }, { fill: DIE_COLOURS['grey'] ?? '#9e9e9e', stroke: '#424242', width: 0.25, radius: 0.8 });
  drawHitBurst(p, x + size / 2, y + size / 2, size * 0.7, '#ffffff');
}

/** A hit: an eight-pointed burst. */
function drawHitBurst(p: Painter, cx: number, cy: number, size: number, colour: string): void {
  const points: [number, number][] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8;
    const r = (i % 2 === 0 ? 0.5 : 0.22) * size;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  p.polygon(points, { fill: colour });
}

/** A block: a shield. */
function drawShield(p: Painter, cx: number, cy: number, size: number, colour: string): void {
  const s = size / 2;
  p.polygon(
    [
      [cx - s * 0.8, cy - s * 0.8],
      [cx + s * 0.8, cy - s * 0.8],
      [cx + s * 0.8, cy - s * 0.1],
      [cx, cy + s],
      [cx - s * 0.8, cy - s * 0.1],
    ],
    { fill: colour },
  );
}

/** A Starfighter on a grid space: a fighter seen from the front (a ball between two wings). */
function drawStarfighter(p: Painter, cx: number, cy: number, size: number): void {
  const s = size / 2;
  p.rect({ x: cx - s, y: cy - s * 0.9, w: s * 0.35, h: s * 1.8 }, { fill: '#ffffff' });
  p.rect({ x: cx + s * 0.65, y: cy - s * 0.9, w: s * 0.35, h: s * 1.8 }, { fill: '#ffffff' });
  p.rect({ x: cx - s * 0.7, y: cy - s * 0.1, w: s * 1.4, h: s * 0.2 }, { fill: '#ffffff' });
  p.circle(cx, cy, s * 0.42, { fill: '#ffffff' });
}

/** The 11 spaces of a grid (totals 2 to 12) in rows of 4, 3 and 4, the blocked ones with a Starfighter. */
function drawGridSpaces(p: Painter, grid: Grid, area: Box): void {
  const rows = [
    [2, 3, 4, 5],
    [6, 7, 8],
    [9, 10, 11, 12],
  ];
  const r = Math.min(area.w / 9, area.h / 7.2);
  rows.forEach((row, i) => {
    const cy = area.y + r * 1.2 + i * r * 2.35;
    row.forEach((total, j) => {
      const cx = area.x + area.w / 2 + (j - (row.length - 1) / 2) * r * 2.2;
      const blocked = grid.blocked.includes(total);
      p.circle(cx, cy, r, { fill: blocked ? '#263238' : '#ffffff', stroke: '#263238', width: 0.35 });
      if (blocked) drawStarfighter(p, cx, cy - r * 0.15, r * 1.2);
      p.text(
        String(total),
        { x: cx - r, y: blocked ? cy + r * 0.35 : cy - 2.2, w: r * 2, h: 4 },
        { font: 'Helvetica-Bold', size: blocked ? 6.5 : 10, align: 'center', color: blocked ? '#ffffff' : '#000000' },
      );
    });
  });
}

function gridCard(grid: Grid, title: string, subtitle: string, dark: boolean): DrawCard {
  return (p, box) => {
    const c = inner(box);
    p.rect(c, { fill: dark ? '#1c2833' : '#0d1b2a', radius: 2.5 });
    const face = { x: c.x + 2, y: c.y + 14, w: c.w - 4, h: c.h - 31 };
    p.rect(face, { fill: '#e8eef4', radius: 1.5 });
    for (let i = 0; i < grid.greyDice; i++) greyDieIcon(p, c.x + 2.5 + i * 6, c.y + 2.5, 5);
    p.text(
      title,
      { x: c.x + 4 + grid.greyDice * 6, y: c.y + 2.6, w: c.w - 6 - grid.greyDice * 6, h: 5 },
      { font: 'Helvetica-Bold', size: 8.5, align: 'right', color: '#ffffff', shrinkToFit: true },
    );
    p.text(subtitle, { x: c.x + 2.5, y: c.y + 9, w: c.w - 5, h: 4 }, { size: 6.5, align: 'left', color: '#cfd8dc' });
    drawGridSpaces(p, grid, { x: face.x + 2, y: face.y + 2, w: face.w - 4, h: face.h - 4 });
    p.text(
      `Roll ${grid.greyDice} grey dice: each hit blocks one more empty space. Anakin crosses on an empty total.`,
      { x: c.x + 2.5, y: c.y + c.h - 16, w: c.w - 5, h: 8 },
      { size: 6.5, align: 'center', color: '#ffffff', shrinkToFit: true },
    );
    p.text(
      `Blocked: ${grid.blocked.join(', ')}`,
      { x: c.x + 2.5, y: c.y + c.h - 7, w: c.w - 5, h: 4 },
      { font: 'Helvetica-Bold', size: 7, align: 'center', color: '#ffffff' },
    );
  };
}

function anakinSpace(index: number, count: number): DrawCard {
  const last = index === count;
  const label = index === 1 ? 'Start' : last ? 'Droid Control Ship' : `Space ${index}`;
  return (p, box) => {
    const c = { x: box.x + 1, y: box.y + 1, w: box.w - 2, h: box.h - 2 };
    p.rect(c, { fill: last ? '#7a2e1f' : '#0d1b2a', radius: 2 });
    p.text('ANAKIN', { x: c.x, y: c.y + 3, w: c.w, h: 4 }, { font: 'Helvetica-Bold', size: 6.5, align: 'center', color: '#cfd8dc' });
    p.text(String(index), { x: c.x, y: c.y + 8, w: c.w, h: 9 }, { font: 'Helvetica-Bold', size: 18, align: 'center', color: '#ffffff' });
    p.text(label, { x: c.x + 1, y: c.y + c.h - 8.5, w: c.w - 2, h: 7 }, { size: 6, align: 'center', color: '#ffffff', shrinkToFit: true });
  };
}

/** One face of a symbol die, on a sticker of the die's colour. */
function stickerCard(die: SymbolDie, face: string, faceName: string): DrawCard {
  const colour = DIE_COLOURS[die.id] ?? '#bdbdbd';
  const ink = inkOn(colour);
  return (p, box) => {
    p.rect({ x: box.x + 0.4, y: box.y + 0.4, w: box.w - 0.8, h: box.h - 0.8 }, { fill: colour, radius: 1.5 });
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2 - 1.3;
    drawDieFace(p, face, cx, cy, 8.5, ink);
    p.text(
      faceName,
      { x: box.x + 0.6, y: box.y + box.h - 4, w: box.w - 1.2, h: 3 },
      { font: 'Helvetica-Bold', size: 4.2, align: 'center', color: ink, shrinkToFit: true },
    );
  };
}

/** The picture of a symbol-die face; a symbol this drawing does not know shows its name only. */
function drawDieFace(p: Painter, face: string, cx: number, cy: number, size: number, ink: string): void {
  switch (face) {
    case 'hit':
      drawHitBurst(p, cx, cy, size, ink);
      return;
    case 'multiple-hits':
      drawHitBurst(p, cx - size * 0.22, cy - size * 0.12, size * 0.7, ink);
      drawHitBurst(p, cx + size * 0.22, cy + size * 0.12, size * 0.7, ink);
      return;
    case 'block':
      drawShield(p, cx, cy, size * 0.85, ink);
      return;
    case 'multiple-block':
      drawShield(p, cx - size * 0.24, cy, size * 0.6, ink);
      drawShield(p, cx + size * 0.24, cy, size * 0.6, ink);
      return;
    case 'riposte':
      drawShield(p, cx - size * 0.15, cy + size * 0.05, size * 0.7, ink);
      drawHitBurst(p, cx + size * 0.28, cy - size * 0.25, size * 0.5, ink);
      return;
    case 'miss':
      p.circle(cx, cy, size * 0.28, { stroke: ink, width: 0.5 });
      p.line(cx - size * 0.2, cy + size * 0.2, cx + size * 0.2, cy - size * 0.2, { stroke: ink, width: 0.5 });
      return;
    default: // blank, or a symbol of a changed data file: its word alone
  }
}

function rangeWords(range: Range): string {
  switch (range.kind) {
    case 'hexes':
      return `${range.hexes} space${range.hexes === 1 ? '' : 's'}${range.firstSpaceEmpty ? ', the first empty' : ''}${range.overOccupied ? ', over occupied spaces' : ''}`;
    case 'line-of-sight':
      return 'line of sight';
    case 'adjacent':
      return 'adjacent';
    case 'none':
      return '-';
  }
}

/** A unit's attack dice by figures left ("1 grey / 2 grey / 3 grey"), or "-". */
export function attackWords(unit: Unit): string {
  if (unit.attack.length === 0) return '-';
  const pools = unit.attack.map(poolText).join(' / ');
  return unit.split === null
    ? pools
    : `${pools}; ${unit.split.dicePerAction} dice an action (${unit.split.dicePerDoubleAttack} on a Double Attack), at most ${unit.split.maxDicePerAttack} an attack`;
}

export function damageWords(unit: Unit): string {
  if (unit.kind === 'fixture') return 'cannot be attacked';
  return unit.damage === null ? '1 hit a figure' : `${unit.damage} (destroyed)`;
}

/** The units on one reference sheet: a side's Battlefield, or its Theed Palace and Melting Pit. */
function sheetUnits(data: QueensGambitData, side: Side, zones: readonly Zone[]): Unit[] {
  return data.units.units.filter((u) => u.side === side && zones.includes(u.zone));
}

/** Every character with a damage track on the table at set-up, on this sheet: one track each. */
export function damageTracks(data: QueensGambitData, units: readonly Unit[]): { label: string; unit: Unit }[] {
  const tracks: { label: string; unit: Unit }[] = [];
  for (const unit of units) {
    if (unit.damage === null) continue;
    const count = data.setup.forces.filter((f) => f.unit === unit.id).reduce((sum, f) => sum + f.count, 0);
    for (let i = 1; i <= count; i++) tracks.push({ label: count > 1 ? `${unit.name} ${i}` : unit.name, unit });
  }
  return tracks;
}

function referenceSheet(data: QueensGambitData, side: Side, zones: readonly Zone[], title: string): DrawCard {
  const units = sheetUnits(data, side, zones);
  const tracks = damageTracks(data, units);
  const specials = data.units.specialRules.filter((rule) => units.some((u) => u.special.includes(rule.id)));
  return (p, box) => {
    const c = { x: box.x + 2, y: box.y + 2, w: box.w - 4, h: box.h - 4 };
    p.rect(c, { stroke: SIDE_COLOURS[side], width: 0.6, radius: 2 });
    p.rect({ x: c.x, y: c.y, w: c.w, h: 9 }, { fill: SIDE_COLOURS[side], radius: 2 });
    p.text(title, { x: c.x + 3, y: c.y + 2, w: c.w - 6, h: 6 }, { font: 'Helvetica-Bold', size: 11, color: '#ffffff' });
    const cols = [
      { head: 'Unit', w: 38 },
      { head: 'Figures', w: 13 },
      { head: 'Move', w: 11 },
      { head: 'Range', w: 28 },
      { head: 'Attack (by figures left)', w: 44 },
      { head: 'Defense', w: 24 },
      { head: 'Damage', w: 24 },
    ];
    const x0 = c.x + 2;
    let y = c.y + 12;
    let x = x0;
    for (const col of cols) {
      p.text(col.head, { x, y, w: col.w - 1, h: 5 }, { font: 'Helvetica-Bold', size: 8, color: '#333333' });
      x += col.w;
    }
    y += 5.5;
    for (const unit of units) {
      const bonus = unit.bonus === null ? '' : `\nBonus: ${unit.bonus.cards} card${unit.bonus.cards === 1 ? '' : 's'} to ${SIDE_NAMES[unit.bonus.to]}`;
      const cells = [
        `${unit.name}${bonus}`,
        unit.kind === 'group' ? `group of ${unit.figures}` : String(unit.figures),
        String(unit.move),
        rangeWords(unit.range),
        attackWords(unit),
        poolText(unit.defense),
        damageWords(unit),
      ];
      const height =
        Math.max(...cells.map((cell, i) => p.textHeight(cell, (cols[i]?.w ?? 10) - 1.5, { size: 9, font: i === 0 ? 'Helvetica-Bold' : 'Helvetica' }))) + 2;
      p.line(x0, y - 0.6, c.x + c.w - 2, y - 0.6, { stroke: '#bdbdbd', width: 0.2 });
      x = x0;
      cells.forEach((cell, i) => {
        p.text(cell, { x, y, w: (cols[i]?.w ?? 10) - 1.5, h: height }, { size: 9, font: i === 0 ? 'Helvetica-Bold' : 'Helvetica' });
        x += cols[i]?.w ?? 10;
      });
      y += height;
    }
    y += 3;
    if (tracks.length > 0) {
      p.text('Damage tracks: mark one box a hit, in pencil; the red box destroys', { x: x0, y, w: c.w - 4, h: 6 }, { font: 'Helvetica-Bold', size: 10 });
      y += 7;
      const boxSize = 9;
      for (const track of tracks) {
        p.text(track.label, { x: x0, y: y + 2.6, w: 40, h: 5 }, { size: 9 });
        const damage = track.unit.damage ?? 0;
        for (let hit = 1; hit <= damage; hit++) {
          const bx = x0 + 42 + (hit - 1) * (boxSize + 1);
          const red = hit === damage;
          p.rect({ x: bx, y, w: boxSize, h: boxSize }, { fill: red ? '#f8d7d3' : '#ffffff', stroke: red ? '#c62828' : '#424242', width: 0.35 });
          p.text(String(hit), { x: bx, y: y + 0.6, w: boxSize - 0.8, h: 3 }, { size: 6, align: 'right', color: red ? '#c62828' : '#777777' });
        }
        y += boxSize + 2;
      }
      y += 2;
    }
    if (specials.length > 0) {
      p.text('Special rules', { x: x0, y, w: c.w - 4, h: 6 }, { font: 'Helvetica-Bold', size: 10 });
      y += 6.5;
      for (const rule of specials) {
        const who = units
          .filter((u) => u.special.includes(rule.id))
          .map((u) => u.name)
          .join(', ');
        const line = `${who}: ${rule.text}`;
        y += p.text(line, { x: x0, y, w: c.w - 4, h: p.textHeight(line, c.w - 4, { size: 8.5 }) }, { size: 8.5 }) + 1.5;
      }
    }
  };
}

function marker(title: string, words: string, fill: string): DrawCard {
  return (p, box) => {
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    p.circle(cx, cy, box.w / 2 - 0.8, { fill, stroke: '#263238', width: 0.5 });
    drawSymbol(p, 'star', cx, cy - 4, 8);
    p.text(
      title,
      { x: box.x + 3, y: cy + 1.5, w: box.w - 6, h: 5 },
      { font: 'Helvetica-Bold', size: 6.5, align: 'center', color: '#000000', shrinkToFit: true },
    );
    p.text(words, { x: box.x + 4, y: cy + 6.2, w: box.w - 8, h: 4 }, { size: 4.5, align: 'center', color: '#333333', shrinkToFit: true });
  };
}

function contents(data: QueensGambitData, stickers: number): TextSection {
  const decks = DECK_IDS.map((id) => data.decks[id]);
  const dice = data.dice.dice.map((d) => `${d.inBox} ${d.inBox === 1 ? d.name : d.name.replace(/\bdie$/, 'dice')}`).join(', ');
  return {
    heading: 'In this kit',
    paragraphs: [
      `${decks.reduce((n, d) => n + d.physicalCards.length, 0)} action cards in four decks (${decks.map((d) => `${d.name} ${d.physicalCards.length}, ${d.border} border`).join('; ')}), ${data.space.starfighters.length} Starfighter cards, ${data.space.grids.length} space grids and Anakin's ${data.space.anakinSpaces} spaces, 4 reference sheets with ${damageTracks(data, data.units.units).length} damage tracks, ${stickers} dice stickers (every face of ${dice}; Anakin's ${data.dice.anakin.rolled} dice are ordinary six-sided dice), the First Player marker and the two Queen markers.`,
    ],
  };
}

/** The kit for the game's data (the shipped files unless given). */
export function queensGambitKit(data: QueensGambitData = standardData()): Kit {
  const summary = queensGambitPrintData().summary;
  const symbolName = new Map(data.dice.symbols.map((s) => [s.id, s.name.replace(/ \(.*\)$/, '')]));
  const decks: KitPart[] = DECK_IDS.map((id) => {
    const deck = data.decks[id];
    const cards = deck.cards.flatMap((card) => Array.from({ length: card.copies }, (_, i) => actionCard(data, deck, card, i + 1)));
    return { kind: 'cards', title: `${deck.name} deck: ${cards.length} cards (63 × 88 mm), ${deck.border} border`, cell: CARD, shape: 'rect', cards };
  });
  const stickers = data.dice.dice.flatMap((die) =>
    Array.from({ length: die.inBox }, () => die.faces.map((face) => stickerCard(die, face, `${die.id} ${symbolName.get(face) ?? face}`))).flat(),
  );
  const grids = data.space.grids.map((grid, i) => gridCard(grid, `Space grid ${i + 1}`, `Between Anakin's spaces ${i + 1} and ${i + 2}`, false));
  const fighters = data.space.starfighters.map((grid, i) =>
    gridCard(grid, `Starfighter card ${i + 1}`, 'Trade Federation: place on a grid Anakin still has to cross', true),
  );
  const spaces = Array.from({ length: data.space.anakinSpaces }, (_, i) => anakinSpace(i + 1, data.space.anakinSpaces));
  const sheets = (['trade-federation', 'naboo'] as const).flatMap((side) => [
    referenceSheet(data, side, ['battlefield'], `${SIDE_NAMES[side]} · Battlefield reference sheet`),
    referenceSheet(data, side, ['palace', 'melting-pit'], `${SIDE_NAMES[side]} · Theed Palace and Melting Pit reference sheet`),
  ]);
  return {
    title: "Star Wars: The Queen's Gambit, print-and-play kit",
    parts: [
      ...decks,
      { kind: 'cards', title: `The ${fighters.length} Starfighter cards (63 × 88 mm)`, cell: CARD, shape: 'rect', cards: fighters },
      {
        kind: 'cards',
        title: `The ${grids.length} space grids, laid between Anakin's spaces (63 × 88 mm)`,
        cell: CARD,
        shape: 'rect',
        sharePage: true,
        cards: grids,
      },
      { kind: 'cards', title: `Anakin's ${spaces.length} spaces (30 mm)`, cell: TILE, shape: 'rect', sharePage: true, cards: spaces },
      {
        kind: 'cards',
        title: 'Markers (30 mm): cut around each circle',
        cell: TILE,
        shape: 'circle',
        sharePage: true,
        cards: [
          marker('First Player', 'starts with the Trade Federation', '#fff3e0'),
          marker('Real Queen Amidala', 'face down by the real Queen', '#e3f2fd'),
          marker('Decoy', 'face down by the other Queen', '#e3f2fd'),
        ],
      },
      { kind: 'cards', title: 'Reference sheets (190 × 250 mm): two for each side', cell: SHEET, shape: 'rect', cards: sheets },
      {
        kind: 'cards',
        title: `Dice stickers (16 mm): every face of the box's ${data.dice.dice.reduce((n, d) => n + d.inBox, 0)} symbol dice`,
        cell: STICKER,
        shape: 'rect',
        cards: stickers,
      },
      {
        kind: 'text',
        title: "Star Wars: The Queen's Gambit: rules summary",
        sections: [...summary.slice(0, 2), contents(data, stickers.length), ...summary.slice(2)],
      },
    ],
  };
}
