// npm run soak: Stolen Plans on the web server's live channel (ws clients), every table of
// stolen-plans-live.ts played to the end: 2 to 4 seats, people and bots, each set of options; the
// table is told who won, and no message to any page held a card hidden from it.

import { afterEach, describe, it } from 'vitest';
import { soakSeeds } from '../support/soak-seeds.ts';
import { type Closable, playLiveTable } from './stolen-plans-live.ts';

const opened: Closable[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

describe('Stolen Plans on the web companion server, whole games', () => {
  it.each(soakSeeds('stolen-plans-live-games'))(
    'table %i: a whole game with people and bots; no message to any page holds a card hidden from it',
    async (seed) => {
      await playLiveTable(seed, opened);
    },
  );
});
