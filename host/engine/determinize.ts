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

/** Calls `visit` on every string of plain data, in a fixed order (list order, then key order). */
function eachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) eachString(item, visit);
  else if (value !== null && typeof value === 'object') for (const key in value) eachString((value as Record<string, unknown>)[key], visit);
}

/**
 * `state` with the cards of each group dealt afresh among the places they occupy (each group:
 * card ids the player cannot tell apart from where they lie; no id in two groups), and `rng`
 * (the key of the state's generator) replaced by a fresh one from `random`. Card ids must be
 * strings no other field of the state uses.
 *
 * The result depends only on the state's structure, the groups as sets and `random`: the
 * places are taken in a fixed order and each group is dealt from its sorted list, so two
 * states the player cannot tell apart give the same sample for the same `random`. A search bot
 * handed such samples cannot let the real hidden cards sway it.
 */
export function relabelUnknown<S extends object>(
  state: S,
  groups: readonly (readonly string[])[],
  random: Random,
  rngKey: keyof S & string = 'rng' as keyof S & string,
): S {
  const groupOf = new Map<string, number>();
  const sorted = groups.map((group, g) => {
    for (const card of group) {
      if (groupOf.has(card) && groupOf.get(card) !== g) throw new RangeError(`card "${card}" is in two groups of unknown cards`);
      groupOf.set(card, g);
    }
    return [...new Set(group)].sort();
  });
  // The order in which each group's cards first appear: the places, in a fixed order.
  const places = sorted.map(() => [] as string[]);
  const placed = new Set<string>();
  eachString(state, (text) => {
    const g = groupOf.get(text);
    if (g !== undefined && !placed.has(text)) {
      placed.add(text);
      (places[g] as string[]).push(text);
    }
  });
  const mapping = new Map<string, string>();
  sorted.forEach((group, g) => {
    const dealt = random.shuffle(group);
    const order = [...(places[g] as string[]), ...group.filter((card) => !placed.has(card))];
    order.forEach((card, i) => mapping.set(card, dealt[i] as string));
  });
  const out = mapStrings(state, (text) => mapping.get(text) ?? text);
  (out as Record<string, unknown>)[rngKey] = random.split() satisfies RngState;
  return out;
}
