// npm run soak: whole games of Secret Invasion with 3 and 4 seats over the web companion's live
// channel (live-play.ts), every message checked for hidden cards; npm test (server.test.ts) plays
// one with 2 seats.

import { afterEach, describe, it } from 'vitest';
import { type Opened, playWholeGame } from './live-play.ts';

const open: Opened[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

describe('web companion server, whole games', () => {
  it.each([3, 4])('plays a whole game of Secret Invasion with %i seats: no message to any page holds a card hidden from it', (people) =>
    playWholeGame((opened) => open.push(opened), people),
  );
});
