// The print-and-play kit of Star Wars: Secret Invasion, drawn from the deck data: every card
// (value, name, effect text and quote; as many copies as the deck holds), the reference cards
// (one per player: every character with its value and how many are in the deck, and the tokens
// to win), the victory tokens, and a rules summary.

import { STANDARD_DECK, type Character, type Deck } from '../games/secret-invasion/deck.ts';
import { drawSymbol } from './icons.ts';
import type { DrawCard, Kit } from './kit.ts';
import type { Box, CellSize } from './layout.ts';
import { secretInvasionPrintData } from './print-data.ts';

export const CARD: CellSize = { w: 63, h: 88 };
export const TOKEN: CellSize = { w: 25, h: 25 };

const INSET = 1.6;
const EMPIRE = '#37474f';
const REBELS = '#8d2a1b';

function inner(box: Box): Box {
  return { x: box.x + INSET, y: box.y + INSET, w: box.w - 2 * INSET, h: box.h - 2 * INSET };
}

function characterCard(character: Character, deck: Deck): DrawCard {
  return (p, box) => {
    const card = inner(box);
    const colour = character.value <= 1 ? EMPIRE : REBELS;
    p.rect(card, { fill: '#fffaf0', stroke: '#263238', width: 0.4, radius: 2.5 });
    p.circle(card.x + 7.5, card.y + 7.5, 5.5, { fill: colour });
    p.text(String(character.value), { x: card.x + 2, y: card.y + 3.6, w: 11, h: 8 }, { font: 'Helvetica-Bold', size: 16, align: 'center', color: '#ffffff' });
    p.text(character.name, { x: card.x + 14.5, y: card.y + 4, w: card.w - 17, h: 9 }, { font: 'Helvetica-Bold', size: 11, shrinkToFit: true });
    p.line(card.x + 4, card.y + 16, card.x + card.w - 4, card.y + 16, { stroke: '#c0b8a8', width: 0.3 });
    p.text('Effect', { x: card.x + 4, y: card.y + 18.5, w: card.w - 8, h: 4 }, { size: 7, color: '#555555' });
    p.text(character.text, { x: card.x + 4, y: card.y + 23, w: card.w - 8, h: 42 }, { size: 8.5, shrinkToFit: true });
    p.text(
      `“${character.quote}”`,
      { x: card.x + 4, y: card.y + card.h - 19, w: card.w - 8, h: 11 },
      { font: 'Helvetica-Oblique', size: 7, align: 'center', color: '#5d4037', shrinkToFit: true },
    );
    p.text(
      `${character.count} of ${deck.rules.deckSize} cards`,
      { x: card.x + 4, y: card.y + card.h - 6, w: card.w - 8, h: 4 },
      { size: 6, align: 'right', color: '#777777' },
    );
  };
}

function referenceCard(deck: Deck): DrawCard {
  return (p, box) => {
    const card = inner(box);
    p.rect(card, { fill: '#f4f6f8', stroke: '#263238', width: 0.4, radius: 2.5 });
    p.text('Reference', { x: card.x + 3, y: card.y + 3.5, w: card.w - 6, h: 6 }, { font: 'Helvetica-Bold', size: 12, align: 'center' });
    p.text('value · card · in the deck', { x: card.x + 3, y: card.y + 9.5, w: card.w - 6, h: 4 }, { size: 6.5, align: 'center', color: '#555555' });
    const high = [...deck.characters].sort((a, b) => b.value - a.value);
    const row = 4.9;
    high.forEach((c, i) => {
      const y = card.y + 15 + i * row;
      p.text(String(c.value), { x: card.x + 4, y, w: 6, h: 4 }, { font: 'Helvetica-Bold', size: 8.5 });
      p.text(c.name, { x: card.x + 10, y, w: card.w - 22, h: 4 }, { size: 8.5 });
      p.text(`×${c.count}`, { x: card.x + card.w - 12, y, w: 8, h: 4 }, { size: 8.5, align: 'right' });
    });
    const wins = Object.entries(deck.rules.tokensToWin)
      .map(([players, tokens]) => `${players} players: ${tokens}`)
      .join('\n');
    p.text(
      `Victory tokens to win\n${wins}`,
      { x: card.x + 4, y: card.y + card.h - 17, w: card.w - 8, h: 14 },
      { size: 7.5, align: 'center', font: 'Helvetica-Bold' },
    );
  };
}

const victoryToken: DrawCard = (p, box) => {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  p.circle(cx, cy, box.w / 2 - 0.8, { fill: '#fff3e0', stroke: REBELS, width: 0.8 });
  drawSymbol(p, 'star', cx, cy - 2, 11);
  p.text('Victory', { x: box.x + 2, y: cy + 4.6, w: box.w - 4, h: 4 }, { font: 'Helvetica-Bold', size: 7, align: 'center', color: REBELS });
};

export function secretInvasionKit(deck: Deck = STANDARD_DECK): Kit {
  const data = secretInvasionPrintData();
  const { min, max } = deck.rules.players;
  const cards = deck.cards.map((card) => characterCard(deck.character(card.character), deck));
  const references = Array.from({ length: max }, () => referenceCard(deck));
  const wins = Object.entries(deck.rules.tokensToWin).map(([players, tokens]) => `${players} players: ${tokens} tokens`);
  const faceUp = Object.entries(deck.rules.faceUpSetAside).filter(([, n]) => n > 0);
  return {
    title: 'Star Wars: Secret Invasion, print-and-play kit',
    parts: [
      {
        kind: 'cards',
        title: `The ${deck.cards.length} cards and ${references.length} reference cards (63 × 88 mm): cut along the dashed lines`,
        cell: CARD,
        shape: 'rect',
        cards: [...cards, ...references],
      },
      {
        kind: 'cards',
        title: `The ${data.victoryTokens} victory tokens (25 mm): cut around each circle`,
        cell: TOKEN,
        shape: 'circle',
        sharePage: true,
        cards: Array.from({ length: data.victoryTokens }, () => victoryToken),
      },
      {
        kind: 'text',
        title: 'Star Wars: Secret Invasion: rules summary',
        sections: [
          ...data.summary.slice(0, 1),
          {
            heading: 'In this kit',
            paragraphs: [
              `${deck.cards.length} cards (${deck.characters.map((c) => `${c.count} × ${c.name} (${c.value})`).join(', ')}), ${references.length} reference cards and ${data.victoryTokens} victory tokens, for ${min} to ${max} players.`,
              `Victory: the first to collect enough victory tokens wins (${wins.join(', ')}).${faceUp.length > 0 ? ` Cards also set aside face up at the start of a round: ${faceUp.map(([players, n]) => `${n} with ${players} players`).join(', ')}.` : ''}`,
            ],
          },
          ...data.summary.slice(1),
        ],
      },
    ],
  };
}
