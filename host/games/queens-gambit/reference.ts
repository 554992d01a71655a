// The reference sheets applied: pure helpers the rules engine calls with the data, so each
// number comes from one place. The dice a unit rolls for its figures left, its movement on a
// card, what hits and healing do to it, the bonus cards its elimination gives, and the victory
// conditions on the counts the engine keeps (README, "The rules", §3, §6, §7, §11).

import type { DicePool, RulesFile, Side, Unit, UnitOrder } from './schema.ts';

export function otherSide(side: Side): Side {
  return side === 'naboo' ? 'trade-federation' : 'naboo';
}

/** The attack dice of `unit` with `figures` left (a group weakens as it shrinks). */
export function attackPool(unit: Unit, figures: number = unit.figures): DicePool {
  if (unit.attack.length === 0) throw new RangeError(`${unit.name} cannot attack`);
  if (!Number.isInteger(figures) || figures < 1 || figures > unit.figures) {
    throw new RangeError(`${unit.name} has 1 to ${unit.figures} figures, not ${figures}`);
  }
  const pool = unit.attack[figures - 1];
  if (pool === undefined) throw new RangeError(`${unit.name} has no attack for ${figures} figures`);
  return pool;
}

/**
 * The movement of `unit` acting on a card's `order`: the card's `move` if it sets one, else
 * the unit's own; the real Queen's death changes the slowed unit's, card or not (never below 0).
 */
export function movementOf(unit: Unit, order: UnitOrder | undefined, realQueenDead: boolean, rules: RulesFile): number {
  const base = order?.move ?? unit.move;
  const change = realQueenDead && unit.id === rules.realQueen.slowedUnit ? rules.realQueen.moveChange : 0;
  return Math.max(0, base + change);
}

/** What a unit has taken: figures left (groups) and its damage marker (characters). */
export interface Condition {
  readonly figures: number;
  readonly damage: number;
}

export interface HitResult extends Condition {
  readonly destroyed: boolean;
  /** Figures removed by these hits (a group; 1 for a figure or a destroyed character). */
  readonly removed: number;
}

/** A unit at full strength. */
export function fresh(unit: Unit): Condition {
  return { figures: unit.figures, damage: 0 };
}

/**
 * `hits` landing on `unit`: a group or figure loses one figure per hit (hits beyond are lost);
 * a character's marker advances, destroyed when it reaches the unit's `damage` (the red space).
 */
export function applyHits(unit: Unit, condition: Condition, hits: number): HitResult {
  if (!Number.isInteger(hits) || hits < 0) throw new RangeError(`hits must be a whole number of 0 or more, got ${hits}`);
  if (unit.kind === 'fixture') throw new RangeError(`${unit.name} cannot be attacked`);
  if (unit.damage === null) {
    const removed = Math.min(hits, condition.figures);
    const figures = condition.figures - removed;
    return { figures, damage: 0, destroyed: figures === 0, removed };
  }
  const damage = Math.min(unit.damage, condition.damage + hits);
  const destroyed = damage >= unit.damage;
  return { figures: destroyed ? 0 : 1, damage, destroyed, removed: destroyed ? 1 : 0 };
}

/** A character's damage marker after recovering `amount` (not below 0). */
export function healed(unit: Unit, condition: Condition, amount: number): Condition {
  if (unit.damage === null) throw new RangeError(`${unit.name} has no damage track`);
  if (condition.figures === 0) return condition;
  return { figures: condition.figures, damage: Math.max(0, condition.damage - amount) };
}

/**
 * The bonus cards the elimination of `unit` earns, and for whom: a Battlefield unit clears its
 * space (one unit a space) for its enemy; a Palace character gives what its sheet says. Null
 * when it gives none (the caller also gives none for droids removed by the Droid Control Ship or
 * lost at the staging spaces, which no enemy eliminated).
 */
export function bonusFor(unit: Unit, rules: RulesFile): { to: Side; cards: number } | null {
  if (unit.bonus !== null) return unit.bonus;
  if (unit.zone === 'battlefield' && rules.bonus.battlefieldSpaceCleared > 0) {
    return { to: otherSide(unit.side), cards: rules.bonus.battlefieldSpaceCleared };
  }
  return null;
}

/** The counts the victory conditions look at. */
export interface VictoryCounts {
  /** Naboo pieces in the Palace, the Melting Pit included (Guards, Panaka, Queens, Jedi). */
  readonly nabooPalacePieces: number;
  /** Anakin has reached the Droid Control Ship. */
  readonly droidsDeactivated: boolean;
  readonly maulDead: boolean;
  /** The Naboo claim of the throne-room majority, confirmed by the Trade Federation. */
  readonly throneRoomConfirmed: boolean;
}

/** The winner on these counts, or null while the game goes on (§11). */
export function winnerOf(counts: VictoryCounts, rules: RulesFile): Side | null {
  const v = rules.victory;
  if (counts.nabooPalacePieces <= v.tradeFederationAtMostNabooPalacePieces) return 'trade-federation';
  if (!counts.droidsDeactivated) return null;
  if (counts.maulDead && counts.nabooPalacePieces >= v.nabooAtLeastPalacePieces) return 'naboo';
  if (counts.throneRoomConfirmed && counts.nabooPalacePieces >= v.nabooAtLeastPalacePieces) return 'naboo';
  return null;
}

/** Whether Naboo may claim the throne-room majority now (§11.3): droids gone, 3 pieces at least. */
export function mayClaimThroneRoom(counts: VictoryCounts, rules: RulesFile): boolean {
  return counts.droidsDeactivated && counts.nabooPalacePieces >= rules.victory.nabooAtLeastPalacePieces;
}
