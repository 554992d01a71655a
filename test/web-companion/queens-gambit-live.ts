// The Queen's Gambit on the web server's live channel (ws clients, no browser), shared by its test
// (npm test: the first moves) and its soak (npm run soak: the whole game): four seats in two teams,
// each page told who plays which side and sent its own view (teammates share their hands), then a
// forward move chosen on the first page with a menu, as a quick player would, each answer awaited.

import { expect } from 'vitest';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { loadLimits } from '../../host/web/limits.ts';
import type { WebServer } from '../../host/web/server.ts';
import { webGame } from '../../host/web/web-match.ts';
import { Client, type Message, pathOf, startTestServer, type Tapped, wsUrl } from './support.ts';

const GAMES = [webGame(queensGambitEntry)];
const FAST = { ...loadLimits(), ratePerSecond: 1000, rateBurst: 1000 };

/** What a test closes after it: the clients first, then the server. */
export interface Closable {
  close(): Promise<void> | void;
}

/** A game played on the live channel: its server, what each viewer was sent, the table's client, each seat's, the moves made. */
export interface PlayedOnLive {
  readonly server: WebServer;
  readonly tapped: readonly Tapped[];
  readonly table: Client;
  readonly pages: ReadonlyMap<string, Client>;
  readonly moves: number;
}

/**
 * Match seed `seed` with Ana, Ben, Cy and Di (two teams): checks what each page is told first (the
 * sides; Ana's view holds her hand and her teammate Di's, not the other team's), then makes moves
 * until the game is over or `upTo` moves were made. What it opens goes on `opened`, for the test to
 * close (in reverse order).
 */
export async function playTeamsOnLive(seed: number, upTo: number, opened: Closable[]): Promise<PlayedOnLive> {
  const { server, tapped } = await startTestServer({ limits: FAST, games: GAMES });
  opened.push(server);
  const open = async (url: string): Promise<Client> => {
    const client = await Client.open(wsUrl(server.url, `/live${pathOf(url)}`), { origin: server.url.replace(/\/$/, '') });
    opened.push(client);
    return client;
  };
  const seats = ['Ana', 'Ben', 'Cy', 'Di'].map((name) => ({ name, bot: null }));
  expect(await server.handle({ type: 'start', game: 'queens-gambit', seats, options: {}, seed, timer: { kind: 'none' } })).toBeNull();
  const links = server.links();
  if (links === null) throw new Error('no match');
  const pages = new Map<string, Client>();
  for (const s of links.seats) pages.set(s.id, await open(s.url));
  const table = await open(links.table);
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
  for (; moves < upTo && !(server.match()?.finished() ?? true); moves++) {
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
  return { server, tapped, table, pages, moves };
}

/** The other team's plans as Ana (Trade Federation) was sent them: only ever "committed" or not, never their cards. */
export function expectNaboosPlansHiddenFromAna(played: PlayedOnLive): void {
  const plans = played.pages
    .get('p1')
    ?.received.filter((m) => m.type === 'snapshot')
    .map((m) => (m['view'] as { plans: Record<string, { picked: unknown }> }).plans);
  expect(plans?.length).toBeGreaterThan(0);
  for (const plan of plans ?? []) {
    expect(plan['p2']?.picked).toBeNull();
    expect(plan['p3']?.picked).toBeNull();
  }
}
