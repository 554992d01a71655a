// Saves written by the table host (the current format: version 2, its `table` part of seats, the
// bots' generator and the chance mode) still load: one kept in `fixtures/saves/` per game, written
// by the program before the game-shape refactor, resumes and replays to the state it was saved in.

import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSave } from '../../host/engine/save.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { TableHost } from '../../host/table/host.ts';
import { testTempDir } from '../support/temp-dir.ts';

const fixture = (name: string): string => new URL(`./fixtures/saves/${name}`, import.meta.url).pathname;
const savedStates = JSON.parse(readFileSync(fixture('states.json'), 'utf8')) as Record<string, string>;

describe("the table host's saves", () => {
  for (const registered of TABLE_ENTRIES) {
    it(`of ${registered.title} resume, to the state saved`, () => {
      const path = join(testTempDir('today-saves-'), `${registered.id}.save.json`);
      copyFileSync(fixture(`${registered.id}.save.json`), path);
      registered.use((entry) => {
        expect(() => TableHost.checkResume(entry, path)).not.toThrow();
        const state = readSave(entry.game, path).state;
        expect(createHash('sha256').update(JSON.stringify(state)).digest('hex')).toBe(savedStates[registered.id]);
      });
    });
  }
});
