// The Queen's Gambit on the web server's live channel (ws clients, no browser): four seats in two
// teams play a whole game, each connection sent only its own view (teammates share their hands and
// plans, the other team never), every message checked for the other side's secrets and the real
// Queen; and the table's own dice: the table page is sent what to roll, a face the die does not
// have is refused with the reason, the roll entered is taken.

import { afterEach, describe, expect, it } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { qgLeaks } from './queens-gambit-leaks.ts';
import { Client, pathOf, startTestServer, wsUrl, type Message } from './support.ts';

const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };
const GAMES = [webGame(queensGambitEntry)];
const servers: WebServer[] = [];
const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function open(server: WebServer, url: string): Promise<Client> {
  const client = await Client.open(wsUrl(server.url, `/live${pathOf(url)}`), { origin: server.url.replace(/\/$/, '') });
  clients.push(client);
  return client;
}

describe("The Queen's Gambit on the live channel", () => {
  it("four seats in two teams play to the end; teammates see each other's hands and plans, the other team never; nothing leaks", async () => {
    const { server, tapped } = await startTestServer({ limits: FAST, games: GAMES });
    servers.push(server);
    const seats = ['Ana', 'Ben', 'Cy', 'Di'].map((name) => ({ name, bot: null }));
    expect(await server.handle({ type: 'start', game: 'queens-gambit', seats, options: {}, seed: 23, timer: { kind: 'none' } })).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const pages = new Map<string, Client>();
    for (const s of links.seats) pages.set(s.id, await open(server, s.url));
    const table = await open(server, links.table);
    await table.next((m) => m.type === 'snapshot');
    // Every page is told who plays which side (public), the table and each seat alike.
    for (const client of [table, ...pages.values()])
      expect((await client.next((m) => m.type === 'hello'))['sides']).toBe('Trade Federation: Ana and Di. Naboo: Ben and Cy.');
    // Ana (Trade Federation Battlefield) sees Di's hand (her teammate, the Palace player), not Ben's or Cy's.
    const ana = await (pages.get('p1') as Client).next((m) => m.type === 'snapshot');
    const hands = (ana['view'] as { hands: Record<string, unknown> }).hands;
    expect(Object.keys(hands).sort()).toEqual(['p1', 'p4']);
    expect(ana['lines'] as string[]).toContain("Di's hand (6):");
    let x = 99;
    let moves = 0;
    for (; moves < 4000 && !(server.match()?.finished() ?? true); moves++) {
      // The first page with a menu chooses a forward move (never a step back), as a quick player would.
      let chose = false;
      for (const [, client] of pages) {
        const snap = client.snapshot() as Message | undefined;
        const menu = (snap?.['moves'] as { n: number; label: string }[] | undefined) ?? [];
        if (menu.length === 0) continue;
        const forward = menu.filter((m) => !/^(Undo|Take a bonus card back|Back:)/.test(m.label));
        const commit = forward.find((m) => m.label === 'Commit the plan');
        x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
        const pick = commit ?? forward[(x >>> 8) % forward.length] ?? (menu[0] as { n: number });
        const before = client.received.length;
        client.send({ type: 'choose', menu: snap?.['menu'], n: pick.n });
        await client.next((m) => m.type === 'snapshot' || m.type === 'rejected' || m.type === 'error', before);
        chose = true;
        break;
      }
      if (!chose) await new Promise((r) => setTimeout(r, 5));
    }
    expect(server.match()?.finished(), `after ${moves} moves`).toBe(true);
    await table.next((m) => m.type === 'finished');
    // The other team's plans were only ever "committed" or not: never their cards.
    const tfPlans = pages
      .get('p1')
      ?.received.filter((m) => m.type === 'snapshot')
      .map((m) => (m['view'] as { plans: Record<string, { picked: unknown }> }).plans);
    for (const plans of tfPlans ?? []) {
      expect(plans['p2']?.picked).toBeNull();
      expect(plans['p3']?.picked).toBeNull();
    }
    expect(qgLeaks(tapped)).toEqual([]);
  }, 600_000);

  it('with table dice, the table page is sent what to roll; a face the die does not have is refused with the reason; the roll is taken', async () => {
    const { server } = await startTestServer({ limits: FAST, games: GAMES });
    servers.push(server);
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
