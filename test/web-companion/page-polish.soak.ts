// npm run soak: page-polish's walks (page-polish.ts) over every game at every screen size (a
// phone's width, light and dark, and a laptop's): the start page with each game chosen, and each
// game's table page, seat pages and pass-and-play screen. npm test (page-polish.test.ts) walks
// each game at one size and every size at least once.

import { afterEach, expect, it } from 'vitest';
import type { WebServer } from '../../host/web/server.ts';
import { describeInChromium, useChromium } from '../support/browser.ts';
import { GAMES, gamePagesProblems, SIZES, startPageProblems, startPeopleMatch, startPolishServer } from './page-polish.ts';

describeInChromium("every game's pages at every size", () => {
  const chromium = useChromium();
  const servers: WebServer[] = [];
  afterEach(async () => {
    await chromium.closeContexts();
    for (const s of servers.splice(0)) await s.close();
  });

  it.each(SIZES.map((size) => [size.name, size] as const))('the start page at %s, with each game chosen, reads well', async (_name, size) => {
    const server = await startPolishServer();
    servers.push(server);
    expect(await startPageProblems(chromium, server, GAMES, size)).toEqual([]);
  });

  for (const game of GAMES) {
    it.each(SIZES.map((size) => [size.name, size] as const))(`${game.title} at %s: the table, a seat and pass-and-play read well`, async (_name, size) => {
      const server = await startPolishServer();
      servers.push(server);
      await startPeopleMatch(server, game);
      expect(await gamePagesProblems(chromium, server, game, size)).toEqual([]);
    });
  }
});
