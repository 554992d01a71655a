// The Queen's Gambit's whole games through the table host with bots and a timer, every update each
// viewer receives rendered and checked against what that viewer may not know: a few seeds at 2
// players in table-entry.test.ts (npm test), all of them at 2 and 4 in table-entry.soak.ts (npm run soak).
import { expect } from 'vitest';
import type { TableConfig } from '../../../host/engine/table-game.ts';
import { queensGambit, type QgView } from '../../../host/games/queens-gambit/table-game.ts';
import type { QgEvent, QgMove, QgState } from '../../../host/games/queens-gambit/model.ts';
import { queensGambitEntry, queensGambitRenderer as R } from '../../../host/games/queens-gambit/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost, type TableUpdate } from '../../../host/table/host.ts';
import { FakeTimer, holdsToken } from '../../table/support.ts';
import { wordLeaks } from './table-support.ts';

const NAMES2 = { p1: 'Ana', p2: 'Ben' };
const NAMES4 = { p1: 'Ana', p2: 'Ben', p3: 'Cy', p4: 'Di' };

/** Every viewer of a host, the lines each update gives it, each checked against that viewer's secrets at that moment. */
function watch(host: TableHost<TableConfig, QgState, QgMove, QgView, QgEvent>, names: Readonly<Record<string, string>>) {
  const problems: string[] = [];
  const lines = new Map<string, string[]>();
  let now = host.state;
  let before = host.state;
  for (const viewer of [TABLE, ...host.seats.map((s) => s.id)]) {
    lines.set(viewer, []);
    host.subscribe(viewer, (u: TableUpdate<QgMove, QgView, QgEvent>) => {
      if (host.state !== now) {
        before = now;
        now = host.state;
      }
      let out: string[] = [];
      let json = '';
      if (u.kind === 'snapshot') {
        out = [...R.viewLines(u.snapshot.view, names), u.snapshot.prompt];
        for (const m of u.snapshot.moves) {
          const l = R.moveLabel(m, u.snapshot.view, names);
          out.push(l.label, l.hint ?? '');
        }
        json = JSON.stringify(u.snapshot);
      } else if (u.kind === 'events') out = u.events.flatMap((e) => R.eventLines(e, viewer, names));
      else if (u.kind === 'rejected') out = [u.reason];
      lines.get(viewer)?.push(...out);
      problems.push(...wordLeaks(u.kind === 'events' ? before : now, now, viewer, out));
      // The snapshot as sent (ids): nothing of the state's secrets for this viewer.
      for (const id of queensGambit.secretsFrom(now, viewer))
        if (json !== '' && json.includes(id) && holdsToken(json, id)) problems.push(`${viewer} was sent ${id}`);
    });
  }
  return { problems, lines };
}

/** A game of `playHostGame`: the seed, the players, the bots every seat plays and the options. */
export interface HostGame {
  readonly seed: number;
  readonly players: 2 | 4;
  readonly bot: 'heuristic' | 'random';
  readonly options: Readonly<Record<string, string>>;
}

/** The tables by seed: its bots and options. */
const TABLES: Readonly<Record<number, { readonly bot: HostGame['bot']; readonly options: Readonly<Record<string, string>> }>> = {
  11: { bot: 'heuristic', options: {} },
  12: { bot: 'random', options: {} },
  13: { bot: 'heuristic', options: { 'deck-out': 'stop', 'droid-pool': 'eliminated' } },
};

/**
 * The games seed `seed` names at the table sizes `sizes` (npm test plays 2 players, the soak 2 and
 * 4); random bots play long games, so only at 2 players (the front ends' tests play random people
 * at both sizes).
 */
export function hostGamesOfSeed(seed: number, sizes: readonly HostGame['players'][]): HostGame[] {
  const table = TABLES[seed];
  if (table === undefined) throw new Error(`seed ${seed} names no Queen's Gambit host game; the seeds are ${Object.keys(TABLES).join(', ')}`);
  return sizes.filter((players) => players === 2 || table.bot !== 'random').map((players) => ({ seed, players, ...table }));
}

/** Plays `game` to the end and checks every line each viewer got, the end and the timer's commands. */
export async function playHostGame({ seed, players, bot, options }: HostGame): Promise<void> {
  const names = players === 2 ? NAMES2 : NAMES4;
  const timer = new FakeTimer();
  const { host } = TableHost.start(
    queensGambitEntry,
    { seats: Object.values(names).map((name) => ({ name, bot })), seed, options: { 'planning-seconds': 30, ...options } },
    { savePath: null, timer },
  );
  const watched = watch(host, names);
  await host.settled();
  await host.close();
  expect(host.result.finished, `seed ${seed}`).toBe(true);
  expect(watched.problems.slice(0, 5).join('\n')).toBe('');
  const table = watched.lines.get(TABLE) ?? [];
  expect(table.some((l) => /^The game is over: (Naboo|the Trade Federation) wins|^The game is over: a draw/.test(l))).toBe(true);
  expect(table.some((l) => /turned over /.test(l))).toBe(true);
  expect(table.some((l) => /^The attack dice: /.test(l))).toBe(true);
  // The planning clock at every plan, a chime for eliminations, the fanfare at the end.
  expect(timer.commands.filter((c) => c === 'TIMER 30').length).toBe(host.state.turn);
  expect(timer.commands).toContain('TIMER 0');
  expect(timer.commands).toContain('PLAY chime');
  if (host.state.winner !== null) expect(timer.commands.at(-1)).toBe('PLAY fanfare');
  // Each seat saw its own hand in words; the table never saw a hand.
  expect((watched.lines.get('p1') ?? []).some((l) => l === 'Your hand (6):' || l === 'Your hand (10):' || /^Your hand \(\d+\):$/.test(l))).toBe(true);
  expect(table.some((l) => /hand \(\d+\):$/.test(l))).toBe(false);
}
