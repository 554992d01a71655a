// Seeded games hash the same from one version of the program to the next: for a few seeds per
// game, a game played by seeded bots through `playTable` (every move, its events as each player
// receives them, every player's view and prompt after it, the result) and a random playout in
// place on a clone (`playInPlace`, as search and benchmarks play: the moves and the result), each
// hashed and compared with the fixture. The search bots are in it too (fixed iterations), so a
// change meant only to make them faster shows here if it changes what they choose.
// A change to the rules, a view or a bot made on purpose rewrites the fixture:
//   UPDATE_SEEDED_HASHES=1 npx vitest run test/games/seeded-games.test.ts
// and says why in its commit.

import { createHash, type Hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ActorId, MoveBase } from '../../host/engine/table-game.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { eventsSeenBy, playInPlace, toMove, type TableGame } from '../../host/engine/table-game.ts';
import { nextRandomMove, playTable, randomTableBot, viewBot, type TableBot } from '../../host/engine/table-play.ts';
import { qgSearchBot, tableOfBots, type BotKinds, type QgTableBot } from '../../host/games/queens-gambit/bots.ts';
import { queensGambit } from '../../host/games/queens-gambit/game.ts';
import type { SecretInvasionState, SecretInvasionStep, SecretInvasionView } from '../../host/games/secret-invasion/model.ts';
import { secretInvasionSearch } from '../../host/games/secret-invasion/search.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import { trackingStepBot } from '../../host/games/secret-invasion/tracking-bot.ts';
import { searchBot } from '../../host/engine/search-bot.ts';
import { spBots } from '../../host/games/stolen-plans/bots.ts';
import { stolenPlans } from '../../host/games/stolen-plans/game.ts';

const FIXTURE = new URL('./fixtures/seeded-games.json', import.meta.url);
const UPDATE = process.env.UPDATE_SEEDED_HASHES === '1';
const expected: Record<string, string> = UPDATE ? {} : (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>);
const measured: Record<string, string> = {};

const named = (n: number) => ({ players: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}` })) });

function add(hash: Hash, label: string, value: unknown): void {
  hash.update(label);
  hash.update(JSON.stringify(value) ?? 'undefined');
  hash.update('\n');
}

/** The hash of one game played by `seating`: moves, events as each player gets them, views, prompts, the result. */
function playedHash<C, S, M extends MoveBase, V, E>(
  game: TableGame<C, S, M, V, E>,
  config: C,
  seed: number,
  seating: Readonly<Record<ActorId, TableBot<S, M, V>>>,
): string {
  const hash = createHash('sha256');
  const opening = game.setup(config, seed);
  const players = game.players(opening.state);
  for (const p of players) add(hash, `opening ${p}`, eventsSeenBy(game, opening.events, p));
  const played = playTable(game, config, seed, seating, {
    maxSteps: 20_000,
    check: ({ move, after, events }) => {
      add(hash, 'move', move);
      for (const p of players) {
        add(hash, `events ${p}`, eventsSeenBy(game, events, p));
        add(hash, `view ${p}`, game.view(after, p));
        add(hash, `prompt ${p}`, game.prompt(after, p));
      }
      return [];
    },
  });
  expect(played.stopped).toBeUndefined();
  add(hash, 'result', played.result);
  return hash.digest('hex');
}

/** The hash of a uniformly random playout in place on a clone (the forward moves, chance from the playout's stream). */
function playoutHash<C, S, M extends MoveBase, V, E>(game: TableGame<C, S, M, V, E>, config: C, seed: number): string {
  const hash = createHash('sha256');
  const random = randomFrom(seedRng(seed));
  const state = game.clone(game.setup(config, seed).state);
  for (let steps = 0; steps < 20_000; steps++) {
    const actors = toMove(game, state);
    if (actors.length === 0) break;
    const move = nextRandomMove(game, state, actors, random, true);
    add(hash, 'move', move);
    playInPlace(game, state, move);
  }
  add(hash, 'result', game.result(state));
  return hash.digest('hex');
}

/** `first` for the first `count` choices with more than one legal move, then `then`. */
function firstChoicesBy<S, M, V>(first: TableBot<S, M, V>, count: number, then: TableBot<S, M, V>): TableBot<S, M, V> {
  let left = count;
  return {
    name: `${first.name}, then ${then.name}`,
    choose: (turn) => {
      if (left <= 0 || turn.legalMoves.length < 2) return then.choose(turn);
      left--;
      return first.choose(turn);
    },
  };
}

function check(name: string, hash: string): void {
  measured[name] = hash;
  if (!UPDATE) expect(hash, `${name}: the seeded game no longer plays the same`).toBe(expected[name]);
}

afterAll(() => {
  if (UPDATE) writeFileSync(FIXTURE, `${JSON.stringify(measured, null, 2)}\n`);
});

describe('seeded games play the same', () => {
  it("The Queen's Gambit: heuristic, planning, tactical and search bots; random playouts", () => {
    for (const [players, seed] of [
      [2, 1],
      [4, 2],
    ] as const) {
      if (players === 2) {
        check(
          `qg ${players}p seed ${seed} heuristic`,
          playedHash(queensGambit, named(players), seed, tableOfBots(players, { naboo: 'heuristic', 'trade-federation': 'heuristic' })),
        );
      }
      check(
        `qg ${players}p seed ${seed} tactical vs planning`,
        playedHash(queensGambit, named(players), seed, tableOfBots(players, { naboo: 'tactical', 'trade-federation': 'planning' })),
      );
      check(`qg ${players}p seed ${seed} random playout`, playoutHash(queensGambit, named(players), seed));
      check(`qg ${players}p seed ${seed + 10} random playout`, playoutHash(queensGambit, named(players), seed + 10));
    }
    // The search bot plays out the rest of the turn at every iteration: it searches its first choices, then the heuristic bot plays on.
    const searchFirst = (kinds: BotKinds, seat: ActorId) => {
      const seating = tableOfBots(2, kinds);
      seating[seat] = firstChoicesBy(qgSearchBot({ timeMs: null, iterations: 3 }), 8, seating[seat] as QgTableBot);
      return seating;
    };
    check(
      'qg 2p seed 3 search (Trade Federation) vs tactical',
      playedHash(queensGambit, named(2), 3, searchFirst({ naboo: 'tactical', 'trade-federation': 'planning' }, 'p1')),
    );
    check(
      'qg 2p seed 4 search (Naboo) vs planning',
      playedHash(queensGambit, named(2), 4, searchFirst({ naboo: 'tactical', 'trade-federation': 'planning' }, 'p2')),
    );
  });

  it('Stolen Plans: random, hunter and search bots; random playouts', () => {
    for (const [players, seed] of [
      [3, 1],
      [5, 2],
    ] as const) {
      const seats = Array.from({ length: players }, (_, i) => `p${i + 1}`);
      check(`sp ${players}p seed ${seed} random`, playedHash(stolenPlans, named(players), seed, Object.fromEntries(seats.map((s) => [s, spBots.random()]))));
      check(`sp ${players}p seed ${seed} hunter`, playedHash(stolenPlans, named(players), seed, Object.fromEntries(seats.map((s) => [s, spBots.hunter()]))));
      check(`sp ${players}p seed ${seed} random playout`, playoutHash(stolenPlans, named(players), seed));
    }
    const search = { p1: spBots.search({ timeMs: null, iterations: 8 }), p2: spBots.hunter(), p3: spBots.random() };
    check('sp 3p seed 3 search', playedHash(stolenPlans, named(3), 3, search));
    const secondSeat = { p1: spBots.hunter(), p2: spBots.search({ timeMs: null, iterations: 3 }), p3: spBots.random() };
    check('sp 3p seed 4 search in the second seat', playedHash(stolenPlans, named(3), 4, secondSeat));
  });

  it('Secret Invasion: random, tracking and search bots; random playouts', () => {
    const tracking = () => viewBot('tracking', trackingStepBot());
    for (const players of [2, 3, 4]) {
      const seats = Array.from({ length: players }, (_, i) => `p${i + 1}`);
      for (const seed of [1, 2]) {
        check(
          `si ${players}p seed ${seed} random`,
          playedHash(secretInvasionTable, named(players), seed, Object.fromEntries(seats.map((s) => [s, randomTableBot()]))),
        );
        check(
          `si ${players}p seed ${seed} tracking`,
          playedHash(secretInvasionTable, named(players), seed, Object.fromEntries(seats.map((s) => [s, tracking()]))),
        );
        check(`si ${players}p seed ${seed} random playout`, playoutHash(secretInvasionTable, named(players), seed));
      }
    }
    const search = { p1: searchBot(secretInvasionTable, { ...secretInvasionSearch, timeMs: null, iterations: 20 }), p2: tracking() };
    check('si 2p seed 3 search vs tracking', playedHash(secretInvasionTable, named(2), 3, search));
    const randomSearch = {
      p1: randomTableBot<SecretInvasionState, SecretInvasionStep, SecretInvasionView>(),
      p2: searchBot(secretInvasionTable, { timeMs: null, iterations: 20 }),
    };
    check('si 2p seed 4 random-playout search vs random', playedHash(secretInvasionTable, named(2), 4, randomSearch));
  });
});
