// Reading the catalogue for the rules: which card type a physical card is, its plays, what it
// is worth as an Attack or a Defend, and the tags the rules look cards up by. Card ids are
// `<type>-<copy>` (deckFor), so the type is the id without its copy number.

import { CATALOG, type Catalog } from './load.ts';
import type { CardType, Play, Tag } from './schema.ts';

/** Card types by physical card, read once each (a game has a few hundred card ids; the rules ask on every move). */
const typeById = new Map<string, string>();

/** The card type of a physical card: `jawa-attack-3` → `jawa-attack`; a resource in front of seat 2, `binocs@2` → `binocs`. */
export function typeOf(card: string): string {
  let type = typeById.get(card);
  if (type === undefined) {
    type = card.replace(/@\d+$/, '').replace(/-\d+$/, '');
    typeById.set(card, type);
  }
  return type;
}

/**
 * `read` kept by physical card id: what the rules read of a card depends on its type alone and never
 * changes, so each card's answer is worked out once (the rules ask on every move, in every playout).
 */
export function perCard<T>(read: (card: string) => T): (card: string) => T {
  const known = new Map<string, T>();
  return (card) => {
    const found = known.get(card);
    if (found !== undefined || known.has(card)) return found as T;
    const value = read(card);
    known.set(card, value);
    return value;
  };
}

export interface CardRules {
  readonly catalog: Catalog;
  type(card: string): CardType;
  has(card: string, tag: Tag): boolean;
  /** The card's play with this effect kind made at `when` (`own-turn`, `window:target-response`), or null. */
  play(card: string, when: string, effect: string): Play | null;
  /** The value of the card's Attack play on one's own turn, or null when it has none. */
  attackValue(card: string): number | null;
  /** The value of the card's Defend play against an Attack, or null. */
  defendValue(card: string): number | null;
  /** Whether the card may never be discarded (R2-D2, the Decoy, Lose the Game: L1). */
  undiscardable(card: string): boolean;
}

export function cardRules(catalog: Catalog = CATALOG): CardRules {
  const type = perCard((card: string): CardType => catalog.card(typeOf(card)));
  const findPlay = (card: string, when: string, effect: string): Play | null =>
    type(card).plays.find((p) => p.when === when && p.effect.kind === effect && (p.with ?? []).length === 0) ?? null;
  // The plays looked up by (when, effect): a few pairs, each kept per card.
  const plays = new Map<string, (card: string) => Play | null>();
  const play = (card: string, when: string, effect: string): Play | null => {
    const key = `${when} ${effect}`;
    let read = plays.get(key);
    if (read === undefined) plays.set(key, (read = perCard((c) => findPlay(c, when, effect))));
    return read(card);
  };
  const attackValue = perCard((card: string): number | null => {
    const p = findPlay(card, 'own-turn', 'attack');
    return p !== null && p.effect.kind === 'attack' ? p.effect.value : null;
  });
  const defendValue = perCard((card: string): number | null => {
    const p = findPlay(card, 'window:target-response', 'defend');
    return p !== null && p.effect.kind === 'defend' ? p.effect.value : null;
  });
  return {
    catalog,
    type,
    has: (card, tag) => type(card).tags.includes(tag),
    play,
    attackValue,
    defendValue,
    undiscardable: perCard((card) => type(card).tags.includes('cannot-be-discarded')),
  };
}

export const CARDS = cardRules();
