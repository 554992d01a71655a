// Stolen Plans rules, Rogue One: the AT-ACT's moving attack (A7, D9, D29). An Attack 7 at one
// player, answered by that player alone (A3); what they are told to lose beyond the cards they
// can discard (cards that cannot be discarded do not absorb it) is lost by the player to their
// left, then the next, skipping the attacker, until it is used up or no other player holds a
// card they can discard. With two players the remainder comes back to the target, who has
// nothing left to discard. (The AT-ACT's other way, destroying the Cargo Ship, is in rules-cargo.ts.)

import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { handOf, seatOf, type SpState } from './state.ts';

/** Whether the Attack of `card` played with these companions is a moving attack (cards.json: `attack` with `moving`). */
export function isMovingAttack(card: string): boolean {
  return CARDS.type(card).plays.some((p) => p.when === 'own-turn' && p.effect.kind === 'attack' && p.effect.moving === true);
}

export const discardable = (s: SpState, p: ActorId): number => handOf(s, p).filter((c) => !CARDS.undiscardable(c)).length;

/** A7: the moving attack is played at `target`: its remainder is reckoned once the Attack is resolved. */
export function startMoving(s: SpState, attacker: ActorId, target: ActorId): void {
  s.moving = { attacker, remainder: 0, last: target };
}

/** A5 with A7: the Attack is resolved; only the target's loss moves on (a Defend that beat it makes the attacker lose, as any Attack). */
export function movingResolved(s: SpState, target: ActorId, loser: ActorId | null, cards: number): void {
  const m = s.moving;
  if (m === null) return;
  s.moving = loser === target ? { attacker: m.attacker, remainder: Math.max(0, cards - discardable(s, target)), last: target } : null;
}

/** The next player to lose the remainder: from the left of `last`, skipping the attacker and empty hands; none when no other player can discard. */
export function nextInChain(s: SpState, attacker: ActorId, last: ActorId): ActorId | null {
  if (!s.players.some((p) => p !== attacker && discardable(s, p) > 0)) return null;
  const n = s.players.length;
  const from = seatOf(s, last);
  for (let k = 1; k <= n; k++) {
    const p = s.players[(from + k) % n] as ActorId;
    if (p !== attacker && handOf(s, p).length > 0) return p;
  }
  return null;
}
