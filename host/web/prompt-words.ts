// The words a page shows for who is asked and for the game's prompt: names, never ids. A seat is
// its person's name; the actors that are no seat (chance, a game's timer) have words of their own
// (actor-words.json, checked when loaded). The games name a seat in their prompts as "Ana (p1)"
// (the terminal shows seats so): the page says "Ana". Only names and the prompt itself are used:
// nothing is added that the viewer was not already told.

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

/**
 * The game's prompt for a viewer in names: "Ana (p1)" becomes "Ana"; to a viewer who is not
 * asked, a prompt that only says who is waited on ("Waiting for Ana (p1).") is left out (empty),
 * since the page's whose turn line says it.
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
  if (asked) return text;
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
