// What a family at the table would trip over, checked on every game's pages in Debian's Chromium
// (playwright-core) at a phone's width (light and dark) and a laptop's: the table page, a seat page
// and the pass-and-play screen (its cover and a person's screen). No sideways scrolling and no
// button off the screen; no seat id or decision kind in the words ("Waiting for p2 (queen)."); a
// "whose turn" line ("Your turn." on that person's page); a way back to the start page; and every
// piece of text readable against what is behind it (contrast 4.5:1, 3:1 for large text). The words
// themselves (prompt-words.ts, whose-turn.ts) are checked alone too. Here each game's pages are
// seen at one size and each size at least once (page-polish.ts, `sizesFor`); every game at every
// size is npm run soak's (page-polish.soak.ts).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { whoseTurn } from '../../host/web/page/whose-turn.ts';
import { ACTOR_WORDS_FILE, actorName, loadActorWords, promptInWords, summaryInWords } from '../../host/web/prompt-words.ts';
import type { WebServer } from '../../host/web/server.ts';
import { describeInChromium, useChromium } from '../support/browser.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { GAMES, gamePagesProblems, PATIENT, problemsOn, SIZES, sizesFor, startPageProblems, startPeopleMatch, startPolishServer } from './page-polish.ts';

const NAMES = { p1: 'Ana', p2: 'Ben', p3: 'Cy' };

describe('the words of who is asked: names, never ids', () => {
  it("turns the games' seats into names, and leaves out a prompt that only says who is waited on", () => {
    // Every game's prompt to a viewer not asked names the seats waited on ("Ana (p1)").
    expect(promptInWords('Waiting for Ana (p1).', NAMES, false, ['p1'])).toBe('');
    expect(promptInWords('Waiting for Ana (p1) and Cy (p3).', NAMES, false, ['p1', 'p3'])).toBe('');
    expect(promptInWords('Waiting for Ana (p1) and Cy (p3).', NAMES, false, ['p1'])).toBe('Waiting for Ana and Cy.');
    expect(promptInWords('Waiting for the steal.', NAMES, false, ['chance'])).toBe('Waiting for the steal.');
    expect(promptInWords('The table rolls red attack die, grey attack die.', NAMES, false, ['chance'])).toBe(
      'The table rolls red attack die, grey attack die.',
    );
    expect(promptInWords('Waiting for the other plans.', NAMES, false, ['p1', 'p2'])).toBe('Waiting for the other plans.');
    // To the person asked, the game's own words (only "Ana (p1)" made a name).
    expect(promptInWords('Choose a card.', NAMES, true, ['p1'])).toBe('Choose a card.');
    expect(promptInWords('Ask Ben (p2) for a card.', NAMES, true, ['p1'])).toBe('Ask Ben for a card.');
    expect(promptInWords('Ben (p2) attacks you with Jawa Attack (Attack 5).', NAMES, true, ['p1'])).toBe('Ben attacks you with Jawa Attack (Attack 5).');
  });

  it("says who won in names: the games' summaries without ids, the winners named when the summary does not", () => {
    expect(summaryInWords('the last card of the draw pile is taken: Ana (p1) holds R2-D2 and wins', NAMES, ['p1'])).toBe(
      'the last card of the draw pile is taken: Ana holds R2-D2 and wins',
    );
    expect(summaryInWords('won: 7 victory tokens', NAMES, ['p2'])).toBe('Ben wins (won: 7 victory tokens)');
    expect(summaryInWords('the Rebels won: all four codes found', NAMES, ['p1', 'p2'])).toBe('Ana and Ben win (the Rebels won: all four codes found)');
    expect(summaryInWords('the Empire won: the time ran out', NAMES, [])).toBe('the Empire won: the time ran out');
  });

  it("the actors' words are data, checked when loaded", () => {
    const words = JSON.parse(readFileSync(ACTOR_WORDS_FILE, 'utf8'));
    const dir = testTempDir('actor-words-');
    const bad = join(dir, 'actor-words.json');
    writeFileSync(bad, JSON.stringify({ ...words, actors: { ...words.actors, timer: '' } }));
    expect(() => loadActorWords(bad)).toThrow(/host\/web\/actor-words\.json: actors\.timer: must not be empty/);
    writeFileSync(bad, JSON.stringify({ ...words, actors: { 'The Timer': 'the timer' } }));
    expect(() => loadActorWords(bad)).toThrow(/must be an actor id/);
  });

  it('names the actors that are no seat, and says whose turn it is', () => {
    expect(actorName('timer', NAMES)).toBe('the timer');
    expect(actorName('chance', NAMES)).toBe('a roll or a draw');
    expect(actorName('chance', NAMES, true)).toBe("the table's dice");
    expect(actorName('p2', NAMES)).toBe('Ben');
    const on = (...ids: string[]) => ids.map((id) => ({ id, name: actorName(id, NAMES) }));
    expect(whoseTurn(on('p1'), 'p1')).toBe('Your turn.');
    expect(whoseTurn(on('p1', 'p2'), 'p1')).toBe('Waiting on you and Ben.');
    expect(whoseTurn(on('p1', 'p2', 'p3'), null)).toBe('Waiting on Ana, Ben and Cy.');
    expect(whoseTurn(on('timer'), 'p2')).toBe('Waiting on the timer.');
    expect(whoseTurn([], null)).toBe('');
  });
});

describeInChromium("every game's pages, at a phone's width and a laptop's", () => {
  const chromium = useChromium();
  const servers: WebServer[] = [];
  afterEach(async () => {
    await chromium.closeContexts();
    for (const s of servers.splice(0)) await s.close();
  });

  it('the start page, with each game chosen, fits a phone and reads well (each game at one size, every size once)', async () => {
    const server = await startPolishServer();
    servers.push(server);
    const found: string[] = [];
    for (const size of SIZES) {
      const games = GAMES.filter((_, i) => sizesFor(i).includes(size));
      expect(games.length, `a game shown at ${size.name}`).toBeGreaterThan(0);
      found.push(...(await startPageProblems(chromium, server, games, size)));
    }
    expect(found).toEqual([]);
  });

  it("The Queen's Gambit's table dice on a phone: each die's name above its choice, the faces in symbols and words beneath", async () => {
    const server = await startPolishServer();
    servers.push(server);
    const bots = [
      { name: 'Ana', bot: 'heuristic' },
      { name: 'Ben', bot: 'heuristic' },
    ];
    expect(
      await server.handle({ type: 'start', game: 'queens-gambit', seats: bots, options: {}, seed: 4, timer: { kind: 'none' }, chance: 'table' }),
    ).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } });
    const table = await context.newPage();
    await table.goto(links.table);
    const die = table.locator('.dice-entry .die').first();
    await die.waitFor({ timeout: 30_000 });
    const [label, select, faces] = await Promise.all(['label', 'select', '.die-faces'].map((part) => die.locator(part).boundingBox()));
    if (!label || !select || !faces) throw new Error('the die has no label, choice or faces');
    expect(label.y + label.height).toBeLessThanOrEqual(select.y + 1);
    expect(select.y + select.height).toBeLessThanOrEqual(faces.y + 1);
    expect(await die.locator('.die-faces').innerText()).toMatch(/^Its faces: ○ miss \(\d of 6\), ✶ hit/);
    expect(await problemsOn(table)).toEqual([]);
  });

  it('pass-and-play says why nothing may be played while the timer is paused, not just whose turn it is', async () => {
    const server = await startPolishServer(7);
    servers.push(server);
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: null },
    ];
    expect(await server.handle({ type: 'start', game: 'rebel-missions', seats, options: {}, seed: 5, timer: { kind: 'virtual' } })).toBeNull();
    const links = server.links();
    if (links === null) throw new Error('no match');
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 } });
    const pass = await context.newPage();
    await pass.goto(links.table.replace('/table/', '/pass/'));
    await expect.poll(() => pass.locator('.pass-stage .waiting').innerText(), PATIENT).toBe('Waiting on the timer.');
    await pass.locator('button.device-start-timer').click();
    await pass.getByRole('button', { name: 'I am Ana: show my screen' }).waitFor();
    await pass.locator('button.device-pause-timer').click();
    await expect.poll(() => pass.locator('.pass-stage .waiting').innerText(), PATIENT).toMatch(/^the timer is paused: nothing is played until it runs again/);
    expect(await pass.locator('.pass-stage .board, .pass-stage .move-list').count()).toBe(0);
  });

  for (const [i, game] of GAMES.entries()) {
    const sizes = sizesFor(i);
    it(`${game.title}: the table, a seat and pass-and-play read well and lead back to the start page (${sizes.map((size) => size.name).join(', ')})`, async () => {
      const server = await startPolishServer();
      servers.push(server);
      await startPeopleMatch(server, game);
      const found: string[] = [];
      for (const size of sizes) found.push(...(await gamePagesProblems(chromium, server, game, size)));
      expect(found).toEqual([]);
    });
  }
});
