// Look-ups over the components and the questions the rules ask of a state: what the face-up
// mission still misses, and whether a token or an ability may be played toward it.

import { CHOPPER, type Components, type Placard, type Profile, type Token } from './load.ts';
import type { PlayerId, RebelMissionsState, Seat } from './model.ts';

export interface Catalog {
  readonly components: Components;
  placard(id: string): Placard;
  token(id: string): Token;
  profile(id: string): Profile;
}

function indexById<T extends { readonly id: string }>(items: readonly T[], what: string): (id: string) => T {
  const byId = new Map(items.map((item) => [item.id, item]));
  return (id) => {
    const item = byId.get(id);
    if (!item) throw new RangeError(`unknown ${what} "${id}"`);
    return item;
  };
}

export function catalogOf(components: Components): Catalog {
  return {
    components,
    placard: indexById(components.placards, 'placard'),
    token: indexById(components.tokens, 'token'),
    profile: indexById(components.profiles, 'profile'),
  };
}

export function seatOf(state: RebelMissionsState, player: PlayerId): Seat | undefined {
  return state.seats.find((s) => s.id === player);
}

/** Resources the face-up mission still needs, by type (0 once met), counting this turn's abilities. */
export function missingResources(catalog: Catalog, state: RebelMissionsState): Record<string, number> {
  const placard = catalog.placard(state.placard);
  const missing: Record<string, number> = { ...placard.needs };
  const take = (kind: string): void => {
    const left = missing[kind];
    if (left !== undefined) missing[kind] = Math.max(0, left - 1);
  };
  for (const tokenId of state.placardTokens) take(catalog.token(tokenId).kind);
  for (const use of state.placardAbilities) take(use.resource);
  return missing;
}

/** A mission is complete when a Chopper was played on it or nothing is missing. */
export function missionComplete(catalog: Catalog, state: RebelMissionsState): boolean {
  if (state.placardTokens.some((t) => catalog.token(t).kind === CHOPPER)) return true;
  return Object.values(missingResources(catalog, state)).every((n) => n === 0);
}

/** Why this token may not be played toward the face-up mission now, or null if it may. */
export function tokenUnplayable(catalog: Catalog, state: RebelMissionsState, tokenId: string): string | null {
  const token = catalog.token(tokenId);
  const placard = catalog.placard(state.placard);
  if (token.kind === CHOPPER) {
    return placard.inquisitor ? `a Chopper token cannot be played on an Inquisitor placard (${placard.name})` : null;
  }
  if ((missingResources(catalog, state)[token.kind] ?? 0) === 0) {
    return `"${placard.name}" does not need ${token.kind} now`;
  }
  return null;
}

/** Why this player's ability may not be used toward the face-up mission now, or null if it may. */
export function abilityUnusable(catalog: Catalog, state: RebelMissionsState, player: PlayerId): string | null {
  const seat = seatOf(state, player);
  if (!seat) return `"${player}" is not at this table`;
  if (state.abilityUsedBy.includes(player)) return 'a special ability may be used once per turn toward a mission';
  const profile = catalog.profile(seat.profile);
  const placard = catalog.placard(state.placard);
  if ((missingResources(catalog, state)[profile.ability.countsAs] ?? 0) === 0) {
    return `${profile.ability.name} counts as ${profile.ability.countsAs}, which "${placard.name}" does not need now`;
  }
  return null;
}
