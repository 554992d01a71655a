// The deck and the table numbers of Secret Invasion, loaded from data files and validated when
// loaded: the 10 characters (value, copies, effect, card text, quote) and the rulebook's numbers
// (players, set-aside cards, tokens to win, the values a guess may name). Each file's shape is
// its schema (schema.ts); what the files say together is checked here. A problem is reported
// with the file, the entry and what is wrong (a DataError).

import charactersJson from './data/characters.json' with { type: 'json' };
import rulesJson from './data/rules.json' with { type: 'json' };
import { DataError } from '../../engine/data.ts';
import { parseData } from '../../engine/schema.ts';
import { CharactersFileSchema, type Effect, MAX_VALUE, RulesFileSchema, type RulesFile } from './schema.ts';

export { EFFECTS, type Effect } from './schema.ts';

export type CharacterId = string;
/** One physical card: `<character>-<copy>`, e.g. "stormtrooper-3", "princess-leia-1". */
export type CardId = string;

export interface Character {
  readonly id: CharacterId;
  readonly name: string;
  readonly value: number;
  readonly count: number;
  readonly effect: Effect;
  /** Characters that, held together with this one, force this one to be discarded. */
  readonly mustDiscardWith: readonly CharacterId[];
  /** One short line of what the card does, for menus and screens. */
  readonly summary: string;
  readonly text: string;
  readonly quote: string;
}

export interface Card {
  readonly id: CardId;
  readonly character: CharacterId;
  readonly value: number;
}

export interface TableRules {
  readonly players: { readonly min: number; readonly max: number };
  readonly deckSize: number;
  readonly setAside: number;
  /** Cards set aside face up at the start of a round, by number of players. */
  readonly faceUpSetAside: Readonly<Record<number, number>>;
  readonly tokensToWin: Readonly<Record<number, number>>;
  readonly guess: { readonly min: number; readonly max: number };
}

export interface Deck {
  /** Lowest value first, as in the data file. */
  readonly characters: readonly Character[];
  /** Every card, in a fixed order (the order before shuffling). */
  readonly cards: readonly Card[];
  readonly rules: TableRules;
  character(id: CharacterId): Character;
  card(id: CardId): Card;
}

export interface DeckFiles {
  readonly characters: unknown;
  readonly rules: unknown;
}

export const FILE_NAMES = {
  characters: 'host/games/secret-invasion/data/characters.json',
  rules: 'host/games/secret-invasion/data/rules.json',
} as const;

/** A number for each table size from `min` to `max` players: exactly those, no other. */
function perTableSize(table: Readonly<Record<string, number>>, name: string, min: number, max: number): Record<number, number> {
  const sizes = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
  for (const key of Object.keys(table)) {
    if (!sizes.includes(key)) throw new DataError(FILE_NAMES.rules, name, `unknown field "${key}" (the table sizes are ${sizes.join(', ')})`);
  }
  const out: Record<number, number> = {};
  for (const size of sizes) {
    const n = table[size];
    if (n === undefined) throw new DataError(FILE_NAMES.rules, `${name}.${size}`, 'missing');
    out[Number(size)] = n;
  }
  return out;
}

function readRules(value: unknown): TableRules {
  const file: RulesFile = parseData(RulesFileSchema, value, FILE_NAMES.rules);
  const fail = (entry: string, problem: string): never => {
    throw new DataError(FILE_NAMES.rules, entry, problem);
  };
  const { min, max } = file.players;
  if (max < min) fail('players.max', `must be at least players.min (${min}), got ${max}`);
  if (file.guess.max < file.guess.min) fail('guess.max', `must be at least guess.min (${file.guess.min}), got ${file.guess.max}`);
  const faceUpSetAside = perTableSize(file.faceUpSetAside, 'faceUpSetAside', min, max);
  const tokensToWin = perTableSize(file.tokensToWin, 'tokensToWin', min, max);
  for (let n = min; n <= max; n++) {
    // Each player needs a card in hand and the first player one to draw.
    const needed = file.setAside + (faceUpSetAside[n] ?? 0) + n + 1;
    if (needed > file.deckSize) fail(`faceUpSetAside.${n}`, `a ${n}-player round needs ${needed} cards but the deck has ${file.deckSize}`);
  }
  return {
    players: { min, max },
    deckSize: file.deckSize,
    setAside: file.setAside,
    faceUpSetAside,
    tokensToWin,
    guess: { min: file.guess.min, max: file.guess.max },
  };
}

function readCharacters(value: unknown, rules: TableRules): Character[] {
  const characters: Character[] = parseData(CharactersFileSchema, value, FILE_NAMES.characters).characters.map((c) => ({
    ...c,
    mustDiscardWith: c.mustDiscardWith ?? [],
  }));
  const fail = (entry: string, problem: string): never => {
    throw new DataError(FILE_NAMES.characters, entry, problem);
  };
  const entryOf = (i: number): string => `characters[${i}] (${characters[i]?.id})`;
  const ids = characters.map((c) => c.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) fail(`${entryOf(i)}.id`, `character id "${id}" appears more than once`);
  });
  characters.forEach((c, i) => {
    for (const other of c.mustDiscardWith) {
      if (!ids.includes(other)) fail(`${entryOf(i)}.mustDiscardWith`, `"${other}" is not a character of this deck (characters: ${ids.join(', ')})`);
      if (other === c.id) fail(`${entryOf(i)}.mustDiscardWith`, 'a character cannot force itself to be discarded');
    }
    if (c.count > rules.deckSize) fail(`${entryOf(i)}.count`, `must be a whole number from 1 to ${rules.deckSize} (the deck size)`);
    const previous = characters[i - 1];
    if (previous && previous.value > c.value) fail(`${entryOf(i)}.value`, `characters are listed lowest value first, but ${c.value} follows ${previous.value}`);
  });
  for (let v = 1; v <= MAX_VALUE; v++) {
    if (!characters.some((c) => c.value === v)) fail('characters', `no character has the value ${v}; the deck has every value from 1 to ${MAX_VALUE}`);
  }
  for (const effect of ['out-when-discarded'] as const) {
    if (characters.filter((c) => c.effect === effect).length !== 1) fail('characters', `exactly one character must have the effect "${effect}"`);
  }
  const total = characters.reduce((sum, c) => sum + c.count, 0);
  if (total !== rules.deckSize) fail('characters', `the counts add up to ${total} cards, but ${FILE_NAMES.rules} says the deck has ${rules.deckSize}`);
  return characters;
}

/** The deck from data files' contents; throws DataError naming the file, entry and problem. */
export function loadDeck(files: DeckFiles): Deck {
  const rules = readRules(files.rules);
  const characters = readCharacters(files.characters, rules);
  const cards: Card[] = characters.flatMap((c) => Array.from({ length: c.count }, (_, n) => ({ id: `${c.id}-${n + 1}`, character: c.id, value: c.value })));
  const characterById = new Map(characters.map((c) => [c.id, c]));
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return {
    characters,
    cards,
    rules,
    character(id) {
      const found = characterById.get(id);
      if (!found) throw new RangeError(`unknown character "${id}"`);
      return found;
    },
    card(id) {
      const found = cardById.get(id);
      if (!found) throw new RangeError(`unknown card "${id}"`);
      return found;
    },
  };
}

/** The deck of the boxed game, from host/games/secret-invasion/data/. */
export const STANDARD_DECK: Deck = loadDeck({ characters: charactersJson, rules: rulesJson });
