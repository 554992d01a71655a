// Stolen Plans rules, Rogue One: Saw Gerrera (Extremist Action: RO8, H2, ST2, D12). On one's turn
// it makes each other player lose a card (an `action`, as Burn Cards: rules-play.ts). Out of turn,
// with any one Rebel Hero, it cancels a card played from a hand against the answerer alone: it
// answers in every `target-response` (an Attack, a steal, a Strike, an Assault, Discard All,
// Vicious Attack, the Detonator, Counter...), and both it and the hero are discarded with the
// cancelled cards. Plays at several players, resources, in-play abilities, gifts and the AT-ACT
// destroying the Cargo Ship open no target-response (W7), so Saw never answers them (D12). The
// hero goes with Saw, not to a Capture (D13).

import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, perCard, typeOf } from './cards.ts';
import { isHero, mayBeHeld, sortedIds } from './rules-facts.ts';
import { handOf, type SpMove, type SpState } from './state.ts';

/** The plays that cancel with a Rebel Hero in target-response (Saw Gerrera's `cancel`, with a card tagged rebel-hero). */
const SAW_PLAYS = CARDS.catalog.cards.flatMap((card) =>
  card.plays
    .filter(
      (p) =>
        p.when === 'window:target-response' &&
        p.effect.kind === 'cancel' &&
        (p.with ?? []).length === 1 &&
        (p.with ?? []).every((c) => c.tag === 'rebel-hero') &&
        (p.against ?? []).includes('against-you'),
    )
    .map(() => card.id),
);

/** Whether `card` cancels with a Rebel Hero in target-response. */
export const isSaw = perCard((card: string): boolean => SAW_PLAYS.includes(typeOf(card)));

/** W1, W5: whether a Saw Gerrera and a Rebel Hero may both still be held (public facts), so target-response may be answered with them. */
export function sawAnswerable(s: SpState): boolean {
  return SAW_PLAYS.some((id) => mayBeHeld(s, id)) && CARDS.catalog.cards.some((c) => c.tags.includes('rebel-hero') && mayBeHeld(s, c.id));
}

/** H2: each Saw Gerrera of the hand with each Rebel Hero of the hand (a `react` with the hero `with` it). */
export function sawMoves(s: SpState, actor: ActorId): SpMove[] {
  const hand = handOf(s, actor);
  if (!hand.some(isSaw)) return [];
  const heroes = sortedIds(hand.filter(isHero));
  return hand.filter(isSaw).flatMap((card) => heroes.map((hero): SpMove => ({ actor, type: 'react', card, with: [hero] })));
}

/** The judge of a Saw Gerrera answer in target-response (the card and its hero from the answerer's hand). */
export function sawProblem(s: SpState, move: Extract<SpMove, { type: 'react' }>): string | null {
  const hand = handOf(s, move.actor);
  if (!isSaw(move.card)) return `${CARDS.type(move.card).name} is not played with another card here`;
  if (move.on !== undefined) return `${CARDS.type(move.card).name} cancels the whole play: it acts on no single card`;
  const [hero, ...more] = move.with ?? [];
  if (hero === undefined || more.length > 0) return `${CARDS.type(move.card).name} is played with exactly one Rebel Hero (H2)`;
  if (!hand.includes(hero)) return `you do not hold ${hero}`;
  if (!isHero(hero)) return `${CARDS.type(hero).name} is not a Rebel Hero: Saw Gerrera goes with a Rebel Hero (H2)`;
  return null;
}
