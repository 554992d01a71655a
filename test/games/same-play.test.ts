// Every game plays the same after a refactor: seeded random games of every registered game,
// played through its table game, hash to the values kept in `fixtures/same-play.json` (the
// moves, the events each seat sees, each seat's view and prompt after every move, whose move it
// is, and the results). A change of rules or presentation that is meant must update the fixture
// (`SAME_PLAY_WRITE=1 npx vitest run test/games/same-play.test.ts`), and says so in its commit.

import { createHash, type Hash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MoveBase } from '../../host/engine/table-game.ts';
import { eventsSeenBy, toMove } from '../../host/engine/table-game.ts';
import { playTable, randomTableBot, type TableBot } from '../../host/engine/table-play.ts';
import type { TableEntry } from '../../host/table/entry.ts';
import { playerNames, tableSizes } from '../support/table-sizes.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';

const FIXTURE = new URL('./fixtures/same-play.json', import.meta.url);
const SEEDS = [1, 2];
const MAX_STEPS = 400;

/** The hash of `SEEDS.length` seeded games of `entry` at `players` seats, everything each seat receives included. */
function playHash<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, players: number): string {
  const { game } = entry;
  const hash = createHash('sha256');
  const add = (label: string, value: unknown): Hash => hash.update(`${label}:${JSON.stringify(value) ?? 'undefined'}\n`);
  const names = playerNames(players);
  for (const seed of SEEDS) {
    const config = entry.configFor(names, {});
    const opening = game.setup(config, seed);
    const seats = game.players(opening.state);
    const watchers = [...seats, ...game.meta.externalActors];
    for (const actor of watchers) add(`opening ${actor}`, eventsSeenBy(game, opening.events, actor));
    const seating: Record<string, TableBot<State, Move, View>> = {};
    for (const actor of watchers) seating[actor] = randomTableBot<State, Move, View>();
    const played = playTable(game, config, seed, seating, {
      maxSteps: MAX_STEPS,
      check: (step) => {
        add('move', step.move);
        add('to move', toMove(game, step.after));
        for (const actor of watchers) {
          add(`events ${actor}`, eventsSeenBy(game, step.events, actor));
          add(`view ${actor}`, game.view(step.after, actor));
          add(`prompt ${actor}`, game.prompt(step.after, actor));
        }
        add('result', game.result(step.after));
        return [];
      },
    });
    add('end', { steps: played.steps, stopped: played.stopped ?? null, result: played.result });
  }
  return hash.digest('hex');
}

function allHashes(): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const registered of TABLE_ENTRIES) {
    registered.use((entry) => {
      for (const players of tableSizes(entry)) hashes[`${registered.id} ${players} players`] = playHash(entry, players);
    });
  }
  return hashes;
}

describe('every game plays the same', () => {
  it('seeded games hash as the fixture keeps them', { timeout: 60_000 }, () => {
    const hashes = allHashes();
    if (process.env.SAME_PLAY_WRITE === '1' || !existsSync(FIXTURE)) writeFileSync(FIXTURE, `${JSON.stringify(hashes, null, 2)}\n`);
    const kept = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(hashes).toEqual(kept);
  });
});
