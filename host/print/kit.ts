// What a print-and-play kit is: sheets of cards (all of one size, laid out in a grid with cut
// lines and crop marks, flowing over as many pages as they need) and pages of text (a rules
// summary). Each game's kit module builds one from its data files; `render.ts` turns it into a PDF.

import type { Box, CellSize } from './layout.ts';
import type { Painter } from './painter.ts';

/** Draws one card inside its cell's box (mm). */
export type DrawCard = (p: Painter, box: Box) => void;

export interface CardSheet {
  readonly kind: 'cards';
  /** The line at the top of each of its pages ("Mission placards: cut along the grey lines"). */
  readonly title: string;
  readonly cell: CellSize;
  /** How a card is cut out: along its rectangle, or around a round token. */
  readonly shape: 'rect' | 'circle';
  readonly cards: readonly DrawCard[];
  /** Start below the sheet before, on its last page, when there is room (small cards after big ones). */
  readonly sharePage?: boolean;
}

export interface TextSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface TextPages {
  readonly kind: 'text';
  readonly title: string;
  readonly sections: readonly TextSection[];
}

export type KitPart = CardSheet | TextPages;

export interface Kit {
  /** The document's title ("Star Wars: Rebel Missions: print-and-play kit"). */
  readonly title: string;
  readonly parts: readonly KitPart[];
}
