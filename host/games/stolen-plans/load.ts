// The Stolen Plans catalogue: the four data files loaded, their shapes checked (schema.ts) and
// then their cross-references: every id a file names exists, every window has a card that
// answers in it, every answer says what it answers, resources and only resources are dealt to
// each player. A problem is a DataError naming the file, the entry and what is wrong.

import { join } from 'node:path';
import { DataError } from '../../engine/data.ts';
import { parseData, readDataFile, v } from '../../engine/schema.ts';
import {
  ANSWERABLE_TARGETS,
  CardsFile,
  Effect,
  SetsFile,
  TableFile,
  TAGS,
  WindowsFile,
  type CardType,
  type OptionSet,
  type Play,
  type TableFile as Table,
  type WindowType,
} from './schema.ts';

/** Where the shipped data files are. */
export const DATA_DIR = join(import.meta.dirname, 'data');

/** The file names errors show for the shipped files (relative to the repository). */
export const FILE_NAMES = {
  cards: 'host/games/stolen-plans/data/cards.json',
  windows: 'host/games/stolen-plans/data/windows.json',
  sets: 'host/games/stolen-plans/data/sets.json',
  table: 'host/games/stolen-plans/data/table.json',
} as const;

export interface CatalogFiles {
  readonly cards: unknown;
  readonly windows: unknown;
  readonly sets: unknown;
  readonly table: unknown;
}

export interface Catalog {
  /** Every card type, in the data file's order. */
  readonly cards: readonly CardType[];
  readonly windows: readonly WindowType[];
  /** The option sets, base first, in the data file's order. */
  readonly sets: readonly OptionSet[];
  readonly table: Table;
  card(id: string): CardType;
  window(id: string): WindowType;
  set(id: string): OptionSet;
  /** The plays of every card that answer in a window (`when: window:<id>`). */
  answersIn(windowId: string): readonly { readonly card: CardType; readonly play: Play }[];
}

/** The effect kinds a selector `effect:<kind>` may name. */
export const EFFECT_KINDS: readonly string[] = Effect.options.map((option) => option.entries.kind.literal);

/** The kinds of the cards that are placed in play (and stay there). */
const PLACED_KINDS: ReadonlySet<string> = new Set(['jedi', 'permanent', 'squad']);

/** Windows whose answers answer a play, so each answer must say which (`against`). */
const ANSWERING_WINDOWS = new Set(['target-response', 'defend-played', 'heroes-played', 'scout-played']);

function cardEntry(index: number, card: CardType): string {
  return `cards[${index}] (${card.id})`;
}

function playEntry(index: number, card: CardType, playIndex: number, play: Play): string {
  return `${cardEntry(index, card)}.plays[${playIndex}] (${play.id})`;
}

function duplicates(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

function checkSelector(selector: string, cardIds: ReadonlySet<string>, file: string, entry: string): void {
  if (selector === 'against-you') return;
  const [kind, id = ''] = selector.split(':') as [string, string?];
  if (kind === 'card' && !cardIds.has(id)) throw new DataError(file, entry, `names the card "${id}", which is not in cards.json`);
  if (kind === 'tag' && !(TAGS as readonly string[]).includes(id))
    throw new DataError(file, entry, `names the tag "${id}", which is not a tag (${TAGS.join(', ')})`);
  if (kind === 'effect' && !EFFECT_KINDS.includes(id)) throw new DataError(file, entry, `names the effect "${id}", which is not an effect kind`);
}

function checkCards(cards: readonly CardType[], windows: readonly WindowType[], sets: readonly OptionSet[]): void {
  const file = FILE_NAMES.cards;
  const cardIds = new Set(cards.map((card) => card.id));
  const windowIds = new Set(windows.map((window) => window.id));
  const setById = new Map(sets.map((set) => [set.id, set]));
  const twice = duplicates(cards.map((card) => card.id));
  if (twice !== undefined) {
    const index = cards.findLastIndex((card) => card.id === twice);
    throw new DataError(file, cardEntry(index, cards[index]!), `the id "${twice}" appears more than once`);
  }
  cards.forEach((card, index) => {
    const at = cardEntry(index, card);
    const set = setById.get(card.set);
    if (set === undefined) throw new DataError(file, `${at}.set`, `"${card.set}" is not a set of sets.json`);
    if (!card.byDefault && !set.cardsChosen) {
      throw new DataError(file, `${at}.byDefault`, `false, but its set "${set.id}" is not one whose cards are chosen`);
    }
    if ((card.dealt === 'each-player') !== (card.kind === 'resource')) {
      throw new DataError(file, `${at}.dealt`, 'resources, and only resources, are dealt to each player');
    }
    if ((card.reactivateCost !== undefined) !== (card.kind === 'resource')) {
      throw new DataError(file, `${at}.reactivateCost`, 'resources, and only resources, have a reactivation cost');
    }
    if ((card.dealt === 'beside-discard') !== (card.kind === 'ruling')) {
      throw new DataError(file, `${at}.dealt`, 'the ruling, and only the ruling, lies beside the discard pile');
    }
    const held = card.kind === 'held' || card.kind === 'objective';
    if (held && card.plays.length > 0) throw new DataError(file, `${at}.plays`, `a ${card.kind} card is never played`);
    if (held !== card.tags.includes('cannot-be-discarded')) {
      throw new DataError(file, `${at}.tags`, 'the held cards and R2-D2, and only they, cannot be discarded');
    }
    if (!held && card.kind !== 'ruling' && card.plays.length === 0) throw new DataError(file, `${at}.plays`, 'lists no way to play it');
    const placed = card.plays.some((play) => play.effect.kind === 'place');
    if (placed !== PLACED_KINDS.has(card.kind)) {
      throw new DataError(file, `${at}.kind`, `${card.kind}: the cards placed in play, and only they, are of kind ${[...PLACED_KINDS].join(', ')}`);
    }
    if ((card.kind === 'squad') !== card.tags.includes('squad')) throw new DataError(file, `${at}.tags`, 'the squad cards, and only they, are tagged squad');
    if (card.inPlay !== undefined && !placed && card.kind !== 'ruling') throw new DataError(file, `${at}.inPlay`, 'the card is never in play');
    for (const [name, ids] of [
      ['requires', card.requires ?? []],
      ['replaces', card.replaces === undefined ? [] : [card.replaces]],
    ] as const) {
      for (const id of ids) if (!cardIds.has(id)) throw new DataError(file, `${at}.${name}`, `names "${id}", which is not in cards.json`);
    }
    const playTwice = duplicates(card.plays.map((play) => play.id));
    if (playTwice !== undefined) throw new DataError(file, `${at}.plays`, `the play "${playTwice}" appears more than once`);
    card.plays.forEach((play, playIndex) => {
      const playAt = playEntry(index, card, playIndex, play);
      if (play.when.startsWith('window:')) {
        const windowId = play.when.slice('window:'.length);
        if (!windowIds.has(windowId)) throw new DataError(file, `${playAt}.when`, `"${windowId}" is not a window of windows.json`);
        if (ANSWERING_WINDOWS.has(windowId) && (play.against ?? []).length === 0) {
          throw new DataError(file, `${playAt}.against`, `an answer in ${windowId} must say which plays it answers`);
        }
      } else if (play.against !== undefined) {
        throw new DataError(file, `${playAt}.against`, 'only an answer in a window answers a play');
      }
      (play.against ?? []).forEach((selector, i) => checkSelector(selector, cardIds, file, `${playAt}.against[${i}]`));
      const aimed = 'who' in play.effect ? play.effect.who : 'from' in play.effect ? play.effect.from : undefined;
      if (aimed !== undefined && play.target !== aimed) {
        throw new DataError(file, `${playAt}.target`, `must be "${aimed}", whom its effect is aimed at`);
      }
      if (play.unanswered === true && (play.target === undefined || !ANSWERABLE_TARGETS.includes(play.target))) {
        throw new DataError(file, `${playAt}.unanswered`, 'only a play aimed at one player can be left unanswered');
      }
      (play.with ?? []).forEach((companion, i) => {
        const companionAt = `${playAt}.with[${i}]`;
        if ((companion.card === undefined) === (companion.tag === undefined)) {
          throw new DataError(file, companionAt, 'names either a card or a tag');
        }
        if (companion.card !== undefined && !cardIds.has(companion.card)) {
          throw new DataError(file, `${companionAt}.card`, `"${companion.card}" is not in cards.json`);
        }
      });
      if (play.effect.kind === 'discard') {
        for (const id of play.effect.passes ?? []) {
          if (!cardIds.has(id)) throw new DataError(file, `${playAt}.effect.passes`, `names "${id}", which is not in cards.json`);
        }
      }
      if (play.from === 'in-play' && card.kind !== 'resource' && !card.plays.some((p) => p.effect.kind === 'place')) {
        throw new DataError(file, `${playAt}.from`, 'is used from play, but the card is never placed in play');
      }
    });
  });
}

function checkWindows(windows: readonly WindowType[], cards: readonly CardType[]): void {
  const file = FILE_NAMES.windows;
  const ids = new Set(windows.map((window) => window.id));
  const twice = duplicates(windows.map((window) => window.id));
  if (twice !== undefined) {
    const index = windows.findLastIndex((window) => window.id === twice);
    throw new DataError(file, `windows[${index}] (${twice})`, `the id "${twice}" appears more than once`);
  }
  windows.forEach((window, index) => {
    const at = `windows[${index}] (${window.id})`;
    window.nestsIn.forEach((outer, i) => {
      if (outer !== 'turn' && !ids.has(outer)) throw new DataError(file, `${at}.nestsIn[${i}]`, `"${outer}" is neither turn nor a window`);
      if (outer === window.id) throw new DataError(file, `${at}.nestsIn[${i}]`, 'a window cannot open inside itself');
    });
    window.askedOnlyIf.forEach((conditions, i) => {
      for (const condition of conditions.split('|')) {
        const [name, ids = ''] = condition.split(':') as [string, string?];
        if (name === 'holds-cards' || ids === '') continue;
        for (const id of ids.split(',')) {
          const card = cards.find((c) => c.id === id);
          if (card === undefined) throw new DataError(file, `${at}.askedOnlyIf[${i}]`, `names the card "${id}", which is not in cards.json`);
          if (name === 'active' && card.kind !== 'resource') throw new DataError(file, `${at}.askedOnlyIf[${i}]`, `"${id}" is not a resource`);
          if ((name === 'owns' || name === 'nominated-opener') && !card.plays.some((play) => play.effect.kind === 'place')) {
            throw new DataError(file, `${at}.askedOnlyIf[${i}]`, `"${id}" is never in play`);
          }
          if (name === 'nominated-opener' && !card.plays.some((play) => play.effect.kind === 'place' && play.effect.nominate === true)) {
            throw new DataError(file, `${at}.askedOnlyIf[${i}]`, `"${id}" nominates nobody`);
          }
        }
      }
    });
    if (window.quick && window.quickWords === undefined)
      throw new DataError(file, `${at}.quickWords`, 'missing: a quick window quotes the rulebook words that make it quick');
    const answered = cards.some((card) => card.plays.some((play) => play.when === `window:${window.id}`));
    if (window.kind === 'reaction' && !answered) throw new DataError(file, at, 'no card of cards.json answers in this reaction window');
    if (window.kind === 'forced' && answered) throw new DataError(file, at, 'a forced decision is not answered with cards');
  });
}

function checkSets(sets: readonly OptionSet[], cards: readonly CardType[]): void {
  const file = FILE_NAMES.sets;
  const ids = new Set(sets.map((set) => set.id));
  const cardIds = new Set(cards.map((card) => card.id));
  const twice = duplicates(sets.map((set) => set.id));
  if (twice !== undefined) {
    const index = sets.findLastIndex((set) => set.id === twice);
    throw new DataError(file, `sets[${index}] (${twice})`, `the id "${twice}" appears more than once`);
  }
  if (sets[0]?.id !== 'base' || !sets[0].always || sets.some((set, i) => i > 0 && set.always)) {
    throw new DataError(file, 'sets', 'the first set must be "base", the only one always in');
  }
  sets.forEach((set, index) => {
    const at = `sets[${index}] (${set.id})`;
    set.requires.forEach((id, i) => {
      if (!ids.has(id)) throw new DataError(file, `${at}.requires[${i}]`, `"${id}" is not a set`);
    });
    set.removes.forEach((removal, i) => {
      if (!cardIds.has(removal.card)) throw new DataError(file, `${at}.removes[${i}].card`, `"${removal.card}" is not in cards.json`);
    });
  });
}

function checkTable(table: Table): void {
  const file = FILE_NAMES.table;
  if (table.players.min < 2) throw new DataError(file, 'players.min', 'must be 2 or more (every card acts on another player)');
  if (table.players.max < table.players.min) throw new DataError(file, 'players.max', 'must not be below players.min');
  const quick = table.quickWindowSeconds;
  if (quick.max < quick.min) throw new DataError(file, 'quickWindowSeconds.max', 'must not be below quickWindowSeconds.min');
  if (quick.default < quick.min || quick.default > quick.max) {
    throw new DataError(file, 'quickWindowSeconds.default', `must be from ${quick.min} to ${quick.max}`);
  }
}

const NO_ANSWERS: readonly { readonly card: CardType; readonly play: Play }[] = Object.freeze([]);

/** Checks the four files (their shapes, then their cross-references) and builds the catalogue. */
export function loadCatalog(files: CatalogFiles): Catalog {
  const cards = parseData(CardsFile, files.cards, FILE_NAMES.cards).cards;
  const windows = parseData(WindowsFile, files.windows, FILE_NAMES.windows).windows;
  const sets = parseData(SetsFile, files.sets, FILE_NAMES.sets).sets;
  const table = parseData(TableFile, files.table, FILE_NAMES.table);
  checkSets(sets, cards);
  checkCards(cards, windows, sets);
  checkWindows(windows, cards);
  checkTable(table);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const windowById = new Map(windows.map((window) => [window.id, window]));
  const setById = new Map(sets.map((set) => [set.id, set]));
  // Every play answering in a window, by window, listed once (the rules ask on every move).
  const answersByWindow = new Map<string, { readonly card: CardType; readonly play: Play }[]>();
  for (const card of cards)
    for (const play of card.plays) {
      if (!play.when.startsWith('window:')) continue;
      const id = play.when.slice('window:'.length);
      let list = answersByWindow.get(id);
      if (list === undefined) answersByWindow.set(id, (list = []));
      list.push({ card, play });
    }
  const lookup =
    <T>(map: ReadonlyMap<string, T>, what: string) =>
    (id: string): T => {
      const found = map.get(id);
      if (found === undefined) throw new Error(`Stolen Plans has no ${what} "${id}"`);
      return found;
    };
  return {
    cards,
    windows,
    sets,
    table,
    card: lookup(cardById, 'card'),
    window: lookup(windowById, 'window'),
    set: lookup(setById, 'option set'),
    answersIn: (windowId) => answersByWindow.get(windowId) ?? NO_ANSWERS,
  };
}

/** Reads the four JSON files of a data folder (the shipped one unless told), as they are: a
 * file that cannot be read or is not JSON is a DataError naming it. */
export function readCatalogFiles(dir: string = DATA_DIR): CatalogFiles {
  const read = (name: keyof typeof FILE_NAMES): unknown =>
    readDataFile(v.unknown(), join(dir, `${name}.json`), dir === DATA_DIR ? FILE_NAMES[name] : join(dir, `${name}.json`));
  return { cards: read('cards'), windows: read('windows'), sets: read('sets'), table: read('table') };
}

/** The catalogue of the shipped data files (checked when this module loads). */
export const CATALOG: Catalog = loadCatalog(readCatalogFiles());
