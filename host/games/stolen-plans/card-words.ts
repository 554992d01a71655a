// Stolen Plans' cards and windows in words, for the front ends: a physical card's name (the type's,
// from cards.json), its text, its name with its Attack or Defend value, a list of cards, and a
// window's name (windows.json). One source: the catalogue.

import { CARDS } from './cards.ts';
import { CATALOG } from './load.ts';

/** The name of a physical card: `jawa-attack-3` → `Jawa Attack`. */
export function cardName(card: string): string {
  return CARDS.type(card).name;
}

/** The card's own text (cards.json `text`): the hint a menu and a hand show. */
export function cardText(card: string): string {
  return CARDS.type(card).text;
}

/** The name with the value a reader needs to compare: `Jawa Attack (Attack 5)`, `X-Wing Defend (Defend 4)`. */
export function cardWithValue(card: string): string {
  const name = cardName(card);
  const attack = CARDS.attackValue(card);
  const defend = CARDS.defendValue(card);
  const values = [attack === null ? null : `Attack ${attack}`, defend === null ? null : `Defend ${defend}`].filter((x) => x !== null);
  // Names that already carry their value ("Attack 9 (Captain Phasma)") are not told it twice.
  const fresh = values.filter((x) => !name.includes(x));
  return fresh.length === 0 ? name : `${name} (${fresh.join(', ')})`;
}

/** `A`, `A and B`, `A, B and C`. */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const cardList = (cards: readonly string[]): string => andList(cards.map(cardName));

/** A decision's or window's name in words (windows.json), or the plain id for the others (the turn, a Jedi card's choice). */
export function windowName(kind: string): string {
  const window = CATALOG.windows.find((w) => w.id === kind);
  if (window !== undefined) return window.name;
  return kind.replace(/-/g, ' ');
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
