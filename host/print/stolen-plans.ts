// The print-and-play kit of Star Wars: Stolen Plans, drawn from the game's data through its own
// deckFor: every card of the chosen option sets, as many copies as the game's deck holds (so a
// printed deck is exactly the game's deck), each with its name, kind, values, its text (its power,
// as the companion shows it), the rulebook's words for each way to play it that has a use in that
// deck, and its set; the Starting Resources for the most players the deck supports (Active at the
// top, Inactive upside down); the cards laid beside the discard pile (New Ruling); a rules summary
// that names the chosen sets, their rule changes and what set-up took out and why.

import type { CardKind, CardType, Catalog, DeckPlan, OptionSet, Play } from '../games/stolen-plans/index.ts';
import { CATALOG, playsInDeck } from '../games/stolen-plans/index.ts';
import type { DrawCard, Kit, TextSection } from './kit.ts';
import type { Box, CellSize } from './layout.ts';
import type { Painter } from './painter.ts';
import { stolenPlansPrintData } from './print-data.ts';

/** Poker size: sleeves fit. */
export const CARD: CellSize = { w: 63, h: 88 };

const INSET = 1.6;

/** Each kind's word on the card and its band's colour. */
export const KIND_LABELS: Readonly<Record<CardKind, { readonly word: string; readonly colour: string }>> = {
  objective: { word: 'Objective', colour: '#b8860b' },
  attack: { word: 'Attack', colour: '#8b1a1a' },
  defend: { word: 'Defend', colour: '#1f4e79' },
  steal: { word: 'Steal', colour: '#4a3b2a' },
  'rebel-hero': { word: 'Rebel Hero', colour: '#b45309' },
  jedi: { word: 'Jedi', colour: '#2e6b30' },
  'jedi-only': { word: 'Jedi Only', colour: '#3f7d3a' },
  action: { word: 'Action', colour: '#37474f' },
  reaction: { word: 'Reaction: out of turn', colour: '#5b3a8c' },
  permanent: { word: 'Permanent: stays in play', colour: '#00695c' },
  squad: { word: 'Rogue One Squad', colour: '#9a7b00' },
  held: { word: 'Held: never played', colour: '#616161' },
  resource: { word: 'Starting Resource', colour: '#1b5e20' },
  ruling: { word: 'Ruling', colour: '#263238' },
};

/** The values a card's plays carry ("Attack 9", "Defend 9"), each once, in play order. */
export function cardValues(card: CardType): string[] {
  const values: string[] = [];
  for (const play of card.plays) {
    const e = play.effect;
    const value = e.kind === 'attack' ? `Attack ${e.value}` : e.kind === 'defend' ? `Defend ${e.value}` : undefined;
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  if (card.reactivateCost !== undefined) values.push(`Reactivate: discard ${card.reactivateCost}`);
  return values;
}

/**
 * What the card says: its text (its power, as the companion shows it), then the rulebook's words for
 * each way to play it that has a use in a deck of `types` (a hero's saving of a squad card only
 * with squad cards in the deck).
 */
export function cardWords(card: CardType, types: readonly CardType[]): { readonly text: string; readonly plays: readonly string[] } {
  return { text: card.text, plays: playsInDeck(card, types).map((play: Play) => play.text) };
}

/** The set's short name on a card's foot ("Rogue One", "Bonus cards"). */
export function setLabel(set: OptionSet): string {
  return set.id === 'base' ? 'Main deck' : set.name.replace(/ \(2nd edition\)$/, '');
}

/** A card's foot: its set, its id (as `--include` and `--leave-out` name it) and its copy: "Rogue One · orson-krennic · 1 of 1". */
export function cardFoot(card: CardType, copy: number, catalog: Catalog = CATALOG): string {
  return `${setLabel(catalog.set(card.set))} · ${card.id} · ${copy} of ${card.count}`;
}

function drawFace(p: Painter, box: Box, card: CardType, types: readonly CardType[], foot: string): void {
  const inner = { x: box.x + INSET, y: box.y + INSET, w: box.w - 2 * INSET, h: box.h - 2 * INSET };
  const kind = KIND_LABELS[card.kind];
  const top = inner.y;
  const bottom = inner.y + inner.h;
  p.rect({ x: inner.x, y: top, w: inner.w, h: 7 }, { fill: kind.colour, radius: 2 });
  p.rect({ x: inner.x, y: top + 3.5, w: inner.w, h: 3.5 }, { fill: kind.colour });
  p.text(
    kind.word.toUpperCase(),
    { x: inner.x + 2, y: top + 1.9, w: inner.w - 4, h: 4 },
    { font: 'Helvetica-Bold', size: 7, color: '#ffffff', align: 'center' },
  );
  let y = top + 8.5;
  y += p.text(card.name, { x: inner.x + 3, y, w: inner.w - 6, h: 9 }, { font: 'Helvetica-Bold', size: 10.5, align: 'center', shrinkToFit: true }) + 0.5;
  if (card.character !== undefined && !card.name.includes(card.character)) {
    y += p.text(card.character, { x: inner.x + 3, y, w: inner.w - 6, h: 4 }, { font: 'Helvetica-Oblique', size: 7.5, align: 'center', color: '#444444' }) + 0.5;
  }
  const values = cardValues(card);
  if (values.length > 0) {
    y += 0.8;
    y +=
      p.text(
        values.join('   ·   '),
        { x: inner.x + 3, y, w: inner.w - 6, h: 5 },
        { font: 'Helvetica-Bold', size: 12, align: 'center', color: kind.colour, shrinkToFit: true },
      ) + 0.8;
  }
  p.line(inner.x + 4, y + 0.5, inner.x + inner.w - 4, y + 0.5, { stroke: '#c0b8a8', width: 0.25 });
  y += 2;
  const footY = bottom - 5;
  const words = cardWords(card, types);
  p.text(
    [words.text, ...words.plays.map((w) => `• ${w}`)].join('\n'),
    { x: inner.x + 3.5, y, w: inner.w - 7, h: footY - y - 1 },
    { size: 8.5, shrinkToFit: true },
  );
  p.text(foot, { x: inner.x + 3, y: footY, w: inner.w - 6, h: 3.5 }, { size: 5.5, align: 'center', color: '#666666' });
}

function deckCard(card: CardType, copy: number, types: readonly CardType[], catalog: Catalog): DrawCard {
  return (p, box) => {
    p.rect({ x: box.x + INSET, y: box.y + INSET, w: box.w - 2 * INSET, h: box.h - 2 * INSET }, { fill: '#fffdf7', stroke: '#263238', width: 0.4, radius: 2.5 });
    drawFace(p, box, card, types, cardFoot(card, copy, catalog));
  };
}

/** A Starting Resource: Active on the top half, Inactive upside down on the bottom half. */
function resourceCard(card: CardType, types: readonly CardType[], player: number): DrawCard {
  return (p, box) => {
    const inner = { x: box.x + INSET, y: box.y + INSET, w: box.w - 2 * INSET, h: box.h - 2 * INSET };
    p.rect(inner, { fill: '#f6faf6', stroke: '#263238', width: 0.4, radius: 2.5 });
    const half = inner.h / 2;
    const side = (word: string, colour: string): void => {
      p.text(word, { x: inner.x + 2, y: inner.y + 1.5, w: inner.w - 4, h: 5 }, { font: 'Helvetica-Bold', size: 9, align: 'center', color: colour });
      p.text(card.name, { x: inner.x + 3, y: inner.y + 7, w: inner.w - 6, h: 6 }, { font: 'Helvetica-Bold', size: 9.5, align: 'center', shrinkToFit: true });
      const cost = card.reactivateCost === undefined ? '' : `  Reactivate: discard ${card.reactivateCost} cards (a whole turn).`;
      const active = cardWords(card, types);
      const words = word === 'ACTIVE' ? [active.text, ...active.plays].join(' ') : `Does nothing while Inactive.${cost}`;
      p.text(words, { x: inner.x + 3, y: inner.y + 13.5, w: inner.w - 6, h: half - 19 }, { size: 6.5, align: 'center', shrinkToFit: true });
      p.text(
        `Starting Resource · player ${player}`,
        { x: inner.x + 3, y: inner.y + half - 4.5, w: inner.w - 6, h: 3 },
        { size: 5, align: 'center', color: '#666666' },
      );
    };
    side('ACTIVE', '#1b5e20');
    p.line(inner.x + 3, inner.y + half, inner.x + inner.w - 3, inner.y + half, { stroke: '#9e9e9e', width: 0.2, dash: 0.6 });
    p.rotated(180, inner.x + inner.w / 2, inner.y + half, () => {
      // Turned half a turn about the card's centre: the upper half's box is now the lower half.
      side('INACTIVE', '#9e2a2a');
    });
  };
}

function setsSection(plan: DeckPlan, catalog: Catalog): TextSection {
  const chosen = plan.sets.map((id) => catalog.set(id));
  const rules = plan.rules;
  return {
    heading: 'The sets of this kit',
    paragraphs: [
      ...chosen.map((set) => `${set.name}: ${set.text}${set.advice === undefined ? '' : ` (${set.advice})`}`),
      `Rules in force: ${rules.handSize} cards dealt to each player; at most ${rules.maxDefendCards} Defend card${rules.maxDefendCards === 1 ? '' : 's'} against one Attack; ${rules.endsWhenPileEmpty ? 'the game ends when the last card of the draw pile is picked up' : 'the game goes on after the last card is drawn (a player may pass once the draw pile is empty)'}${rules.r2d2InStartingHands ? '; R2-D2 is dealt into a starting hand (R2-D2 Where Are You?)' : ''}.`,
      ...(plan.removed.length === 0
        ? []
        : [`Taken out at set-up, so not printed: ${plan.removed.map((r) => `${catalog.card(r.card).name} (${r.because})`).join('; ')}.`]),
    ],
  };
}

function contents(plan: DeckPlan, catalog: Catalog): TextSection {
  const { min, max } = plan.players;
  const kinds = new Map<string, number>();
  for (const card of plan.deck) {
    const kind = KIND_LABELS[catalog.card(card.type).kind].word;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return {
    heading: 'In this kit',
    paragraphs: [
      `A deck of ${plan.deck.length} cards (${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ')}), for ${min} to ${max} players: with ${max}, ${plan.deck.length - max * plan.rules.handSize} cards are left to draw after the deal.`,
      ...(plan.eachPlayer.length === 0
        ? []
        : [
            `${plan.eachPlayer.length} Starting Resources for each of ${max} players (${plan.eachPlayer.map((c) => c.name).join(', ')}): ${plan.eachPlayer.length * max} cards, not shuffled into the deck.`,
          ]),
      ...(plan.besideDiscard.length === 0
        ? []
        : [`Laid beside the discard pile, not shuffled in: ${plan.besideDiscard.map((c) => catalog.card(c.type).name).join(', ')}.`]),
      'Each card names at its foot its set, its id (as the companion and the --include and --leave-out flags name it) and which of its copies it is.',
    ],
  };
}

/** The kit for a deck plan of `deckFor` (the sets, the cards asked for or left out), made from `catalog` (the shipped one unless given). */
export function stolenPlansKit(plan: DeckPlan, catalog: Catalog = CATALOG): Kit {
  const data = stolenPlansPrintData();
  const copy = (id: string): number => Number(/-(\d+)$/.exec(id)?.[1] ?? '1');
  const deck = plan.deck.map((card) => deckCard(catalog.card(card.type), copy(card.id), plan.types, catalog));
  const beside = plan.besideDiscard.map((card) => deckCard(catalog.card(card.type), copy(card.id), plan.types, catalog));
  const players = plan.players.max;
  const resources = Array.from({ length: players }, (_, i) => plan.eachPlayer.map((card) => resourceCard(card, plan.types, i + 1))).flat();
  return {
    title: 'Star Wars: Stolen Plans, print-and-play kit',
    parts: [
      { kind: 'cards', title: `The deck: ${plan.deck.length} cards (63 × 88 mm), cut along the dashed lines`, cell: CARD, shape: 'rect', cards: deck },
      ...(beside.length === 0
        ? []
        : [{ kind: 'cards' as const, title: 'Beside the discard pile (not shuffled in)', cell: CARD, shape: 'rect' as const, sharePage: true, cards: beside }]),
      ...(resources.length === 0
        ? []
        : [
            {
              kind: 'cards' as const,
              title: `Starting Resources: ${plan.eachPlayer.length} for each of ${players} players (turn a card round to flip it)`,
              cell: CARD,
              shape: 'rect' as const,
              sharePage: true,
              cards: resources,
            },
          ]),
      {
        kind: 'text',
        title: 'Star Wars: Stolen Plans: rules summary',
        sections: [...data.summary.slice(0, 1), contents(plan, catalog), setsSection(plan, catalog), ...data.summary.slice(1)],
      },
    ],
  };
}
