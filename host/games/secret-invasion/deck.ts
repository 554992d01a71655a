// The deck and the table numbers of Secret Invasion, loaded from data files and validated when
// loaded: the 10 characters (value, copies, effect, card text, quote) and the rulebook's numbers
// (players, set-aside cards, tokens to win, the values a guess may name). A problem in a file
// is reported with the file, the entry and what is wrong.

import charactersJson from './data/characters.json' with { type: 'json' };
import rulesJson from './data/rules.json' with { type: 'json' };
import { DataPath, field, readArray, readInteger, readOneOf, readStrictObject, readString, requireUnique } from '../../engine/data.ts';

/** What a card does when discarded; each is carried out by the rules engine. */
export const EFFECTS = [
  'guess',
  'guess-twice',
  'look',
  'compare-lower-out',
  'compare-higher-out',
  'protect',
  'redraw',
  'swap',
  'none',
  'out-when-discarded',
] as const;
export type Effect = (typeof EFFECTS)[number];

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

const ID = /^[a-z0-9][a-z0-9-]*$/;
const MAX_VALUE = 8;

function readRules(value: unknown): TableRules {
  const at = new DataPath(FILE_NAMES.rules);
  const file = readStrictObject(value, at, ['format', 'description', 'players', 'deckSize', 'setAside', 'faceUpSetAside', 'tokensToWin', 'guess']);
  if (field(file, 'format', at) !== 'secret-invasion-rules/1') at.key('format').fail('expected "secret-invasion-rules/1"');
  const playersAt = at.key('players');
  const players = readStrictObject(field(file, 'players', at), playersAt, ['min', 'max']);
  const min = readInteger(field(players, 'min', playersAt), playersAt.key('min'), 2, 8);
  const max = readInteger(field(players, 'max', playersAt), playersAt.key('max'), min, 8);
  const deckSize = readInteger(field(file, 'deckSize', at), at.key('deckSize'), 2, 100);
  // The Luke Skywalker rule takes "the card set aside": there is exactly one.
  const setAside = readInteger(field(file, 'setAside', at), at.key('setAside'), 1, 1);
  const perCount = (name: string, low: number, high: number): Record<number, number> => {
    const entryAt = at.key(name);
    const table = readStrictObject(
      field(file, name, at),
      entryAt,
      Array.from({ length: max - min + 1 }, (_, i) => String(min + i)),
    );
    const out: Record<number, number> = {};
    for (let n = min; n <= max; n++) out[n] = readInteger(field(table, String(n), entryAt), entryAt.key(String(n)), low, high);
    return out;
  };
  const faceUpSetAside = perCount('faceUpSetAside', 0, deckSize);
  const tokensToWin = perCount('tokensToWin', 1, 99);
  for (let n = min; n <= max; n++) {
    // Each player needs a card in hand and the first player one to draw.
    const needed = setAside + (faceUpSetAside[n] ?? 0) + n + 1;
    if (needed > deckSize) {
      at.key('faceUpSetAside').key(String(n)).fail(`a ${n}-player round needs ${needed} cards but the deck has ${deckSize}`);
    }
  }
  const guessAt = at.key('guess');
  const guessRaw = readStrictObject(field(file, 'guess', at), guessAt, ['min', 'max']);
  const guessMin = readInteger(field(guessRaw, 'min', guessAt), guessAt.key('min'), 1, MAX_VALUE);
  const guessMax = readInteger(field(guessRaw, 'max', guessAt), guessAt.key('max'), guessMin, MAX_VALUE);
  return { players: { min, max }, deckSize, setAside, faceUpSetAside, tokensToWin, guess: { min: guessMin, max: guessMax } };
}

/** A card's summary: one short line, for a menu. */
const SUMMARY_MAX = 110;

function readSummary(value: unknown, at: DataPath): string {
  const text = readString(value, at);
  if (text.length > SUMMARY_MAX || text.includes('\n')) at.fail(`a summary is one short line (at most ${SUMMARY_MAX} characters), got ${text.length}`);
  return text;
}

function readCharacters(value: unknown, rules: TableRules): Character[] {
  const at = new DataPath(FILE_NAMES.characters);
  const file = readStrictObject(value, at, ['format', 'description', 'characters']);
  if (field(file, 'format', at) !== 'secret-invasion-characters/1') {
    at.key('format').fail('expected "secret-invasion-characters/1"');
  }
  const listAt = at.key('characters');
  const raws = readArray(field(file, 'characters', at), listAt, 1);
  const characters = raws.map((raw, i): Character => {
    const rawId = (raw as { id?: unknown } | null)?.id;
    const entryAt = listAt.index(i, typeof rawId === 'string' ? rawId : undefined);
    const c = readStrictObject(raw, entryAt, ['id', 'name', 'value', 'count', 'effect', 'mustDiscardWith', 'summary', 'text', 'quote']);
    const mustAt = entryAt.key('mustDiscardWith');
    const mustDiscardWith = 'mustDiscardWith' in c ? readArray(c.mustDiscardWith, mustAt, 1).map((m, j) => readString(m, mustAt.index(j), ID)) : [];
    return {
      id: readString(field(c, 'id', entryAt), entryAt.key('id'), ID),
      name: readString(field(c, 'name', entryAt), entryAt.key('name')),
      value: readInteger(field(c, 'value', entryAt), entryAt.key('value'), 1, MAX_VALUE),
      count: readInteger(field(c, 'count', entryAt), entryAt.key('count'), 1, rules.deckSize),
      effect: readOneOf(field(c, 'effect', entryAt), entryAt.key('effect'), EFFECTS),
      mustDiscardWith,
      summary: readSummary(field(c, 'summary', entryAt), entryAt.key('summary')),
      text: readString(field(c, 'text', entryAt), entryAt.key('text')),
      quote: readString(field(c, 'quote', entryAt), entryAt.key('quote')),
    };
  });
  const ids = characters.map((c) => c.id);
  requireUnique(ids, listAt, 'character id');
  characters.forEach((c, i) => {
    const mustAt = listAt.index(i, c.id).key('mustDiscardWith');
    for (const other of c.mustDiscardWith) {
      if (!ids.includes(other)) mustAt.fail(`"${other}" is not a character of this deck (characters: ${ids.join(', ')})`);
      if (other === c.id) mustAt.fail('a character cannot force itself to be discarded');
    }
    const previous = characters[i - 1];
    if (previous && previous.value > c.value) {
      listAt.index(i, c.id).key('value').fail(`characters are listed lowest value first, but ${c.value} follows ${previous.value}`);
    }
  });
  for (let v = 1; v <= MAX_VALUE; v++) {
    if (!characters.some((c) => c.value === v)) listAt.fail(`no character has the value ${v}; the deck has every value from 1 to ${MAX_VALUE}`);
  }
  for (const effect of ['out-when-discarded'] as const) {
    if (characters.filter((c) => c.effect === effect).length !== 1) listAt.fail(`exactly one character must have the effect "${effect}"`);
  }
  const total = characters.reduce((sum, c) => sum + c.count, 0);
  if (total !== rules.deckSize) {
    listAt.fail(`the counts add up to ${total} cards, but ${FILE_NAMES.rules} says the deck has ${rules.deckSize}`);
  }
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
