// Stolen Plans' seeded games at every table kind: 3 and 5 players, the base deck and every set
// and asked-for card on, played by random bots among the forward moves
// (play-hashes.ts's forwardRandomGameHash). same-play.test.ts plays the run's test seeds and
// same-play.soak.ts every seed (test/soak-seeds.json, "stolen-plans-tables").

import { ASKED_FOR, RULES_SETS, stolenPlans } from '../../host/games/stolen-plans/table-game.ts';
import { forwardRandomGameHash } from './play-hashes.ts';

const TABLES = [
  { players: 3, everything: false },
  { players: 5, everything: false },
  { players: 3, everything: true },
  { players: 5, everything: true },
] as const;

const configFor = (players: number, everything: boolean) => ({
  players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })),
  options: everything ? Object.fromEntries([...RULES_SETS, ...ASKED_FOR.map((c) => `include-${c.card}`)].map((id) => [id, true])) : {},
});

const nameOf = (players: number, everything: boolean, seed: number): string =>
  `${players}p ${everything ? 'every set' : 'base deck'} seed ${seed} forward random`;

/** The names the fixture keeps these games by, for `seeds`. */
export function spTableNames(seeds: readonly number[]): string[] {
  return TABLES.flatMap(({ players, everything }) => seeds.map((seed) => nameOf(players, everything, seed)));
}

/** The hashes of the games of `seeds` at every table kind, by name. */
export function spTableHashes(seeds: readonly number[]): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const { players, everything } of TABLES)
    for (const seed of seeds)
      hashes[nameOf(players, everything, seed)] = forwardRandomGameHash(stolenPlans, configFor(players, everything), seed, seed * 7919 + players);
  return hashes;
}
