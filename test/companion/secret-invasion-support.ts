// Shared set-up for the Secret Invasion companion tests: a deck in which every card has a name of
// its own (so a screen naming a card names exactly one card), save paths, and waiting for the link.
import { join } from 'node:path';
import charactersJson from '../../host/games/secret-invasion/data/characters.json' with { type: 'json' };
import rulesJson from '../../host/games/secret-invasion/data/rules.json' with { type: 'json' };
import { loadDeck, type Deck } from '../../host/games/secret-invasion/deck.ts';
import { testTempDir } from '../support/temp-dir.ts';

interface CharacterEntry {
  id: string;
  name: string;
  count: number;
  mustDiscardWith?: string[];
  [key: string]: unknown;
}

/** The boxed deck with every copy made a character of its own ("Stormtrooper B"), same values and effects. */
export function uniqueNameDeck(): Deck {
  const source = charactersJson as unknown as { characters: CharacterEntry[] } & Record<string, unknown>;
  const split = (c: CharacterEntry): string[] => (c.count === 1 ? [c.id] : Array.from({ length: c.count }, (_, i) => `${c.id}-${String.fromCharCode(97 + i)}`));
  const idsOf = new Map(source.characters.map((c) => [c.id, split(c)]));
  const characters = source.characters.flatMap((c) =>
    split(c).map((id, i) => ({
      ...c,
      id,
      name: c.count === 1 ? c.name : `${c.name} ${String.fromCharCode(65 + i)}`,
      count: 1,
      ...(c.mustDiscardWith ? { mustDiscardWith: c.mustDiscardWith.flatMap((m) => idsOf.get(m) ?? [m]) } : {}),
    })),
  );
  return loadDeck({ characters: { ...source, characters }, rules: rulesJson });
}

export const UNIQUE_DECK = uniqueNameDeck();

export function tempSavePath(): string {
  return join(testTempDir('secret-invasion-'), 'secret-invasion.save.json');
}

/** Lets the link deliver every line already sent (they arrive on microtasks and timers). */
export function settle(ms = 10): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
