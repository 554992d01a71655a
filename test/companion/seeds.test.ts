// Every seed the command line and the start page accept (0 to 2^32-1) starts every game: the
// edges of the range (0, 2^31-1, 2^31, 2^32-1) through `play` and through each game's table
// entry with its default bot seated, a few dozen moves in. A seed of 2^31 or more once failed in
// Stolen Plans with a RangeError stack (its generator was seeded with a signed XOR).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../host/cli/imperial-timer.ts';
import type { MoveBase } from '../../host/engine/table-game.ts';
import { resolveOptions } from '../../host/engine/meta.ts';
import { playTable, randomTableBot, type TableBot } from '../../host/engine/table-play.ts';
import type { TableEntry } from '../../host/table/entry.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { memoryIo } from './cli-process.ts';

const SEEDS = [0, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];

/** The default bot in every seat, `steps` moves (or to the end): the reason it stopped early, if any. */
function playWithBots<Config, State, Move extends MoveBase, View, Event>(
  entry: TableEntry<Config, State, Move, View, Event>,
  seed: number,
  steps: number,
): { stopped: string | undefined; steps: number } {
  const config = entry.configFor(['Ana', 'Ben'], resolveOptions(entry.game.meta, {}));
  const choice = entry.bots.find((b) => b.id === entry.defaultBot) ?? entry.bots[0];
  if (choice === undefined) throw new Error(`${entry.game.meta.id} has no bot`);
  const seating: Record<string, TableBot<State, Move, View>> = { p1: choice.make(), p2: choice.make() };
  // An external actor (Rebel Missions' timer) sends its moves at random.
  for (const actor of entry.game.meta.externalActors) seating[actor] = randomTableBot();
  const played = playTable(entry.game, config, seed, seating, { maxSteps: steps });
  return { stopped: played.stopped, steps: played.steps };
}

describe('every seed of the range starts every game', () => {
  for (const registered of TABLE_ENTRIES) {
    for (const seed of SEEDS) {
      it(`${registered.id}, seed ${seed}: the table entry deals and its bots play on`, () => {
        const { stopped, steps } = registered.use((entry) => playWithBots(entry, seed, 40));
        // Stopping at the step limit is the expected end here; anything else is a failure.
        if (stopped !== undefined) expect(stopped).toMatch(/did not end within 40 moves/);
        expect(steps).toBeGreaterThan(0);
      });
    }
  }

  for (const registered of TABLE_ENTRIES) {
    it(`play ${registered.id} --seed at each edge of the range starts the game, no stack written`, async () => {
      const dir = testTempDir('seeds-');
      for (const seed of SEEDS) {
        const { io, out, err } = memoryIo();
        const savePath = join(dir, `${registered.id}-${seed}.json`);
        const code = await runCli(['play', registered.id, '--players', 'Ana,Ben', '--json', '--seed', String(seed), '--save', savePath], io);
        expect(err()).not.toMatch(/RangeError|\n\s+at /);
        expect(code).toBe(0);
        const lines = out()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { type: string });
        expect(lines[0]?.type).toBe('start');
        expect(lines.filter((l) => l.type === 'view').length).toBeGreaterThan(0);
      }
    }, 30_000);
  }
});
