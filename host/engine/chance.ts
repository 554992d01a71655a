// Chance as an actor (design principle 9, after OpenSpiel's chance nodes). A chance decision
// on the stack says what is drawn and with what odds: dice rolled (faces as data), one of
// several weighted outcomes, a uniform index (a random card taken from a hand), a shuffle.
// The runner samples it from the generator carried in the state, or the table enters the dice
// it rolled by hand ("table dice"); either way the outcome is one logged move of `CHANCE`.
// The state's generator advances by the same step whoever supplied the outcome, so a log
// replays the same way and a sampled outcome depends only on the state.

import * as v from 'valibot';
import { CHANCE } from './decisions.ts';
import { randomFrom, shuffleInPlace, splitRng, type Random, type RngState } from './rng.ts';

/** One face kind of a die: how many of its sides show it, and what it counts for. */
export interface DieFace {
  readonly id: string;
  /** How many sides show this face (a d6 with three misses has `count: 3` on "miss"). */
  readonly count: number;
  /** What the face is worth, by name: `{ hit: 2 }`, `{ block: 1, riposte: 1 }`, `{ pips: 5 }`. */
  readonly values: Readonly<Record<string, number>>;
  /** How people see it, for a table rolling its own dice: a symbol ("✶") and words ("double hit"); the id stands in for both when absent. */
  readonly symbol?: string;
  readonly name?: string;
}

export interface Die {
  readonly id: string;
  readonly name: string;
  readonly faces: readonly DieFace[];
}

/**
 * What a chance decision draws.
 * - `roll`: the dice listed (copies of the data), outcome: one face id per die, in order.
 * - `weighted`: one of the outcomes, each with a whole-number weight; outcome: its id.
 * - `index`: a uniform whole number below `size` (a random card from a hand of `size`).
 * - `shuffle`: a uniform permutation of `size` items (outcome: the new order, as indexes);
 *   never listed outcome by outcome.
 * `secret` outcomes (a shuffle, a card taken unseen) are sampled by the engine only: the table
 * cannot enter them and the game's `eventFor` hides them.
 */
export type ChanceSpec =
  | { readonly kind: 'roll'; readonly dice: readonly Die[] }
  | { readonly kind: 'weighted'; readonly outcomes: readonly { readonly id: string; readonly weight: number }[]; readonly secret: boolean }
  | { readonly kind: 'index'; readonly size: number; readonly secret: boolean }
  | { readonly kind: 'shuffle'; readonly size: number };

export type ChanceOutcome = readonly string[] | string | number | readonly number[];

/** The move of the chance actor: the outcome of the top chance decision. */
export interface ChanceMove {
  readonly actor: typeof CHANCE;
  readonly type: 'chance';
  readonly outcome: ChanceOutcome;
}

// ---- dice as data ----

const faceSchema = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1, 'a face id cannot be empty')),
  count: v.pipe(v.number(), v.integer('must be a whole number of sides'), v.minValue(1, 'must show on at least one side')),
  values: v.record(v.string(), v.pipe(v.number(), v.integer('must be a whole number'))),
  symbol: v.optional(v.pipe(v.string(), v.minLength(1, 'a symbol cannot be empty'), v.maxLength(8, 'a symbol is at most 8 characters'))),
  name: v.optional(v.pipe(v.string(), v.minLength(1, 'a face name cannot be empty'))),
});

const dieSchema = v.pipe(
  v.strictObject({
    id: v.pipe(v.string(), v.minLength(1, 'a die id cannot be empty')),
    name: v.string(),
    faces: v.pipe(v.array(faceSchema), v.minLength(1, 'a die needs at least one face')),
  }),
  v.check((die) => new Set(die.faces.map((f) => f.id)).size === die.faces.length, 'has two faces with the same id'),
);

/** A dice data file: `{ "dice": [{ "id": "red", "name": "red attack die", "faces": [...] }] }`. */
export const diceFileSchema = v.pipe(
  v.strictObject({ dice: v.pipe(v.array(dieSchema), v.minLength(1, 'lists no dice')) }),
  v.check((file) => new Set(file.dice.map((d) => d.id)).size === file.dice.length, 'two dice have the same id'),
);

export type DiceFile = v.InferOutput<typeof diceFileSchema>;

/** The dice of a dice file by id; throws naming the die asked for when it is not there. */
export function diceById(file: { readonly dice: readonly Die[] }): (id: string) => Die {
  const byId = new Map(file.dice.map((d) => [d.id, d]));
  return (id) => {
    const die = byId.get(id);
    if (!die) throw new RangeError(`no die "${id}" (the dice are ${[...byId.keys()].join(', ')})`);
    return die;
  };
}

export function sidesOf(die: Die): number {
  let n = 0;
  for (const f of die.faces) n += f.count;
  return n;
}

/** A face's value by name (0 when the face does not count for it). */
export function faceValue(die: Die, faceId: string, key: string): number {
  return die.faces.find((f) => f.id === faceId)?.values[key] ?? 0;
}

/** The total of `key` over a rolled outcome (hits over several attack dice, pips over 2d6). */
export function rollTotal(dice: readonly Die[], faces: readonly string[], key: string): number {
  let total = 0;
  dice.forEach((die, i) => (total += faceValue(die, faces[i] ?? '', key)));
  return total;
}

// ---- sampling ----

/**
 * The stream for one chance decision: `random` draws the outcome, `next` is the generator
 * state to store after it (the same whether the outcome was sampled or entered by hand).
 */
export function chanceStream(rng: RngState): { readonly next: RngState; readonly random: Random } {
  const [next, child] = splitRng(rng);
  return { next, random: randomFrom(child) };
}

function pickWeighted<T>(items: readonly T[], weightOf: (item: T) => number, random: Random): T {
  let total = 0;
  for (const item of items) total += weightOf(item);
  let x = random.below(total);
  for (const item of items) {
    x -= weightOf(item);
    if (x < 0) return item;
  }
  throw new RangeError('no outcome to pick from');
}

/** One outcome drawn with the declared odds. */
export function sampleOutcome(spec: ChanceSpec, random: Random): ChanceOutcome {
  switch (spec.kind) {
    case 'roll':
      return spec.dice.map((die) => pickWeighted(die.faces, (f) => f.count, random).id);
    case 'weighted':
      return pickWeighted(spec.outcomes, (o) => o.weight, random).id;
    case 'index':
      return random.below(spec.size);
    case 'shuffle':
      return shuffledIndexes(spec.size, random);
  }
}

/** 0..size-1 in a uniformly random order: one array, shuffled where it is (the draws of `random.shuffle`). */
function shuffledIndexes(size: number, random: Random): number[] {
  const order = identityOf(size).slice();
  shuffleInPlace(random, order);
  return order;
}

/** 0..size-1 by size, made once: a copy of one is a list made at its size at once (pushed one by one, a list grows and is copied on the way). */
const identities: (readonly number[] | undefined)[] = [];

function identityOf(size: number): readonly number[] {
  let made = identities[size];
  if (made === undefined) {
    const order: number[] = [];
    for (let i = 0; i < size; i++) order.push(i);
    made = order;
    if (size <= 1024) identities[size] = made;
  }
  return made;
}

/** The chance move the runner plays for a chance decision, drawn from the state's generator. */
export function sampledChanceMove(spec: ChanceSpec, rng: RngState): ChanceMove {
  // `chanceStream(rng).random`, without working out the generator state after the split (not needed here).
  return { actor: CHANCE, type: 'chance', outcome: sampleOutcome(spec, randomFrom(randomFrom(rng).split())) };
}

/** Whether the table may enter this outcome by hand (dice and open draws; never a secret one). */
export function tableMayEnter(spec: ChanceSpec): boolean {
  return spec.kind === 'roll' || (spec.kind === 'weighted' && !spec.secret);
}

// ---- checking an outcome ----

const isWhole = (x: unknown, below: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < below;

/** Why `outcome` cannot come from `spec` (said for a person typing in dice), or null. */
export function outcomeProblem(spec: ChanceSpec, outcome: unknown): string | null {
  switch (spec.kind) {
    case 'roll': {
      const names = spec.dice.map((d) => d.name).join(', ');
      if (!Array.isArray(outcome) || outcome.length !== spec.dice.length) {
        return `enter one face for each of the ${spec.dice.length} dice (${names})`;
      }
      for (let i = 0; i < spec.dice.length; i++) {
        const die = spec.dice[i] as Die;
        const face = outcome[i] as unknown;
        if (typeof face !== 'string' || !die.faces.some((f) => f.id === face)) {
          return `die ${i + 1} (${die.name}) has no face ${JSON.stringify(face)}; its faces are ${die.faces.map((f) => f.id).join(', ')}`;
        }
      }
      return null;
    }
    case 'weighted':
      return typeof outcome === 'string' && spec.outcomes.some((o) => o.id === outcome)
        ? null
        : `the outcome must be one of ${spec.outcomes.map((o) => o.id).join(', ')}, not ${JSON.stringify(outcome)}`;
    case 'index':
      return isWhole(outcome, spec.size) ? null : `the outcome must be a whole number from 0 to ${spec.size - 1}, not ${JSON.stringify(outcome)}`;
    case 'shuffle': {
      if (!Array.isArray(outcome) || outcome.length !== spec.size) return `a shuffle of ${spec.size} must list ${spec.size} positions`;
      const seen = new Set<number>();
      for (const x of outcome as unknown[]) {
        if (!isWhole(x, spec.size) || seen.has(x)) return `a shuffle of ${spec.size} must list each of 0..${spec.size - 1} once`;
        seen.add(x);
      }
      return null;
    }
  }
}

/** Why `move` does not answer the chance decision `spec` (for `judge`), or null. */
export function chanceMoveProblem(spec: ChanceSpec | null, move: { readonly actor: string; readonly outcome?: unknown }): string | null {
  if (spec === null) return 'no chance decision is open';
  if (move.actor !== CHANCE) return `only "${CHANCE}" draws a chance outcome`;
  return outcomeProblem(spec, move.outcome);
}

// ---- exact odds ----

/** An exact probability: `numerator / denominator` in whole numbers. */
export interface Odds {
  readonly numerator: number;
  readonly denominator: number;
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/** The exact probability of one outcome (0 for an impossible one). */
export function outcomeOdds(spec: ChanceSpec, outcome: ChanceOutcome): Odds {
  if (outcomeProblem(spec, outcome) !== null) return { numerator: 0, denominator: 1 };
  switch (spec.kind) {
    case 'roll': {
      let numerator = 1;
      let denominator = 1;
      spec.dice.forEach((die, i) => {
        numerator *= die.faces.find((f) => f.id === (outcome as readonly string[])[i])?.count ?? 0;
        denominator *= sidesOf(die);
      });
      return { numerator, denominator };
    }
    case 'weighted':
      return { numerator: spec.outcomes.find((o) => o.id === outcome)?.weight ?? 0, denominator: spec.outcomes.reduce((t, o) => t + o.weight, 0) };
    case 'index':
      return { numerator: 1, denominator: spec.size };
    case 'shuffle':
      return { numerator: 1, denominator: factorial(spec.size) };
  }
}

/** How many distinct outcomes a spec has (a shuffle of 17 has 17!, so never list those). */
export function outcomeCount(spec: ChanceSpec): number {
  switch (spec.kind) {
    case 'roll':
      return spec.dice.reduce((n, d) => n * d.faces.length, 1);
    case 'weighted':
      return spec.outcomes.length;
    case 'index':
      return spec.size;
    case 'shuffle':
      return factorial(spec.size);
  }
}

/**
 * Every outcome with its exact odds, or null when there are more than `limit` (a shuffle):
 * those are only ever sampled.
 */
export function listOutcomes(spec: ChanceSpec, limit = 1_000): { outcome: ChanceOutcome; odds: Odds }[] | null {
  if (outcomeCount(spec) > limit) return null;
  switch (spec.kind) {
    case 'roll': {
      let partial: string[][] = [[]];
      for (const die of spec.dice) partial = partial.flatMap((faces) => die.faces.map((f) => [...faces, f.id]));
      return partial.map((outcome) => ({ outcome, odds: outcomeOdds(spec, outcome) }));
    }
    case 'weighted':
      return spec.outcomes.map((o) => ({ outcome: o.id, odds: outcomeOdds(spec, o.id) }));
    case 'index':
      return Array.from({ length: spec.size }, (_, i) => ({ outcome: i, odds: outcomeOdds(spec, i) }));
    case 'shuffle': {
      const perms: number[][] = [];
      const build = (prefix: number[], rest: number[]): void => {
        if (rest.length === 0) perms.push(prefix);
        rest.forEach((x, i) => build([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
      };
      build(
        [],
        Array.from({ length: spec.size }, (_, i) => i),
      );
      return perms.map((outcome) => ({ outcome, odds: outcomeOdds(spec, outcome) }));
    }
  }
}

/**
 * The exact distribution of a score over a roll (a 2d6 total, hits over three red dice):
 * each score with its odds over the common denominator (the product of the dice's sides).
 */
export function rollDistribution(dice: readonly Die[], score: (faces: readonly string[]) => number): Map<number, Odds> {
  const spec: ChanceSpec = { kind: 'roll', dice };
  const denominator = dice.reduce((n, d) => n * sidesOf(d), 1);
  const counts = new Map<number, number>();
  for (const { outcome, odds } of listOutcomes(spec, Number.MAX_SAFE_INTEGER) ?? []) {
    const s = score(outcome as readonly string[]);
    counts.set(s, (counts.get(s) ?? 0) + (odds.numerator * denominator) / odds.denominator);
  }
  const out = new Map<number, Odds>();
  for (const s of [...counts.keys()].sort((a, b) => a - b)) out.set(s, { numerator: counts.get(s) as number, denominator });
  return out;
}
