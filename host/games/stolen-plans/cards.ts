// Reading the catalogue for the rules: which card type a physical card is, its plays, what it
// is worth as an Attack or a Defend, and the tags the rules look cards up by. Card ids are
// `<type>-<copy>` (deckFor), so the type is the id without its copy number.

import { CATALOG, type Catalog } from './catalog.ts';
import type { CardType, Play, Tag } from './schema.ts';

/** The card type of a physical card: `jawa-attack-3` → `jawa-attack`; a resource in front of seat 2, `binocs@2` → `binocs`. */
export function typeOf(card: string): string {
  return card.replace(/@\d+$/, '').replace(/-\d+$/, '');
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
  const byType = new Map<string, CardType>();
  const type = (card: string): CardType => {
    const id = typeOf(card);
    let found = byType.get(id);
    if (found === undefined) {
      found = catalog.card(id);
      byType.set(id, found);
    }
    return found;
  };
  const play = (card: string, when: string, effect: string): Play | null =>
    type(card).plays.find((p) => p.when === when && p.effect.kind === effect && (p.with ?? []).length === 0) ?? null;
  return {
    catalog,
    type,
    has: (card, tag) => type(card).tags.includes(tag),
    play,
    attackValue(card) {
      const p = play(card, 'own-turn', 'attack');
      return p !== null && p.effect.kind === 'attack' ? p.effect.value : null;
    },
    defendValue(card) {
      const p = play(card, 'window:target-response', 'defend');
      return p !== null && p.effect.kind === 'defend' ? p.effect.value : null;
    },
    undiscardable: (card) => type(card).tags.includes('cannot-be-discarded'),
  };
}

export const CARDS = cardRules();
