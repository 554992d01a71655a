// Game metadata as data: how many may play, the teams at each table size, whether the game has
// hidden information, simultaneous choices or chance, the external actors it waits on, and its
// option sets (expansions, optional rules) with their defaults and which combinations are
// allowed. A front end builds its setup screen from this; `resolveOptions` checks what a table
// chose and fills in the defaults, with an error that names the option.

import * as v from 'valibot';
import { GameConfigError } from './table-game.ts';

export type OptionValue = boolean | string | number;

const idSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case words joined by "-"'));

const optionSchema = v.variant('kind', [
  v.strictObject({ id: idSchema, text: v.string(), kind: v.literal('boolean'), default: v.boolean() }),
  v.pipe(
    v.strictObject({
      id: idSchema,
      text: v.string(),
      kind: v.literal('choice'),
      choices: v.pipe(v.array(v.string()), v.minLength(2, 'a choice needs at least two choices')),
      default: v.string(),
    }),
    v.check((o) => o.choices.includes(o.default), 'its default is not one of its choices'),
  ),
  v.pipe(
    v.strictObject({
      id: idSchema,
      text: v.string(),
      kind: v.literal('number'),
      min: v.pipe(v.number(), v.integer()),
      max: v.pipe(v.number(), v.integer()),
      default: v.pipe(v.number(), v.integer()),
    }),
    v.check((o) => o.min <= o.default && o.default <= o.max, 'its default is outside min..max'),
  ),
]);

const settingSchema = v.strictObject({ option: idSchema, value: v.union([v.boolean(), v.string(), v.number()]) });

/** "when A is set so, B must be set so" / "A and B cannot both be set so", with the reason shown. */
const ruleSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('requires'), when: settingSchema, needs: settingSchema, why: v.string() }),
  v.strictObject({ kind: v.literal('excludes'), when: settingSchema, and: settingSchema, why: v.string() }),
]);

const teamSchema = v.strictObject({
  id: idSchema,
  name: v.string(),
  /** Seat indexes (0 = first seat). */
  seats: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.minLength(1)),
});

export const gameMetaSchema = v.pipe(
  v.strictObject({
    id: idSchema,
    title: v.string(),
    players: v.pipe(
      v.strictObject({ min: v.pipe(v.number(), v.integer(), v.minValue(1)), max: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
      v.check((p) => p.min <= p.max, 'min is above max'),
    ),
    /** Teams by table size; a size not listed plays every seat for itself. */
    teams: v.array(v.strictObject({ players: v.pipe(v.number(), v.integer()), teams: v.pipe(v.array(teamSchema), v.minLength(2)) })),
    cooperative: v.boolean(),
    hiddenInformation: v.boolean(),
    simultaneous: v.boolean(),
    chance: v.boolean(),
    /** The game rolls dice the table may roll itself and enter ("table dice"); absent: it has none (its chance is only shuffles and draws). */
    dice: v.optional(v.boolean()),
    externalActors: v.array(idSchema),
    options: v.array(optionSchema),
    rules: v.array(ruleSchema),
  }),
  v.check((m) => new Set(m.options.map((o) => o.id)).size === m.options.length, 'two options have the same id'),
  v.check(
    (m) => m.rules.every((r) => [r.when, r.kind === 'requires' ? r.needs : r.and].every((s) => m.options.some((o) => o.id === s.option))),
    'a rule names an option that is not declared',
  ),
  v.check(
    (m) =>
      m.teams.every(
        (t) =>
          t.players >= m.players.min &&
          t.players <= m.players.max &&
          t.teams
            .flatMap((team) => team.seats)
            .sort((a, b) => a - b)
            .join() === Array.from({ length: t.players }, (_, i) => i).join(),
      ),
    'a team layout must seat every player of its table size exactly once',
  ),
);

export type GameMeta = v.InferOutput<typeof gameMetaSchema>;
export type OptionSpec = GameMeta['options'][number];
export type OptionRule = GameMeta['rules'][number];

export type ResolvedOptions = Readonly<Record<string, OptionValue>>;

/** The metadata checked (a game's own declaration, or one read from a data file); throws naming the problem. */
export function checkMeta(meta: unknown, where = 'game metadata'): GameMeta {
  const result = v.safeParse(gameMetaSchema, meta);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = (issue?.path ?? []).map((p) => String(p.key)).join('.');
  throw new GameConfigError(`${where}${path ? ` (${path})` : ''}: ${issue?.message ?? 'is not valid'}`);
}

/** Every option at its default. */
export function defaultOptions(meta: GameMeta): ResolvedOptions {
  return Object.fromEntries(meta.options.map((o) => [o.id, o.default]));
}

function shown(value: OptionValue): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * The options a table chose, checked against the metadata and completed with the defaults.
 * Throws a GameConfigError that names the option: unknown, of the wrong kind, out of range,
 * or in a combination a rule forbids (with the rule's reason).
 */
export function resolveOptions(meta: GameMeta, chosen: unknown): ResolvedOptions {
  if (chosen === undefined || chosen === null) chosen = {};
  if (typeof chosen !== 'object' || Array.isArray(chosen)) {
    throw new GameConfigError(`options must be an object of option names and values, not ${JSON.stringify(chosen)}`);
  }
  const out: Record<string, OptionValue> = { ...defaultOptions(meta) };
  for (const [id, value] of Object.entries(chosen as Record<string, unknown>)) {
    const spec = meta.options.find((o) => o.id === id);
    if (!spec) {
      const known = meta.options.map((o) => o.id).join(', ');
      throw new GameConfigError(`unknown option "${id}" for ${meta.title}; its options are ${known || 'none'}`);
    }
    if (spec.kind === 'boolean') {
      if (typeof value !== 'boolean') throw new GameConfigError(`option "${id}" is on or off (true or false), not ${JSON.stringify(value)}`);
    } else if (spec.kind === 'choice') {
      if (typeof value !== 'string' || !spec.choices.includes(value)) {
        throw new GameConfigError(`option "${id}" must be one of ${spec.choices.map((c) => `"${c}"`).join(', ')}, not ${JSON.stringify(value)}`);
      }
    } else if (typeof value !== 'number' || !Number.isInteger(value) || value < spec.min || value > spec.max) {
      throw new GameConfigError(`option "${id}" must be a whole number from ${spec.min} to ${spec.max}, not ${JSON.stringify(value)}`);
    }
    out[id] = value;
  }
  for (const rule of meta.rules) {
    if (out[rule.when.option] !== rule.when.value) continue;
    if (rule.kind === 'requires' && out[rule.needs.option] !== rule.needs.value) {
      throw new GameConfigError(
        `option "${rule.when.option}" set to ${shown(rule.when.value)} needs option "${rule.needs.option}" set to ${shown(rule.needs.value)}: ${rule.why}`,
      );
    }
    if (rule.kind === 'excludes' && out[rule.and.option] === rule.and.value) {
      throw new GameConfigError(
        `option "${rule.when.option}" set to ${shown(rule.when.value)} cannot be combined with option "${rule.and.option}" set to ${shown(rule.and.value)}: ${rule.why}`,
      );
    }
  }
  return out;
}

/** Throws a GameConfigError unless `count` players may play. */
export function checkPlayerCount(meta: GameMeta, count: number): void {
  if (!Number.isInteger(count) || count < meta.players.min || count > meta.players.max) {
    const range = meta.players.min === meta.players.max ? `${meta.players.min}` : `${meta.players.min} to ${meta.players.max}`;
    throw new GameConfigError(`${meta.title} is played by ${range} players, not ${count}`);
  }
}

/** The teams at a table of `count` (seat indexes), or null when every seat plays for itself. */
export function teamsFor(meta: GameMeta, count: number): GameMeta['teams'][number]['teams'] | null {
  return meta.teams.find((t) => t.players === count)?.teams ?? null;
}
