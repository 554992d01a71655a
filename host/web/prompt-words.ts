// The words a page shows for who is asked and for the game's prompt: names, never ids. A seat is
// its person's name; the actors that are no seat (chance, a game's timer) have words of their own
// (actor-words.json, checked when loaded). A game's prompt to a viewer who is not asked may still
// name seats by id or end with the decision's kind ("Waiting for p2 (target-response)."): the page
// gets "Waiting for Ben." instead. Only names and the prompt itself are used: nothing is added that
// the viewer was not already told.

import { fileURLToPath } from 'node:url';
import { readDataFile, v } from '../engine/schema.ts';
import { namesInWords } from './page/whose-turn.ts';

const Words = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(80, 'at most 80 characters'));

export const actorWordsSchema = v.strictObject({
  format: v.literal('web-actor-words/1'),
  description: v.string(),
  /** Words for an actor id that is no seat. */
  actors: v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/, 'must be an actor id')), Words),
  /** Words for chance while the table is asked for its own dice. */
  tableDice: Words,
});
export type ActorWords = v.InferOutput<typeof actorWordsSchema>;

export const ACTOR_WORDS_FILE = fileURLToPath(new URL('./actor-words.json', import.meta.url));

export function loadActorWords(path = ACTOR_WORDS_FILE): ActorWords {
  return readDataFile(actorWordsSchema, path, 'host/web/actor-words.json');
}

const ACTOR_WORDS = loadActorWords();

/** An actor as people say it: a seat's name, chance's or the timer's words, else its id with spaces. */
export function actorName(id: string, names: Readonly<Record<string, string>>, tableDice = false, words: ActorWords = ACTOR_WORDS): string {
  const name = names[id];
  if (name !== undefined) return name;
  if (id === 'chance' && tableDice) return words.tableDice;
  return words.actors[id] ?? id.replace(/-/g, ' ');
}

const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A trailing decision kind: " (target-response)" before the final full stop. */
const KIND_TAG = / \([a-z]+(?:-[a-z]+)*\)(?=\.?$)/;
/** The engine-style waiting prompt: "Waiting for p1, p2." (after the kind tag is gone). */
const WAITING = /^Waiting for ([a-z0-9, -]+)\.$/;

/**
 * The game's prompt for a viewer in names: "Ana (p1)" and "p1" become "Ana"; to a viewer who is not asked,
 * a trailing decision kind is dropped and "Waiting for p1, chance." names who is waited on; a
 * prompt that only says who is waited on (`waitingOn`) is left out (empty), since the page's whose
 * turn line says it.
 */
export function promptInWords(
  prompt: string,
  names: Readonly<Record<string, string>>,
  asked: boolean,
  waitingOn: readonly string[],
  tableDice = false,
): string {
  let text = prompt;
  for (const [id, name] of Object.entries(names)) text = text.replace(new RegExp(`${literal(name)} \\(${literal(id)}\\)`, 'g'), name);
  if (!asked) {
    text = text.replace(KIND_TAG, '');
    const waiting = WAITING.exec(text);
    if (waiting !== null) {
      const ids = (waiting[1] as string).split(/,\s*/).filter((id) => id !== '');
      text = `Waiting for ${namesInWords(ids.map((id) => actorName(id, names, tableDice)))}.`;
    }
  }
  // A seat id standing alone ("p2 rolls red attack die.") is its person's name.
  for (const [id, name] of Object.entries(names)) text = text.replace(new RegExp(`(?<![\\w-])${literal(id)}(?![\\w-])`, 'g'), name);
  if (asked) return text;
  // Only who is waited on: the page's "whose turn" line says it already.
  return text === `Waiting for ${namesInWords(waitingOn.map((id) => actorName(id, names, tableDice)))}.` ? '' : text;
}

/**
 * A finished game's summary for the pages: "Ana (p1)" made "Ana", and the winners named when the
 * game's own summary does not name them ("won: 7 victory tokens" becomes "Ben wins (won: 7 victory
 * tokens)").
 */
export function summaryInWords(summary: string, names: Readonly<Record<string, string>>, winners: readonly string[]): string {
  const text = promptInWords(summary, names, true, []);
  const named = winners.map((id) => actorName(id, names));
  if (named.length === 0 || named.some((n) => text.includes(n))) return text;
  return `${namesInWords(named)} ${named.length === 1 ? 'wins' : 'win'} (${text})`;
}
