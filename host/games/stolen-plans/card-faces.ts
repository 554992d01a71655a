// The faces of the cards a view shows (name, kind, values, text), by card type, so a page can draw
// them from the view alone: the browser gets no catalogue, only the faces of the cards its view
// already names. Every card id anywhere in the view (hand, discards, cards in play, what the viewer
// knows, the open decisions, the Starting Resources in front of each seat: `food@1`) gets its
// type's face, so a field the game adds later is covered too.

import { CARDS, typeOf } from './cards.ts';
import { CATALOG } from './load.ts';
import type { SpView } from './state.ts';

export interface CardFace {
  readonly name: string;
  readonly kind: string;
  readonly attack: number | null;
  readonly defend: number | null;
  readonly text: string;
  /** R2-D2, the Decoy, Lose the Game: kept when every other card must go. */
  readonly cannotBeDiscarded: boolean;
}

/** A view with the faces of the cards it names, by card type (`jawa-attack`). */
export type SpTableView = SpView & { readonly faces: Readonly<Record<string, CardFace>> };

const TYPES: ReadonlySet<string> = new Set(CATALOG.cards.map((c) => c.id));

/** Whether a string is a physical card id (`<type>-<copy>`). */
export function isCardId(value: string): boolean {
  return /-\d+$/.test(value) && TYPES.has(typeOf(value));
}

export function faceOf(card: string): CardFace {
  const type = CARDS.type(card);
  return {
    name: type.name,
    kind: type.kind,
    attack: CARDS.attackValue(card),
    defend: CARDS.defendValue(card),
    text: type.text,
    cannotBeDiscarded: CARDS.undiscardable(card),
  };
}

/** Whether a string is a Starting Resource in front of a seat (`food@1`): its face is its type's too. */
function isResourceId(value: string): boolean {
  return /@\d+$/.test(value) && TYPES.has(typeOf(value));
}

function collect(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (isCardId(value) || isResourceId(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collect(item, into);
  }
}

export function withFaces(view: SpView): SpTableView {
  const cards = new Set<string>();
  collect(view, cards);
  const faces: Record<string, CardFace> = {};
  for (const card of cards) faces[typeOf(card)] ??= faceOf(card);
  return { ...view, faces };
}
