// The Queen's Gambit on the web server's live channel (ws clients, no browser): four seats in two
// teams play the first moves (queens-gambit-live.ts; the whole game in queens-gambit-server.soak.ts), each connection sent only its own view (teammates share their hands and
// plans, the other team never), every message checked for the other side's secrets and the real
// Queen; and the table's own dice: the table page is sent what to roll, a face the die does not
// have is refused with the reason, the roll entered is taken.

import { afterEach, describe, expect, it } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';
import { type Closable, expectNaboosPlansHiddenFromAna, playTeamsOnLive } from './queens-gambit-live.ts';
import { Client, pathOf, startTestServer, wsUrl } from './support.ts';
import { testSeeds } from '../support/soak-seeds.ts';

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
const GAMES = [webGame(queensGambitEntry)];
/** The moves made here: past the first plans committed and carried out (the whole game in queens-gambit-server.soak.ts). */
const FIRST_MOVES = 120;
const opened: Closable[] = [];

afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

async function open(server: WebServer, url: string): Promise<Client> {
  const client = await Client.open(wsUrl(server.url, `/live${pathOf(url)}`), { origin: server.url.replace(/\/$/, '') });
  opened.push(client);
  return client;
}

describe("The Queen's Gambit on the live channel", () => {
  it.each(testSeeds('queens-gambit-live-game'))(
    "match seed %i: four seats in two teams play its first moves; teammates see each other's hands and plans, the other team never; nothing leaks",
    async (seed) => {
      const played = await playTeamsOnLive(seed, FIRST_MOVES, opened);
      expect(played.moves).toBe(FIRST_MOVES);
      expectNaboosPlansHiddenFromAna(played);
      expect(qgLeaks(played.tapped)).toEqual([]);
    },
  );

  it('with table dice, the table page is sent what to roll; a face the die does not have is refused with the reason; the roll is taken', async () => {
    const { server } = await startTestServer({ limits: FAST, games: GAMES });
    opened.push(server);
    expect(
      await server.handle({
        type: 'start',
        game: 'queens-gambit',
        seats: [
          { name: 'Ana', bot: 'heuristic' },
          { name: 'Ben', bot: 'heuristic' },
        ],
        options: {},
        seed: 4,
        timer: { kind: 'none' },
        chance: 'table',
      }),
    ).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const table = await open(server, links.table);
    let entered = 0;
    for (let round = 0; round < 12; round++) {
      const wanted = await table.next((m) => m.type === 'snapshot' && m['dice'] !== null && !m['used'], 0, 20_000);
      (wanted as Record<string, unknown>)['used'] = true;
      const dice = (wanted['dice'] as { kind: string; dice: { name: string; faces: { id: string }[] }[] }).dice;
      const from = table.received.length;
      if (round === 0) {
        table.send({ type: 'dice', outcome: dice.map(() => 'sixteen') });
        const refused = await table.next((m) => m.type === 'rejected' || m.type === 'error', from);
        expect(String(refused['reason'] ?? refused['problem'])).toMatch(/has no face "sixteen"; its faces are /);
      }
      const at = table.received.length;
      table.send({ type: 'dice', outcome: dice.map((d) => d.faces.at(-1)?.id) });
      await table.next((m) => m.type === 'events', at);
      entered++;
    }
    expect(entered).toBe(12);
    // The log says the rolls in words: the faces the table entered.
    const words = table.received.filter((m) => m.type === 'events').flatMap((m) => m['lines'] as string[]);
    expect(words.some((l) => /^(The attack dice|The defense dice|The Trade Federation's grey dice): /.test(l) || /^Anakin rolls 6 and 6: 12\./.test(l))).toBe(
      true,
    );
  }, 120_000);
});
