// What a player can infer of the other hands from their view alone: the cards not yet seen
// (the deck's composition less the viewer's hand, every face-up card and every card the rules
// showed the viewer) and, for each opponent, the chance of holding each character.

import type { Deck } from './deck.ts';
import type { PlayerId, SecretInvasionView } from './model.ts';

/** Chance of each character id; the chances add up to 1. */
export type Odds = ReadonlyMap<string, number>;

/** How many copies of each character the viewer has not seen. */
export function unseenCounts(deck: Deck, view: SecretInvasionView): Map<string, number> {
  const counts = new Map(deck.characters.map((c) => [c.id, c.count]));
  const seen = [...view.hand, ...view.faceUp, ...view.players.flatMap((p) => p.discards), ...view.known.map((k) => k.card)];
  for (const card of seen) counts.set(card.character, Math.max(0, (counts.get(card.character) ?? 0) - 1));
  return counts;
}

function normalised(counts: ReadonlyMap<string, number>): Map<string, number> {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const odds = new Map<string, number>();
  if (total === 0) return odds;
  for (const [id, n] of counts) if (n > 0) odds.set(id, n / total);
  return odds;
}

/** The chance of each character in `player`'s hand, as the viewer can tell. */
export function handOdds(deck: Deck, view: SecretInvasionView, player: PlayerId, unseen = unseenCounts(deck, view)): Odds {
  const known = view.known.find((k) => k.player === player);
  if (known) return new Map([[known.card.character, 1]]);
  const counts = new Map(unseen);
  // A Boba Fett guess that just missed tells everyone the target does not hold that value.
  if (view.missedGuess?.target === player) {
    for (const c of deck.characters) if (c.value === view.missedGuess.guess) counts.set(c.id, 0);
  }
  return normalised(counts);
}

/** The chance that the hand's value is `value`. */
export function chanceOfValue(deck: Deck, odds: Odds, value: number): number {
  let p = 0;
  for (const [id, chance] of odds) if (deck.character(id).value === value) p += chance;
  return p;
}

/** The chances that the hand's value is below, equal to and above `value`. */
export function compareOdds(deck: Deck, odds: Odds, value: number): { below: number; equal: number; above: number } {
  let below = 0;
  let equal = 0;
  let above = 0;
  for (const [id, chance] of odds) {
    const v = deck.character(id).value;
    if (v < value) below += chance;
    else if (v === value) equal += chance;
    else above += chance;
  }
  return { below, equal, above };
}

export function expectedValue(deck: Deck, odds: Odds): number {
  let sum = 0;
  for (const [id, chance] of odds) sum += chance * deck.character(id).value;
  return sum;
}
