// A generic way to sample a state consistent with what a player knows, for games whose unknown
// cards are interchangeable within groups (the cards of the other hands and the deck; in a
// game of two decks, each deck's unseen cards apart): relabel every unknown card by a uniform
// random permutation within its group, everywhere it appears in the state (hands, deck, a
// half-made plan). The structure the player sees (how many cards where, what is known) stays;
// which card is where is dealt afresh. The generator is replaced too, so nothing drawn later
// from the sampled state follows the real one.

import type { Random, RngState } from './rng.ts';

/** A deep copy of plain data with every string passed through `relabel`. */
export function mapStrings<T>(value: T, relabel: (text: string) => string): T {
  if (typeof value === 'string') return relabel(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, relabel)) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = mapStrings((value as Record<string, unknown>)[key], relabel);
  return out as T;
}

/**
 * `state` with the cards of each group permuted at random among themselves (each group: card
 * ids the player cannot tell apart from where they lie, no id in two groups), and `rng` (the
 * key of the state's generator) replaced by a fresh one from `random`. Card ids must be
 * strings no other field of the state uses.
 */
export function relabelUnknown<S extends object>(
  state: S,
  groups: readonly (readonly string[])[],
  random: Random,
  rngKey: keyof S & string = 'rng' as keyof S & string,
): S {
  const mapping = new Map<string, string>();
  for (const group of groups) {
    const shuffled = random.shuffle(group);
    group.forEach((card, i) => {
      if (mapping.has(card)) throw new RangeError(`card "${card}" is in two groups of unknown cards`);
      mapping.set(card, shuffled[i] as string);
    });
  }
  const out = mapStrings(state, (text) => mapping.get(text) ?? text);
  (out as Record<string, unknown>)[rngKey] = random.split() satisfies RngState;
  return out;
}
