// The shapes of Rebel Missions' data files, declared once with the project's schema library
// (valibot, through host/engine/schema.ts): tokens.json, profiles.json, dice.json, rules.json and
// glyphs.json. Each schema checks a file when it is loaded and gives its TypeScript type. What
// one file cannot check alone (a token kind or an ability naming one of the pack's resources,
// more seats than profiles, a glyph for each of the pack's symbols) is checked across files in
// load.ts and glyphs.ts.

import { v } from '../../engine/schema.ts';

/** The faces a Rebel die may show; what each does is in play.ts, what each is worth in dice.ts. */
export const DIE_FACES = ['single-token', 'double-token', 'play', 'all-play', 'empire'] as const;
export type DieFace = (typeof DIE_FACES)[number];

/** An id-like word (a profile's id, a token kind), as the pack's ids are written. */
const Id = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be letters, digits and -, starting with a letter or a digit'));
const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/** A whole number from `min` to `max`, with a message saying so. */
function whole(min: number, max: number) {
  const words = `must be a whole number from ${min} to ${max}`;
  return v.pipe(v.number(), v.integer(words), v.minValue(min, words), v.maxValue(max, words));
}

// ---------------------------------------------------------------------------------------------
// tokens.json: how many tokens of each kind (a pack's resource type or Chopper) the box holds.

export const TokensFileSchema = v.strictObject({
  format: v.literal('rebel-missions-tokens/1'),
  description: Text,
  mix: v.pipe(v.array(v.strictObject({ kind: Id, count: whole(1, 99) })), v.minLength(1, 'must list at least one kind of token')),
});
export type TokensFile = v.InferOutput<typeof TokensFileSchema>;

// ---------------------------------------------------------------------------------------------
// profiles.json: the Rebel profiles, each ability counting as one resource of a type.

export const ProfileSchema = v.strictObject({
  id: Id,
  name: Text,
  ability: v.strictObject({ name: Text, text: Text, counts_as: Id }),
});
export type ProfileEntry = v.InferOutput<typeof ProfileSchema>;

export const ProfilesFileSchema = v.strictObject({
  format: v.literal('rebel-missions-profiles/1'),
  description: Text,
  profiles: v.pipe(v.array(ProfileSchema), v.minLength(1, 'must list at least one profile')),
});
export type ProfilesFile = v.InferOutput<typeof ProfilesFileSchema>;

// ---------------------------------------------------------------------------------------------
// dice.json: the two identical dice, each face listed (a face listed twice is twice as likely).

export const DiceFileSchema = v.strictObject({
  format: v.literal('rebel-missions-dice/1'),
  description: Text,
  count: v.literal(2),
  faces: v.pipe(
    v.array(v.picklist(DIE_FACES)),
    v.length(6, 'a die has exactly 6 faces'),
    v.check((faces) => !faces.every((face) => face === 'empire'), 'a die made only of Empire faces ends every turn at once'),
  ),
});
export type DiceFile = v.InferOutput<typeof DiceFileSchema>;

// ---------------------------------------------------------------------------------------------
// rules.json: the numbers the rulebook leaves open.

export const RulesFileSchema = v.strictObject({
  format: v.literal('rebel-missions-rules/1'),
  description: Text,
  players: v.pipe(
    v.strictObject({ min: whole(1, 99), max: whole(1, 99) }),
    v.check((players) => players.min <= players.max, 'min must not be more than max'),
  ),
  representativeStartMs: whole(1000, 3_600_000),
});
export type RulesFile = v.InferOutput<typeof RulesFileSchema>;

// ---------------------------------------------------------------------------------------------
// glyphs.json: how the table front ends draw the timer's symbols, the dice faces and the tokens.

/** One die face as the front ends draw it; the picture is also the face's symbol in the dice's chance data (dice.ts), where the engine allows at most 8 characters. */
const DieGlyphSchema = v.strictObject({
  glyph: v.pipe(
    Text,
    v.check((glyph) => [...glyph].length <= 8, 'must be at most 8 characters (it is also the face symbol of the dice data)'),
  ),
  name: Text,
  /** What taking a die of this face does, for the menu. */
  taken: Text,
});

const Names = v.record(v.string(), Text);

export const GlyphsFileSchema = v.strictObject({
  format: v.literal('imperial-timer-glyphs/1'),
  description: Text,
  /** A glyph for each of the timer's symbols (and the triangle, the timer's own button). */
  symbols: Names,
  dice: v.strictObject(Object.fromEntries(DIE_FACES.map((face) => [face, DieGlyphSchema])) as Record<DieFace, typeof DieGlyphSchema>),
  /** A name for each token kind. */
  resources: Names,
});
export type GlyphsFile = v.InferOutput<typeof GlyphsFileSchema>;
