// The Queen's Gambit on the table's two text front ends, played to the end by scripted people: the
// pass-and-play terminal and the JSON stream (public and one seat's), at 2 and 4 players, with bad
// answers refused, table dice typed in, and every line checked against what its reader may not
// know: the game's secrets as ids and as the words the renderer shows them in, and the real Queen.
import { describe, expect, it } from 'vitest';
import type { QgState } from '../../../host/games/queens-gambit/model.ts';
import { queensGambitEntry } from '../../../host/games/queens-gambit/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost, type SeatPlan } from '../../../host/table/host.ts';
import { runJsonWithPeople, runTerminalWithPeople } from '../../table/support.ts';
import { namesTheRealQueen, queenHiddenFrom, secretWords, secretWordsOfRun } from './table-support.ts';

const people = (names: readonly string[], bots: readonly (string | null)[] = []): SeatPlan[] => names.map((name, i) => ({ name, bot: bots[i] ?? null }));

function start(seats: readonly SeatPlan[], seed: number, options: Record<string, string | number> = {}, chance: 'sample' | 'table' = 'sample') {
  return TableHost.start(queensGambitEntry, { seats, seed, options }, { savePath: null, chance }).host;
}

describe("The Queen's Gambit in the pass-and-play terminal", () => {
  it.each([
    [2, ['Ana', 'Ben'], [], 8],
    [4, ['Ana', 'Ben', 'Cy', 'Di'], [null, 'heuristic', null, null], 5],
  ] as const)(
    '%i players play to the end, asked in seat order with the screen cleared between; nobody is shown what they may not know',
    async (_n, names, bots, seed) => {
      const host = start(people(names, bots), seed);
      const queenLeaks: string[] = [];
      const run = await runTerminalWithPeople(host, {
        seed: seed * 7,
        badAnswers: true,
        secretsFrom: secretWordsOfRun(),
        onLine: (line, _type, who) => {
          if (queenHiddenFrom(host.state, who) && namesTheRealQueen(line)) queenLeaks.push(`${who}: ${line}`);
        },
      });
      await host.close();
      expect(run.end).toBe('finished');
      expect(run.leaks.slice(0, 5)).toEqual([]);
      expect(queenLeaks).toEqual([]);
      const text = run.lines.join('\n');
      expect(text).toMatch(/Game over: (Naboo|the Trade Federation) wins/);
      // Naboo chose the Queen first, in private, then the plans were made by everyone in seat order.
      const naboo = host.seats.find((s) => s.id === (names.length === 4 ? 'p3' : 'p2'))?.name;
      expect(run.passes[0]).toBe(naboo);
      expect(text).toMatch(/Pick card 1 of \d: /);
      expect(text).toContain('Commit the plan');
      expect(text).toContain('Type a number from 1 to');
      // Each person saw the others' moves since their last turn, and the table's news.
      expect(text).toContain('Since your last turn:');
      expect(text).toMatch(/turned over /);
    },
    240_000,
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
    expect(run.lines.some((l) => /^Roll the Anakin's red six-sided die \(1 = ⚀, 2 = ⚁, 3 = ⚂, 4 = ⚃, 5 = ⚄, 6 = ⚅\), /.test(l))).toBe(true);
    expect(run.lines.some((l) => /^Not taken: the dice: /.test(l))).toBe(true);
    expect(host.log.moves.filter((m) => m.type === 'chance').length).toBeGreaterThan(10);
  }, 240_000);
});

describe("The Queen's Gambit on the JSON stream", () => {
  it.each([
    [2, ['Ana', 'Ben'], [], 21],
    [4, ['Ana', 'Ben', 'Cy', 'Di'], [null, 'heuristic', null, null], 22],
  ] as const)(
    '%i players on the public stream play to the end; bad input is refused; every line is only what its reader may know',
    async (_n, names, bots, seed) => {
      const host = start(people(names, bots), seed);
      const queenLeaks: string[] = [];
      const run = await runJsonWithPeople(host, {
        as: null,
        seed: seed * 3,
        bad: (seat) => ['not json', JSON.stringify({ seat, choice: 999 }), JSON.stringify({ actor: seat, type: 'choose', option: 'target:nobody' })],
        secretsFrom: (s: QgState, viewer) => secretWords(s, viewer),
        onRecord: (record) => {
          const reader = typeof record['seat'] === 'string' ? record['seat'] : TABLE;
          const lines = [...((record['lines'] as string[] | undefined) ?? []), ...((record['text'] as string[] | undefined) ?? [])];
          for (const c of (record['choices'] as { label: string; hint?: string }[] | undefined) ?? []) lines.push(c.label, c.hint ?? '');
          if (queenHiddenFrom(host.state, reader)) for (const l of lines) if (namesTheRealQueen(l)) queenLeaks.push(`${reader}: ${l}`);
        },
      });
      await host.close();
      expect(run.end).toBe('finished');
      expect(run.leaks.slice(0, 5)).toEqual([]);
      expect(queenLeaks).toEqual([]);
      const last = run.records.at(-1);
      expect(last).toMatchObject({ type: 'result', winningTeams: [expect.stringMatching(/^(naboo|trade-federation)$/)] });
      const errors = run.records.filter((r) => r['type'] === 'error' || r['type'] === 'rejected');
      expect(errors.some((r) => /no choice 999/.test(String(r['message'])))).toBe(true);
      expect(errors.some((r) => r['type'] === 'rejected' && /target:nobody|not one of|no such/i.test(JSON.stringify(r)))).toBe(true);
      // The table's lines carry no seat; prompts carry the menus with labels and hints.
      const prompt = run.records.find((r) => r['type'] === 'prompt' && /Pick card 1 of/.test(JSON.stringify(r['choices'])));
      expect(prompt).toBeDefined();
      for (const r of run.records) if (r['type'] === 'table') expect(r).not.toHaveProperty('seat');
    },
    240_000,
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
  }, 240_000);
});
