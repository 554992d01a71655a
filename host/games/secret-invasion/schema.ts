// The shapes of Secret Invasion's data files, declared once with the project's schema library
// (valibot, through host/engine/schema.ts): characters.json (the 10 characters) and rules.json
// (the rulebook's table numbers). Each schema checks one file when it is loaded and gives its
// TypeScript type; what one file cannot check alone (the counts adding up to the deck size, a
// character named by another, the table numbers by table size) is checked in deck.ts.

import { v } from '../../engine/schema.ts';

/** What a card does when discarded; each is carried out by the rules (play.ts). */
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

/** The highest value a card may have (and a guess may name). */
export const MAX_VALUE = 8;
/** A card's summary: one short line, for a menu. */
export const SUMMARY_MAX = 110;

const Id = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens (like "boba-fett")'));
const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/** A whole number from `min` to `max`, with a message saying so. */
function whole(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return v.pipe(v.number(), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
}

const Summary = v.pipe(
  v.string(),
  v.check(
    (text) => text.length <= SUMMARY_MAX && !text.includes('\n'),
    (issue) => `a summary is one short line (at most ${SUMMARY_MAX} characters), got ${String(issue.input).length}`,
  ),
);

export const CharacterSchema = v.strictObject({
  id: Id,
  name: Text,
  value: whole(1, MAX_VALUE),
  /** Copies in the deck. */
  count: whole(1, 100),
  effect: v.picklist(EFFECTS),
  /** Characters that, held together with this one, force this one to be discarded. */
  mustDiscardWith: v.optional(v.pipe(v.array(Id), v.minLength(1, 'must name at least one character (or be left out)'))),
  /** One short line of what the card does, for menus and screens. */
  summary: Summary,
  text: Text,
  quote: Text,
});
export type CharacterEntry = v.InferOutput<typeof CharacterSchema>;

export const CharactersFileSchema = v.strictObject({
  format: v.literal('secret-invasion-characters/1'),
  description: v.optional(v.string()),
  /** Lowest value first. */
  characters: v.pipe(v.array(CharacterSchema), v.minLength(1, 'must list at least one character')),
});
export type CharactersFile = v.InferOutput<typeof CharactersFileSchema>;

/** A number for each table size, by the number of players as text ("2", "3", "4"). */
function byTableSize(min: number, max: number) {
  return v.record(v.pipe(v.string(), v.regex(/^[0-9]+$/, 'must be a number of players')), whole(min, max));
}

export const RulesFileSchema = v.strictObject({
  format: v.literal('secret-invasion-rules/1'),
  description: v.optional(v.string()),
  players: v.strictObject({ min: whole(2, 8), max: whole(2, 8) }),
  deckSize: whole(2, 100),
  // The Luke Skywalker rule takes "the card set aside": there is exactly one.
  setAside: whole(1, 1),
  /** Cards set aside face up at the start of a round, by number of players. */
  faceUpSetAside: byTableSize(0, 100),
  tokensToWin: byTableSize(1, 99),
  /** The values a Stormtrooper or Boba Fett may name. */
  guess: v.strictObject({ min: whole(1, MAX_VALUE), max: whole(1, MAX_VALUE) }),
});
export type RulesFile = v.InferOutput<typeof RulesFileSchema>;
