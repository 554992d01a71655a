// Every seeded game plays the same: 40 bot games (3 and 5 players, the base deck and every set
// on) hashed whole (each move, its events, the view and the prompt of every player to move after it, the result)
// against the hashes kept in fixtures/same-games.json. A change to the rules' code that is not a
// change of the rules keeps them; a change of the rules changes them on purpose, and then
// `SP_SAME_GAMES=write npx vitest run test/games/stolen-plans/same-games.test.ts` writes the file anew.
// The bots pick among the forward moves (never a Back), as search bots and playouts do.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampledChanceMove } from '../../../host/engine/chance.ts';
import { CHANCE } from '../../../host/engine/decisions.ts';
import { randomFrom, seedRng } from '../../../host/engine/rng.ts';
import { chanceAsMove, forwardLegalMovesOf, openChance, toMove } from '../../../host/engine/table-game.ts';
import { ASKED_FOR, RULES_SETS, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpMove } from '../../../host/games/stolen-plans/state.ts';

const FIXTURE = new URL('./fixtures/same-games.json', import.meta.url);
const SEEDS = 10;
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

/** One seeded game played by random bots to its end, hashed: moves, events, views, prompts, the result. */
function hashOfGame(players: number, everything: boolean, seed: number): string {
  const game = stolenPlans;
  const hash = createHash('sha256');
  const random = randomFrom(seedRng(seed * 7919 + players));
  const opening = game.setup(configFor(players, everything), seed);
  let state = opening.state;
  hash.update(JSON.stringify(opening.events));
  for (let step = 0; step < 10_000; step++) {
    const actors = toMove(game, state);
    if (actors.length === 0) break;
    let move: SpMove;
    if (actors[0] === CHANCE) {
      const spec = openChance(game, state);
      if (spec === null) throw new Error('chance is to move with no chance decision');
      move = chanceAsMove<SpMove>(sampledChanceMove(spec, game.rng(state)));
    } else {
      const actor = actors.length === 1 ? (actors[0] as string) : random.pick(actors);
      move = random.pick(forwardLegalMovesOf(game, state, actor));
    }
    const applied = game.apply(state, move);
    if (!applied.ok) throw new Error(`seed ${seed}: ${JSON.stringify(move)} was rejected: ${applied.reason}`);
    state = applied.state;
    hash.update(JSON.stringify(move));
    hash.update(JSON.stringify(applied.events));
    // What each player to move next is shown: their view and their prompt.
    for (const p of toMove(game, state)) {
      if (p === CHANCE) continue;
      hash.update(JSON.stringify(game.view(state, p)));
      hash.update(game.prompt(state, p));
    }
  }
  hash.update(JSON.stringify(game.result(state)));
  return hash.digest('hex').slice(0, 16);
}

function allHashes(): Record<string, string[]> {
  return Object.fromEntries(
    TABLES.map(({ players, everything }) => [
      `${players} players, ${everything ? 'every set' : 'base deck'}`,
      Array.from({ length: SEEDS }, (_, i) => hashOfGame(players, everything, i + 1)),
    ]),
  );
}

describe('Stolen Plans: seeded games play the same', () => {
  it('hashes 40 seeded bot games as the fixture keeps them', () => {
    const hashes = allHashes();
    if (process.env.SP_SAME_GAMES === 'write') writeFileSync(FIXTURE, `${JSON.stringify(hashes, null, 2)}\n`);
    const kept = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string[]>;
    expect(hashes).toEqual(kept);
  });
});
