// Stolen Plans rules: the Starting Resources (R1, R2, T4-T6, ST5). Each player has Food, Water,
// Binocs, Tracking Beacon and Data Pad in front of them, Active or Inactive (public). Binocs and
// Data Pad take the whole turn; Food and Water answer their windows after the turn's play or draw;
// the Tracking Beacon answers `steal-peek` in others' turns; an Inactive card is flipped back by
// discarding its `reactivateCost` cards, for the whole turn. One resource per turn (T6); the
// Tracking Beacon does not count.

import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, perCard, typeOf } from './cards.ts';
import type { Play } from './schema.ts';
import { holders } from './rules-facts.ts';
import { activeResource, foodReady } from './rules-table.ts';
import { handOf, othersFrom, type SpMove, type SpState } from './state.ts';

/** The resource's own play (the one from in front of its owner), or null for a card that is not a resource. */
export const resourcePlay = perCard((card: string): Play | null => CARDS.type(card).plays.find((p) => p.from === 'in-play') ?? null);

/** The resources of `p` that take the whole turn (Binocs, Data Pad), Active: their `when` is the owner's turn. */
const turnResources = (s: SpState, p: ActorId): string[] =>
  s.resources.filter((r) => r.owner === p && r.active && resourcePlay(r.card)?.when === 'own-turn').map((r) => r.card);

/** The reactivation cost of a resource (R2, D4: data, `reactivateCost` in cards.json). */
export function reactivateCost(card: string): number {
  return CARDS.type(card).reactivateCost ?? 0;
}

/** How many cards of `p`'s hand they may discard (cards that cannot be discarded do not pay a cost: T2). */
function discardable(s: SpState, p: ActorId): number {
  let n = 0;
  for (const c of handOf(s, p)) if (!CARDS.undiscardable(c)) n++;
  return n;
}

/** The turn's resource moves (T2, T6): Binocs or Data Pad at another player holding cards; a reactivation the hand can pay for. */
export function resourceMoves(s: SpState, actor: ActorId): SpMove[] {
  if (s.resourceUsed || s.resources.length === 0) return [];
  const moves: SpMove[] = [];
  const targets = holders(s, othersFrom(s, actor));
  for (const card of turnResources(s, actor)) for (const target of targets) moves.push({ actor, type: 'resource', card, target });
  // What the hand can pay, counted once and only for an Inactive resource.
  let can = -1;
  for (const r of s.resources) {
    if (r.owner !== actor || r.active) continue;
    if (can < 0) can = discardable(s, actor);
    if (can >= reactivateCost(r.card)) moves.push({ actor, type: 'reactivate', card: r.card });
  }
  return moves;
}

/** Why a resource move of the turn is not legal, or null (T8). */
export function resourceProblem(s: SpState, move: Extract<SpMove, { type: 'resource' } | { type: 'reactivate' }>): string | null {
  const r = s.resources.find((x) => x.card === move.card);
  if (r === undefined || r.owner !== move.actor) return `${move.card} is not one of your Starting Resources`;
  const name = CARDS.type(move.card).name;
  if (s.resourceUsed) return 'you have already used a resource this turn: one per turn (T6)';
  if (move.type === 'reactivate') {
    if (r.active) return `${name} is Active already (R2)`;
    const cost = reactivateCost(move.card);
    const can = discardable(s, move.actor);
    return can < cost ? `flipping ${name} back costs ${cost} card${cost === 1 ? '' : 's'} to discard, and you can discard ${can} (R2)` : null;
  }
  if (resourcePlay(move.card)?.when !== 'own-turn') return `${name} is not used on its own for a turn (R1)`;
  if (!r.active) return `${name} is Inactive: flip it back first (R1, R2)`;
  if (!s.players.includes(move.target) || move.target === move.actor) return `choose another player at the table, not "${move.target}"`;
  if (handOf(s, move.target).length === 0) return `${move.target} holds no cards (D15)`;
  return null;
}

/** The resource card of `p` that answers the window (`after-play`: Food; `after-draw`: Water; `steal-peek`: Tracking Beacon). */
export function windowResource(s: SpState, p: ActorId, window: 'after-play' | 'after-draw' | 'steal-peek'): string | null {
  const type = s.resources.find((r) => r.owner === p && resourcePlay(r.card)?.when === `window:${window}`)?.card;
  if (type === undefined) return null;
  const card = activeResource(s, p, typeOf(type));
  if (card === null) return null;
  if (window === 'steal-peek') return card;
  if (window === 'after-draw') return !s.resourceUsed && s.drawPile.length > 0 ? card : null;
  return foodReady(s, p) ? card : null;
}
