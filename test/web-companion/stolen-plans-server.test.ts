// Stolen Plans on the web companion's server, over the live channel (ws clients): the start page's
// channel starts it with its options; each seat is sent its own hand with the cards' faces and its
// own moves, the table the public view only; a seat cannot move another; whole games with 2 to 4
// seats (people and bots, stolen-plans-live.ts: a few here, every table in the soak) are played to
// the end with every message checked against what its viewer could not know when it was sent.

import { afterEach, describe, expect, it } from 'vitest';
import { testSeeds } from '../support/soak-seeds.ts';
import { type Closable, liveTable, mover, playLiveTable, startLiveGame } from './stolen-plans-live.ts';
import type { Client, Message } from './support.ts';

const opened: Closable[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

describe('Stolen Plans on the web companion server', () => {
  it('is offered on the start page with its options and bots; each seat gets its own hand with faces and moves, the table no hand; a seat cannot move another', async () => {
    const { lobby, table, seats } = await startLiveGame([null, null, null], { bonus: true, 'quick-window-seconds': 60 }, 3, opened);
    const offered = (lobby['games'] as Message[]).find((g) => g['id'] === 'stolen-plans');
    if (offered === undefined) throw new Error('Stolen Plans is not offered');
    expect(offered).toMatchObject({ title: 'Star Wars: Stolen Plans', defaultBot: 'hunter' });
    expect((offered['bots'] as { id: string }[]).map((b) => b.id)).toEqual(['random', 'hunter', 'search']);
    expect((offered['options'] as { id: string }[]).map((o) => o.id)).toContain('quick-window-seconds');
    const tableView = (table.snapshot() as Message)['view'] as { hand: string[]; faces: Record<string, unknown> };
    expect(tableView.hand).toEqual([]);
    expect(Object.keys(tableView.faces)).toEqual([]); // nothing face up yet
    for (const [i, seat] of seats.entries()) {
      const view = (seat.snapshot() as Message)['view'] as { viewer: string; hand: string[]; faces: Record<string, { text: string }> };
      expect(view.viewer).toBe(`p${i + 1}`);
      expect(view.hand).toHaveLength(5);
      for (const card of view.hand) expect(view.faces[card.replace(/-\d+$/, '')]?.text).toMatch(/\w/);
    }
    const turn = mover(seats);
    if (turn === null) throw new Error('nobody to move');
    expect((turn.snap['moves'] as { label: string }[]).some((m) => m.label === 'Draw a card')).toBe(true);
    const other = seats.find((c) => c !== turn.seat) as Client;
    const moverId = (turn.snap['view'] as { viewer: string }).viewer;
    other.send({ type: 'move', move: { actor: moverId, type: 'draw' } });
    expect(String((await other.next((m) => m.type === 'rejected'))['reason'])).toMatch(/may only make its own moves/);
  });

  it.each(testSeeds('stolen-plans-live-games'))(
    'table %i: a whole game with people and bots; no message to any page holds a card hidden from it (every table in stolen-plans-server.soak.ts)',
    async (seed) => {
      await playLiveTable(seed, opened);
    },
  );

  it('refuses a seed that names no table', () => {
    expect(() => liveTable(99)).toThrow(/seed 99 names no table of stolen-plans-live-games/);
  });
});
