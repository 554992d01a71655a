// Every game plays the same from one version of the program to the next: seeded play hashes
// (play-hashes.ts) to the values kept in `fixtures/same-play.json`, in four sections, each by
// game:
// - "random play": every registered game at its smallest and largest table, random bots at
//   every seat and external actor (what each receives after every move, whose move it is, the
//   results);
// - "bots": games played by each game's own bots (moves, events as each player gets them,
//   views, prompts, the result), and Stolen Plans' random bots at every table kind (3 and 5
//   players, the base deck and every set: stolen-plans-tables.ts), a few seeds here and every
//   seed in same-play.soak.ts;
// - "random playouts": random playouts in place on a clone, as search and the benchmarks play;
// - "search bots": games with the engine's search bot at a fixed iteration count, apart, so a
//   change to the search shows there alone.
// A change of rules, presentation or a bot made on purpose rewrites the hashes it changes:
//   SAME_PLAY_WRITE=1 npx vitest run test/games/same-play.test.ts [-t "search bots"]
// (only the games the run plays are rewritten; a write plays every soak seed) and says why in
// its commit.

import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ActorId } from '../../host/engine/table-game.ts';
import { searchBot } from '../../host/engine/search-bot.ts';
import { randomTableBot, viewBot } from '../../host/engine/table-play.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { qgSearchBot, tableOfBots, type BotKinds, type QgTableBot } from '../../host/games/queens-gambit/bots.ts';
import { queensGambit } from '../../host/games/queens-gambit/table-game.ts';
import type { SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionSearch } from '../../host/games/secret-invasion/search.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { trackingStepBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { spBots } from '../../host/games/stolen-plans/bots.ts';
import { stolenPlans } from '../../host/games/stolen-plans/table-game.ts';
import { soakSeeds, testSeeds } from '../support/soak-seeds.ts';
import { tableSizes } from '../support/table-sizes.ts';
import { botGameHash, firstChoicesBy, playoutHash, randomPlayHash } from './play-hashes.ts';
import { spTableHashes, spTableNames } from './stolen-plans-tables.ts';

const FIXTURE = new URL('./fixtures/same-play.json', import.meta.url);
const SECTIONS = ['random play', 'bots', 'random playouts', 'search bots'] as const;
type Section = (typeof SECTIONS)[number];
/** Each section's hashes by game id, then by what was played ("2p seed 1 heuristic"). */
type Fixture = Record<Section, Record<string, Record<string, string>>>;

const WRITE = process.env.SAME_PLAY_WRITE === '1';
const kept = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
const written = structuredClone(kept);
/** Every section and game this file plays, so the fixture keeps nothing it no longer plays. */
const played: string[] = [];

/**
 * A test of one section's games of one game: `play` returns their hashes by name. The fixture
 * may keep more of them than npm test plays (`soakOnly`: the names that only the soak, and a
 * write, play); a write plays them all.
 */
function plays(section: Section, gameId: string, play: () => Record<string, string>, soakOnly: readonly string[] = []): void {
  played.push(`${section}: ${gameId}`);
  it(`${section}: ${gameId}`, () => {
    const hashes = play();
    if (WRITE) {
      written[section][gameId] = hashes;
      return;
    }
    const group = kept[section][gameId] ?? {};
    expect(Object.keys(group).sort(), `${section}: ${gameId}: the games the fixture keeps`).toEqual([...Object.keys(hashes), ...soakOnly].sort());
    const keptPlayed = Object.fromEntries(Object.keys(hashes).map((name) => [name, group[name]]));
    expect(hashes, `${section}: ${gameId} no longer plays the same`).toEqual(keptPlayed);
  });
}

afterAll(() => {
  if (WRITE) writeFileSync(FIXTURE, `${JSON.stringify(written, null, 2)}\n`);
});

const named = (n: number) => ({ players: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}` })) });
const seatsOf = (players: number): ActorId[] => Array.from({ length: players }, (_, i) => `p${i + 1}`);

describe('every game plays the same', () => {
  for (const registered of TABLE_ENTRIES) {
    plays('random play', registered.id, () =>
      registered.use((entry) => {
        const hashes: Record<string, string> = {};
        for (const players of tableSizes(entry)) hashes[`${players} ${players === 1 ? 'player' : 'players'}`] = randomPlayHash(entry, players);
        return hashes;
      }),
    );
  }

  plays('bots', 'queens-gambit', () => ({
    '2p seed 1 heuristic': botGameHash(queensGambit, named(2), 1, tableOfBots(2, { naboo: 'heuristic', 'trade-federation': 'heuristic' })),
    '2p seed 1 tactical vs planning': botGameHash(queensGambit, named(2), 1, tableOfBots(2, { naboo: 'tactical', 'trade-federation': 'planning' })),
    '4p seed 2 tactical vs planning': botGameHash(queensGambit, named(4), 2, tableOfBots(4, { naboo: 'tactical', 'trade-federation': 'planning' })),
  }));
  // Stolen Plans at every table kind (stolen-plans-tables.ts): a few seeds here, every seed in same-play.soak.ts.
  const spTableSeeds = WRITE ? soakSeeds('stolen-plans-tables') : testSeeds('stolen-plans-tables');
  plays(
    'bots',
    'stolen-plans',
    () => {
      const hashes: Record<string, string> = {};
      for (const [players, seed] of [
        [3, 1],
        [5, 2],
      ] as const) {
        const seats = seatsOf(players);
        hashes[`${players}p seed ${seed} random`] = botGameHash(stolenPlans, named(players), seed, Object.fromEntries(seats.map((s) => [s, spBots.random()])));
        hashes[`${players}p seed ${seed} hunter`] = botGameHash(stolenPlans, named(players), seed, Object.fromEntries(seats.map((s) => [s, spBots.hunter()])));
      }
      return { ...hashes, ...spTableHashes(spTableSeeds) };
    },
    spTableNames(soakSeeds('stolen-plans-tables').filter((seed) => !spTableSeeds.includes(seed))),
  );
  const tracking = () => viewBot('tracking', trackingStepBot());
  plays('bots', 'secret-invasion', () => {
    const hashes: Record<string, string> = {};
    for (const players of [2, 3, 4]) {
      const seats = seatsOf(players);
      for (const seed of [1, 2]) {
        hashes[`${players}p seed ${seed} random`] = botGameHash(
          secretInvasionTable,
          named(players),
          seed,
          Object.fromEntries(seats.map((s) => [s, randomTableBot()])),
        );
        hashes[`${players}p seed ${seed} tracking`] = botGameHash(
          secretInvasionTable,
          named(players),
          seed,
          Object.fromEntries(seats.map((s) => [s, tracking()])),
        );
      }
    }
    return hashes;
  });

  plays('random playouts', 'queens-gambit', () => {
    const hashes: Record<string, string> = {};
    for (const [players, seed] of [
      [2, 1],
      [2, 11],
      [4, 2],
      [4, 12],
    ] as const)
      hashes[`${players}p seed ${seed}`] = playoutHash(queensGambit, named(players), seed);
    return hashes;
  });
  plays('random playouts', 'stolen-plans', () => ({
    '3p seed 1': playoutHash(stolenPlans, named(3), 1),
    '5p seed 2': playoutHash(stolenPlans, named(5), 2),
  }));
  plays('random playouts', 'secret-invasion', () => {
    const hashes: Record<string, string> = {};
    for (const players of [2, 3, 4]) for (const seed of [1, 2]) hashes[`${players}p seed ${seed}`] = playoutHash(secretInvasionTable, named(players), seed);
    return hashes;
  });

  // The search bot plays out the rest of the turn (The Queen's Gambit) or round (Stolen Plans) at every iteration: in The Queen's Gambit it searches its first choices, then the heuristic bot plays on.
  plays('search bots', 'queens-gambit', () => {
    const searchFirst = (kinds: BotKinds, seat: ActorId) => {
      const seating = tableOfBots(2, kinds);
      seating[seat] = firstChoicesBy(qgSearchBot({ timeMs: null, iterations: 3 }), 8, seating[seat] as QgTableBot);
      return seating;
    };
    return {
      '2p seed 3 search (Trade Federation) vs tactical': botGameHash(
        queensGambit,
        named(2),
        3,
        searchFirst({ naboo: 'tactical', 'trade-federation': 'planning' }, 'p1'),
      ),
      '2p seed 4 search (Naboo) vs planning': botGameHash(queensGambit, named(2), 4, searchFirst({ naboo: 'tactical', 'trade-federation': 'planning' }, 'p2')),
    };
  });
  plays('search bots', 'stolen-plans', () => ({
    '3p seed 3 search': botGameHash(stolenPlans, named(3), 3, {
      p1: spBots.search({ timeMs: null, iterations: 8 }),
      p2: spBots.hunter(),
      p3: spBots.random(),
    }),
    '3p seed 4 search in the second seat': botGameHash(stolenPlans, named(3), 4, {
      p1: spBots.hunter(),
      p2: spBots.search({ timeMs: null, iterations: 3 }),
      p3: spBots.random(),
    }),
  }));
  plays('search bots', 'secret-invasion', () => ({
    '2p seed 3 search vs tracking': botGameHash(secretInvasionTable, named(2), 3, {
      p1: searchBot(secretInvasionTable, { ...secretInvasionSearch, timeMs: null, iterations: 20 }),
      p2: tracking(),
    }),
    '2p seed 4 random-playout search vs random': botGameHash(secretInvasionTable, named(2), 4, {
      p1: randomTableBot<SecretInvasionState, SecretInvasionStep, SecretInvasionView>(),
      p2: searchBot(secretInvasionTable, { timeMs: null, iterations: 20 }),
    }),
  }));

  it('the fixture keeps the hashes of the games played here and no others', () => {
    const fixture = WRITE ? written : kept;
    const groups = SECTIONS.flatMap((section) => Object.keys(fixture[section] ?? {}).map((gameId) => `${section}: ${gameId}`));
    expect(groups.sort()).toEqual([...played].sort());
  });
});
