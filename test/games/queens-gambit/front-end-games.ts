// The Queen's Gambit's whole games on the table's two text front ends with scripted people: the
// pass-and-play terminal and the public JSON stream, at 2 and 4 players, bad answers refused and
// every line checked against what its reader may not know (the game's secrets as ids and as the
// renderer's words, and the real Queen). A seed names each game; table-fronts.test.ts plays a few,
// table-fronts.soak.ts every one.
import { expect } from 'vitest';
import type { QgState } from '../../../host/games/queens-gambit/model.ts';
import { queensGambitEntry } from '../../../host/games/queens-gambit/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost, type SeatPlan } from '../../../host/table/host.ts';
import { runJsonWithPeople, runTerminalWithPeople } from '../../table/support.ts';
import { namesTheRealQueen, queenHiddenFrom, secretWords, secretWordsOfRun } from './table-support.ts';

export const people = (names: readonly string[], bots: readonly (string | null)[] = []): SeatPlan[] => names.map((name, i) => ({ name, bot: bots[i] ?? null }));

export function start(seats: readonly SeatPlan[], seed: number, options: Record<string, string | number> = {}, chance: 'sample' | 'table' = 'sample') {
  return TableHost.start(queensGambitEntry, { seats, seed, options }, { savePath: null, chance }).host;
}

/** A game of scripted people: its seed, the seats' names and which are bots. */
export interface PeopleGame {
  readonly seed: number;
  readonly players: number;
  readonly names: readonly string[];
  readonly bots: readonly (string | null)[];
}

const TWO = ['Ana', 'Ben'];
const FOUR = ['Ana', 'Ben', 'Cy', 'Di'];
const FOUR_BOTS = [null, 'heuristic', null, null];

function gameOf(games: readonly PeopleGame[], seed: number, what: string): PeopleGame {
  const game = games.find((g) => g.seed === seed);
  if (game === undefined) throw new Error(`seed ${seed} names no Queen's Gambit ${what} game; the seeds are ${games.map((g) => g.seed).join(', ')}`);
  return game;
}

const TERMINAL_GAMES: readonly PeopleGame[] = [
  { seed: 8, players: 2, names: TWO, bots: [] },
  { seed: 5, players: 4, names: FOUR, bots: FOUR_BOTS },
];

const JSON_GAMES: readonly PeopleGame[] = [
  { seed: 21, players: 2, names: TWO, bots: [] },
  { seed: 22, players: 4, names: FOUR, bots: FOUR_BOTS },
];

export const terminalGameOfSeed = (seed: number): PeopleGame => gameOf(TERMINAL_GAMES, seed, 'pass-and-play terminal');
export const jsonGameOfSeed = (seed: number): PeopleGame => gameOf(JSON_GAMES, seed, 'JSON stream');

/** The pass-and-play terminal played to the end: asked in seat order with the screen cleared between; nobody shown what they may not know. */
export async function playTerminalGame({ seed, names, bots }: PeopleGame): Promise<void> {
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
}

/** The public JSON stream played to the end: bad input refused; every line only what its reader may know. */
export async function playJsonGame({ seed, names, bots }: PeopleGame): Promise<void> {
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
}
