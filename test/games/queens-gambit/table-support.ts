// Helpers for The Queen's Gambit's table front end tests: what a reader may not know, as the words
// the renderer would show it in (the game's secrets are ids; the renderer writes titles, card texts
// and "Starfighter card 3"), and a check that a line never says which Queen is the real one to a
// reader who may not know it.

import type { ActorId } from '../../../host/engine/game.ts';
import { queensGambit } from '../../../host/games/queens-gambit/game.ts';
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
  const ids = queensGambit.secretsFrom(s, reader);
  const secret = new Set(ids);
  const words = new Set<string>();
  for (const c of ids) for (const w of WORDS_OF.get(c) ?? []) if ((HOLDERS.get(w) ?? []).every((h) => secret.has(h))) words.add(w);
  const fighters = ids.filter((x) => x.startsWith('starfighter-')).map(layerName);
  const all = [...ids, ...words, ...fighters];
  byReader.set(reader, all);
  return all;
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
