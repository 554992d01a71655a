// Saves written by the table host (the current format: version 2, its `table` part of seats, the
// bots' generator and the chance mode) still load: one kept in `fixtures/saves/` per game, written
// by the program before the game-shape refactor, resumes on the table host and replays its log
// under today's rules to the state the host holds. (That the games still play the same, seat by
// seat, is test/games/same-play.test.ts's; a game's state may change shape inside.)

import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSave } from '../../host/engine/save.ts';
import { replayTable } from '../../host/engine/table-play.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { TableHost } from '../../host/table/host.ts';
import { testTempDir } from '../support/temp-dir.ts';

const fixture = (name: string): string => new URL(`./fixtures/saves/${name}`, import.meta.url).pathname;

describe("the table host's saves", () => {
  for (const registered of TABLE_ENTRIES) {
    it(`of ${registered.title} resume, their log replaying under today's rules`, () => {
      const path = join(testTempDir('today-saves-'), `${registered.id}.save.json`);
      copyFileSync(fixture(`${registered.id}.save.json`), path);
      const file = JSON.parse(readFileSync(path, 'utf8')) as { log: { moves: unknown[] } };
      registered.use((entry) => {
        expect(() => TableHost.checkResume(entry, path)).not.toThrow();
        const loaded = readSave(entry.game, path);
        expect(loaded.log.moves).toEqual(file.log.moves);
        expect(loaded.log.moves.length).toBeGreaterThan(0);
        expect(loaded.state).toEqual(replayTable(entry.game, loaded.log));
        expect(loaded.table).toMatchObject({ chance: 'sample' });
      });
    });
  }
});
