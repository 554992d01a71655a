// Helpers for The Queen's Gambit's table front end tests: what a reader may not know, as the words
// the renderer would show it in (the game's secrets are ids; the renderer writes titles, card texts
// and "Starfighter card 3"), and a check that a line never says which Queen is the real one to a
// reader who may not know it.

import type { ActorId } from '../../../host/engine/table-game.ts';
import { queensGambit } from '../../../host/games/queens-gambit/table-game.ts';
import { DECK_IDS } from '../../../host/games/queens-gambit/load.ts';
import type { QgState } from '../../../host/games/queens-gambit/model.ts';
import { DATA, cardOf } from '../../../host/games/queens-gambit/rules.ts';
import { cardActionWords, cardLine, cardTitle, layerName } from '../../../host/games/queens-gambit/table-words.ts';
import { holdsToken } from '../../table/support.ts';

const ALL_CARDS = DECK_IDS.flatMap((id) => DATA.decks[id].physicalCards);

/** Words that are public whatever is hidden: unit names, counts of units, the space battle's words. */
const PUBLIC_WORDS: readonly string[] = [
  ...DATA.units.units.flatMap((u) => [u.name, u.plural, ...Array.from({ length: 40 }, (_, n) => `${n} ${n === 1 ? u.name : u.plural}`)]),
  'Starfighter card',
];
const PUBLIC_TEXT = PUBLIC_WORDS.join('\n');

/**
 * The words a card is shown in (its title, its line), leaving out words any public word holds and
 * a titled card whose title is its text ("Move Anakin: Move Anakin" reads like any card's action).
 */
const WORDS_OF = new Map<string, readonly string[]>(
  ALL_CARDS.map((c) => {
    const words = [cardTitle(c), cardLine(c)].filter((w) => !PUBLIC_TEXT.includes(w));
    const title = cardTitle(c);
    return [c, cardLine(c) === `${title}: ${title}` ? [] : words];
  }),
);
/** Everything a card is shown as, in lower case: its line and each action alone ("Carry out: draw a Theed Palace card…"). */
const SHOWN_AS = new Map(ALL_CARDS.map((c) => [c, [cardLine(c), ...cardOf(c).actions.map((_, i) => cardActionWords(c, i))].join('\n').toLowerCase()]));
/** For each word, the cards shown with it (a known one of them makes the word public). */
const HOLDERS = new Map<string, readonly string[]>();
for (const words of WORDS_OF.values()) {
  for (const w of words)
    if (!HOLDERS.has(w))
      HOLDERS.set(
        w,
        ALL_CARDS.filter((c) => SHOWN_AS.get(c)?.includes(w.toLowerCase())),
      );
}

/** The words of what a reader may not know, from the game's secrets for that reader (ids), and the ids themselves. */
export function secretWordsOfIds(ids: readonly string[]): readonly string[] {
  const secret = new Set(ids);
  const words = new Set<string>();
  for (const c of ids) for (const w of WORDS_OF.get(c) ?? []) if ((HOLDERS.get(w) ?? []).every((h) => secret.has(h))) words.add(w);
  const fighters = ids.filter((x) => x.startsWith('starfighter-')).map(layerName);
  return [...ids, ...words, ...fighters];
}

const memo = new WeakMap<QgState, Map<string, readonly string[]>>();

/**
 * What `reader` may not know in `s`, as ids (the game's `secretsFrom`) and as the words the renderer
 * shows them in: a card's title or line when every card holding those words is hidden from the
 * reader (a copy the reader may know, in a hand or a discard pile, makes the words public), and a
 * hidden Starfighter card's name.
 */
export function secretWords(s: QgState, reader: ActorId): readonly string[] {
  let byReader = memo.get(s);
  if (byReader === undefined) {
    byReader = new Map();
    memo.set(s, byReader);
  }
  const known = byReader.get(reader);
  if (known !== undefined) return known;
  const all = secretWordsOfIds(queensGambit.secretsFrom(s, reader));
  byReader.set(reader, all);
  return all;
}

/**
 * `secretWords` for a whole run whose lines may be told late (the terminal holds the table's news
 * while a person looks at their screen): a card shuffled back into its deck (deck-out option
 * "reshuffle") was face up on the discard pile, perhaps only inside the move that reshuffled, so
 * a late line may name it; its words are left out from then on. The ids stay exact; with `ids`
 * false they are left out (for lines of words, checked with `namesAnId` instead: quicker).
 */
export function secretWordsOfRun(ids = true): (s: QgState, reader: ActorId) => readonly string[] {
  const reshuffled = new Set<string>();
  const drawn = new Map<string, Set<string>>();
  let last: QgState | null = null;
  const answers = new WeakMap<QgState, Map<string, { readonly size: number; readonly words: readonly string[] }>>();
  return (s, reader) => {
    if (s !== last) {
      last = s;
      for (const id of DECK_IDS) {
        const before = drawn.get(id);
        // A draw pile only loses cards, but for a reshuffle: a card new in it was on the discard pile.
        if (before !== undefined) for (const c of s.decks[id].draw) if (!before.has(c)) reshuffled.add(c);
        drawn.set(id, new Set(s.decks[id].draw));
      }
    }
    let byReader = answers.get(s);
    if (byReader === undefined) {
      byReader = new Map();
      answers.set(s, byReader);
    }
    const known = byReader.get(reader);
    if (known !== undefined && known.size === reshuffled.size) return known.words;
    const secret = new Set(queensGambit.secretsFrom(s, reader));
    const words = secretWords(s, reader).filter((w) => (secret.has(w) ? ids : !(HOLDERS.get(w) ?? []).some((h) => reshuffled.has(h))));
    byReader.set(reader, { size: reshuffled.size, words });
    return words;
  };
}

/** Whether a line of words holds an id of the game's (a physical card, a Starfighter card, the real Queen's token): the renderer names them in words. */
export function namesAnId(line: string): boolean {
  return /[a-z]+(-[a-z0-9]+)+\/\d+|\bstarfighter-\d|real-queen:/.test(line);
}

/** Whether `s` hides the real Queen from `reader`. */
export const queenHiddenFrom = (s: QgState, reader: ActorId): boolean => queensGambit.secretsFrom(s, reader).some((x) => x.startsWith('real-queen:'));

/** A line that tells which Queen is the real one (or the decoy): to be shown only to a reader who may know. */
export function namesTheRealQueen(line: string): boolean {
  const queen = /\b(Red|Purple) Queen\b/.test(line);
  return queen && (/real Queen/i.test(line) || /decoy/i.test(line));
}

/** The problems of `lines` for `reader`, from the state before the lines' move and after it (a move may make a secret public). */
export function wordLeaks(before: QgState, after: QgState, reader: ActorId, lines: readonly string[]): string[] {
  const problems: string[] = [];
  const text = lines.join('\n');
  const was = new Set(secretWords(before, reader));
  for (const w of secretWords(after, reader)) {
    // A cheap test first: most words are in no line.
    if (!was.has(w) || !text.includes(w)) continue;
    for (const line of lines) if (holdsToken(line, w)) problems.push(`${reader} may not know "${w}": ${line.slice(0, 300)}`);
  }
  if (queenHiddenFrom(before, reader) && queenHiddenFrom(after, reader)) {
    for (const line of lines) if (namesTheRealQueen(line)) problems.push(`${reader} may not know the real Queen: ${line}`);
  }
  return problems;
}
