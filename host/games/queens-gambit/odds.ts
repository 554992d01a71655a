// Exact odds of The Queen's Gambit's dice, by convolution over the faces in the data: the hits
// of any attack pool, the blocks and ripostes of any defense pool, the damage that gets
// through, Anakin's 2d6 totals, and the space battle's chance of crossing a grid (printed
// Starfighters plus one more blocked space for each grey die showing a hit). Pure functions
// of the data, so the rules engine's sampled frequencies can be tested against them.

import { Fraction } from './fraction.ts';
import type { DiceFile } from './schema.ts';

/** What one face of a symbol die is worth. */
export interface FaceValue {
  readonly hits: number;
  readonly blocks: number;
  readonly riposte: number;
}

/** A symbol die with each face's worth (six faces, equally likely). */
export interface SymbolDieFaces {
  readonly id: string;
  readonly faces: readonly FaceValue[];
}

/** The symbol dice by id. */
export type DiceTable = Readonly<Record<string, SymbolDieFaces>>;

/** Dice by id, e.g. { red: 2, grey: 1 }. */
export type Pool = Readonly<Record<string, number>>;

/** The totals of one roll of a pool. */
export interface RollTotals {
  readonly hits: number;
  readonly blocks: number;
  readonly riposte: number;
}

export interface Outcome<T> {
  readonly value: T;
  readonly probability: Fraction;
}

/** A distribution over 0..n: entry k is the chance of exactly k. */
export type Distribution = readonly Fraction[];

/**
 * One die's outcomes as a chance decision lists them: each symbol it shows, with its chance
 * (faces printed twice count twice), in the order of the faces.
 */
export function faceChances(dice: DiceFile, dieId: string): { symbol: string; probability: Fraction }[] {
  const die = dice.dice.find((d) => d.id === dieId);
  if (die === undefined) throw new RangeError(`no die "${dieId}" (the dice are ${dice.dice.map((d) => d.id).join(', ')})`);
  const counts = new Map<string, number>();
  for (const face of die.faces) counts.set(face, (counts.get(face) ?? 0) + 1);
  return [...counts].map(([symbol, n]) => ({ symbol, probability: Fraction.of(n, die.faces.length) }));
}

function dieOf(dice: DiceTable, id: string): SymbolDieFaces {
  const die = dice[id];
  if (die === undefined) throw new RangeError(`no die "${id}" (the dice are ${Object.keys(dice).join(', ')})`);
  if (die.faces.length === 0) throw new RangeError(`the die "${id}" has no faces`);
  return die;
}

function keyOf(t: RollTotals): string {
  return `${t.hits},${t.blocks},${t.riposte}`;
}

/** Every distinct total of one roll of `pool`, with its exact chance (order: fewest first). */
export function rollDistribution(dice: DiceTable, pool: Pool): Outcome<RollTotals>[] {
  let outcomes = new Map<string, Outcome<RollTotals>>([['0,0,0', { value: { hits: 0, blocks: 0, riposte: 0 }, probability: Fraction.ONE }]]);
  for (const [id, count] of Object.entries(pool)) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`a pool needs a whole number of ${id} dice, got ${count}`);
    const die = dieOf(dice, id);
    const perFace = Fraction.of(1, die.faces.length);
    for (let i = 0; i < count; i++) {
      const next = new Map<string, Outcome<RollTotals>>();
      for (const { value, probability } of outcomes.values()) {
        for (const face of die.faces) {
          const total = { hits: value.hits + face.hits, blocks: value.blocks + face.blocks, riposte: value.riposte + face.riposte };
          const key = keyOf(total);
          const p = probability.mul(perFace);
          const known = next.get(key);
          next.set(key, { value: total, probability: known === undefined ? p : known.probability.add(p) });
        }
      }
      outcomes = next;
    }
  }
  return [...outcomes.values()].sort((a, b) => a.value.hits - b.value.hits || a.value.blocks - b.value.blocks || a.value.riposte - b.value.riposte);
}

function toDistribution<T>(outcomes: readonly Outcome<T>[], measure: (value: T) => number): Fraction[] {
  const dist: Fraction[] = [];
  for (const { value, probability } of outcomes) {
    const k = measure(value);
    for (let i = dist.length; i <= k; i++) dist.push(Fraction.ZERO);
    dist[k] = (dist[k] ?? Fraction.ZERO).add(probability);
  }
  return dist.length === 0 ? [Fraction.ONE] : dist;
}

/** The chance of exactly k hits from an attack pool (a multiple-hits face counts its hits). */
export function hitsDistribution(dice: DiceTable, pool: Pool): Distribution {
  return toDistribution(rollDistribution(dice, pool), (t) => t.hits);
}

/** The chance of exactly k blocks from a defense pool (a riposte face is not a block). */
export function blocksDistribution(dice: DiceTable, pool: Pool): Distribution {
  return toDistribution(rollDistribution(dice, pool), (t) => t.blocks);
}

/** What an attack does: the hits that get through, and the ripostes landed on the attacker. */
export interface AttackResult {
  readonly damage: number;
  readonly riposte: number;
}

/**
 * Every result of `attack` against `defense` (the defender always rolls, so a riposte can
 * land even when the attack misses): damage = max(0, hits - blocks).
 */
export function attackOutcomes(dice: DiceTable, attack: Pool, defense: Pool): Outcome<AttackResult>[] {
  const attackRolls = rollDistribution(dice, attack);
  const defenseRolls = rollDistribution(dice, defense);
  const results = new Map<string, Outcome<AttackResult>>();
  for (const a of attackRolls) {
    for (const d of defenseRolls) {
      const value = { damage: Math.max(0, a.value.hits - d.value.blocks), riposte: a.value.riposte + d.value.riposte };
      const key = `${value.damage},${value.riposte}`;
      const p = a.probability.mul(d.probability);
      const known = results.get(key);
      results.set(key, { value, probability: known === undefined ? p : known.probability.add(p) });
    }
  }
  return [...results.values()].sort((a, b) => a.value.damage - b.value.damage || a.value.riposte - b.value.riposte);
}

/** The chance that exactly k hits get through `defense`. */
export function damageDistribution(dice: DiceTable, attack: Pool, defense: Pool): Distribution {
  return toDistribution(attackOutcomes(dice, attack, defense), (r) => r.damage);
}

/** The chance that at least `n` hits get through. */
export function chanceOfDamageAtLeast(dice: DiceTable, attack: Pool, defense: Pool, n: number): Fraction {
  return atLeast(damageDistribution(dice, attack, defense), n);
}

/** The chance of at least `n` in a distribution. */
export function atLeast(dist: Distribution, n: number): Fraction {
  return Fraction.sum(dist.filter((_, k) => k >= n));
}

/** The mean of a distribution. */
export function expectedValue(dist: Distribution): Fraction {
  return Fraction.sum(dist.map((p, k) => p.mul(Fraction.of(k))));
}

/** The chance of each total of `rolled` dice with the given faces: entry t is total t. */
export function totalsDistribution(faces: readonly number[], rolled: number): Distribution {
  if (faces.length === 0) throw new RangeError('a die needs faces');
  let dist: Fraction[] = [Fraction.ONE];
  const perFace = Fraction.of(1, faces.length);
  for (let i = 0; i < rolled; i++) {
    const next: Fraction[] = [];
    dist.forEach((p, total) => {
      if (p.isZero()) return;
      for (const face of faces) {
        const t = total + face;
        for (let j = next.length; j <= t; j++) next.push(Fraction.ZERO);
        next[t] = (next[t] ?? Fraction.ZERO).add(p.mul(perFace));
      }
    });
    dist = next;
  }
  return dist;
}

/** The chance that k of `count` dice of `dieId` show a face with at least one hit. */
export function diceShowingHits(dice: DiceTable, dieId: string, count: number): Distribution {
  const die = dieOf(dice, dieId);
  const hitFaces = die.faces.filter((f) => f.hits > 0).length;
  return totalsDistribution(
    die.faces.map((_, i) => (i < hitFaces ? 1 : 0)),
    count,
  );
}

// ---------------------------------------------------------------------------------------------
// The space battle

/** What the space battle's odds need: Anakin's totals and the blocking die. */
export interface SpaceDice {
  /** Entry t: the chance that Anakin's dice total t. */
  readonly totals: Distribution;
  /** Entry k: the chance that k of n blocking dice show a hit. */
  readonly blockingHits: (n: number) => Distribution;
}

/** One layer Anakin must cross: a printed grid or a Starfighter card. */
export interface Layer {
  readonly greyDice: number;
  readonly blocked: readonly number[];
}

/**
 * Where the Trade Federation puts `hits` grey dice on the free spaces: a placement returns the
 * spaces chosen (at most `hits`, all among `free`).
 */
export type Placement = (free: readonly number[], hits: number, totals: Distribution) => readonly number[];

/**
 * The placement that stops Anakin most often: the free spaces Anakin's dice reach most often
 * (ties: the lower space first, which changes nothing in the odds).
 */
export const mostLikelyTotals: Placement = (free, hits, totals) =>
  [...free].sort((a, b) => (totals[b] ?? Fraction.ZERO).compare(totals[a] ?? Fraction.ZERO) || a - b).slice(0, Math.max(0, hits));

/** The chance that Anakin's total falls on none of `blocked`. */
export function crossingChance(totals: Distribution, blocked: Iterable<number>): Fraction {
  const stop = new Set(blocked);
  return Fraction.sum(totals.filter((_, t) => !stop.has(t)));
}

/** The spaces of a grid: every total Anakin's dice can make. */
export function gridSpaces(totals: Distribution): number[] {
  return totals.flatMap((p, t) => (p.isZero() ? [] : [t]));
}

/**
 * The chance that Anakin crosses one layer: the Trade Federation rolls its grey dice, puts one
 * on a free space for each die showing a hit (where `placement` says), then Anakin's total
 * must fall on a free space.
 */
export function layerCrossingChance(space: SpaceDice, layer: Layer, placement: Placement = mostLikelyTotals): Fraction {
  const free = gridSpaces(space.totals).filter((t) => !layer.blocked.includes(t));
  return Fraction.sum(
    space.blockingHits(layer.greyDice).map((p, hits) => {
      const placed = placement(free, hits, space.totals);
      if (placed.length > hits || placed.some((t) => !free.includes(t))) {
        throw new RangeError(`a placement put dice on ${placed.join(', ')} with ${hits} hits and free spaces ${free.join(', ')}`);
      }
      return p.mul(crossingChance(space.totals, [...layer.blocked, ...placed]));
    }),
  );
}

/**
 * The chance that one Anakin action advances him a space through a stack of layers (the
 * Starfighter cards on the grid, top first, then the printed grid): each must be crossed in
 * turn, and the first failure ends the action.
 */
export function stackCrossingChance(space: SpaceDice, layers: readonly Layer[], placement: Placement = mostLikelyTotals): Fraction {
  return layers.reduce((p, layer) => p.mul(layerCrossingChance(space, layer, placement)), Fraction.ONE);
}

/**
 * The mean number of Anakin actions to advance one space through a stack of layers (the
 * Starfighter cards on the grid, then the printed grid). Within an action Anakin goes on to
 * the next layer after each crossing; a failure ends the action and leaves that layer in
 * place (a crossed card has left the game). So every action but the last ends in one failure,
 * and the mean is 1 + the sum over the layers of (1/p - 1) expected failures.
 */
export function expectedAnakinActions(space: SpaceDice, layers: readonly Layer[], placement: Placement = mostLikelyTotals): Fraction {
  return Fraction.sum(layers.map((layer) => Fraction.ONE.div(layerCrossingChance(space, layer, placement)).sub(Fraction.ONE))).add(Fraction.ONE);
}
