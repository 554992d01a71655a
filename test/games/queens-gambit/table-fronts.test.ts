// The Queen's Gambit on the table's two text front ends, played to the end by scripted people: the
// pass-and-play terminal and the JSON stream (public and one seat's), at 2 and 4 players, with bad
// answers refused, table dice typed in, and every line checked against what its reader may not
// know: the game's secrets as ids and as the words the renderer shows them in, and the real Queen.
// The whole games of scripted people are front-end-games.ts's: a few seeds here, every one in
// table-fronts.soak.ts.
import { describe, expect, it } from 'vitest';
import type { QgState } from '../../../host/games/queens-gambit/model.ts';
import { testSeeds } from '../../support/soak-seeds.ts';
import { runJsonWithPeople, runTerminalWithPeople } from '../../table/support.ts';
import { jsonGameOfSeed, people, playJsonGame, playTerminalGame, start, terminalGameOfSeed } from './front-end-games.ts';
import { namesTheRealQueen, queenHiddenFrom, secretWords, secretWordsOfRun } from './table-support.ts';

describe("The Queen's Gambit in the pass-and-play terminal", () => {
  it.each(testSeeds('queens-gambit-terminal-games').map(terminalGameOfSeed))(
    'seed $seed: $players players play to the end, asked in seat order with the screen cleared between; nobody is shown what they may not know',
    (game) => playTerminalGame(game),
  );

  it('with table dice, the rolls are typed in publicly (and a wrong face is asked again)', async () => {
    const host = start(people(['Ana', 'Ben'], ['heuristic', null]), 9, {}, 'table');
    const run = await runTerminalWithPeople(host, { seed: 4, badAnswers: true, secretsFrom: secretWordsOfRun(false) });
    await host.close();
    expect(run.end).toBe('finished');
    expect(run.leaks.slice(0, 5)).toEqual([]);
    expect(
      run.lines.some((l) => /^Roll the red attack die \(miss = ○, hit = ✶, multiple-hits = ✶✶ multiple hits\)/.test(l) || /^Roll the grey attack die/.test(l)),
    ).toBe(true);
    expect(run.lines.some((l) => /^Roll Anakin's red six-sided die \(1 = ⚀, 2 = ⚁, 3 = ⚂, 4 = ⚃, 5 = ⚄, 6 = ⚅\), /.test(l))).toBe(true);
    expect(run.lines.some((l) => /^Not taken: the dice: /.test(l))).toBe(true);
    expect(host.log.moves.filter((m) => m.type === 'chance').length).toBeGreaterThan(10);
  });
});

describe("The Queen's Gambit on the JSON stream", () => {
  it.each(testSeeds('queens-gambit-json-games').map(jsonGameOfSeed))(
    'seed $seed: $players players on the public stream play to the end; bad input is refused; every line is only what its reader may know',
    (game) => playJsonGame(game),
  );

  it("one seat's stream (--as) carries only that seat's lines, Naboo's real Queen never on the Trade Federation's", async () => {
    const host = start(people(['Ana', 'Ben'], [null, 'heuristic']), 31);
    const queenLeaks: string[] = [];
    const run = await runJsonWithPeople(host, {
      as: 'p1',
      seed: 5,
      secretsFrom: (s: QgState, viewer) => secretWords(s, viewer),
      onRecord: (record) => {
        const lines = [...((record['lines'] as string[] | undefined) ?? []), ...((record['text'] as string[] | undefined) ?? [])];
        if (queenHiddenFrom(host.state, 'p1')) for (const l of lines) if (namesTheRealQueen(l)) queenLeaks.push(l);
      },
    });
    await host.close();
    expect(run.end).toBe('finished');
    expect(run.leaks.slice(0, 5)).toEqual([]);
    for (const r of run.records) if (['prompt', 'view', 'game-event'].includes(r['type'] as string)) expect(r['seat']).toBe('p1');
    const events = run.records.filter((r) => r['type'] === 'game-event').flatMap((r) => r['text'] as string[]);
    expect(events).toContain('Ben chose the real Queen, in secret.');
    expect(queenLeaks).toEqual([]);
  });
});
