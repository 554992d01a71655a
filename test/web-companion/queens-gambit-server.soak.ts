// npm run soak: The Queen's Gambit on the web server's live channel (ws clients), four seats in two
// teams played to the end (queens-gambit-live.ts) at every soak seed: the table is told the game is
// over, Ana (Trade Federation) never saw Naboo's plans, and no message held what its viewer may not know.

import { afterEach, describe, expect, it } from 'vitest';
import { soakSeeds } from '../support/soak-seeds.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';
import { type Closable, expectNaboosPlansHiddenFromAna, playTeamsOnLive } from './queens-gambit-live.ts';

/** More moves than any game takes (a game that goes on past it fails). */
const MOVES_LIMIT = 4000;
const opened: Closable[] = [];

afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

describe("The Queen's Gambit on the live channel, whole games", () => {
  it.each(soakSeeds('queens-gambit-live-game'))(
    "match seed %i: four seats in two teams play to the end; teammates see each other's hands and plans, the other team never; nothing leaks",
    async (seed) => {
      const played = await playTeamsOnLive(seed, MOVES_LIMIT, opened);
      expect(played.server.match()?.finished(), `after ${played.moves} moves`).toBe(true);
      await played.table.next((m) => m.type === 'finished');
      expectNaboosPlansHiddenFromAna(played);
      expect(qgLeaks(played.tapped)).toEqual([]);
    },
  );
});
