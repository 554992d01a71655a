// Stolen Plans' whole games through the table host with bots, one a seed: seed 100 m + n is option
// mix m at n players. A few seeds in table-play.test.ts (npm test), every mix at every player count
// it allows in table-play.soak.ts (npm run soak). Every update is checked against what its viewer may
// not know, every card accounted for at the end, and the timer plays the game's sounds.
import { expect } from 'vitest';
import { cardAccountingProblems, stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpState } from '../../../host/games/stolen-plans/state.ts';
import { stolenPlansEntry } from '../../../host/games/stolen-plans/table-entry.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { FakeTimer } from '../../table/support.ts';

/** A clock that never moves: the scripted people answer every quick window themselves (its running out is table-quick.test.ts's). */
export const still = (): ManualClock => new ManualClock(0);

export const secretsFrom = (s: SpState, viewer: string): readonly string[] => stolenPlans.secretsFrom(s, viewer);

export const seats = (bots: readonly (string | null)[]) => bots.map((bot, i) => ({ name: ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Finn'][i] as string, bot }));

const MIXES: readonly { readonly label: string; readonly options: Record<string, boolean | number> }[] = [
  { label: 'the base deck', options: {} },
  { label: 'bonus cards', options: { bonus: true } },
  { label: 'bonus cards and New Ruling', options: { bonus: true, 'new-ruling': true } },
  { label: 'R2-D2 Where Are You? and There is another!', options: { 'r2-d2-where-are-you': true, 'there-is-another': true } },
  { label: 'everything the rules play, seat 2 first', options: { bonus: true, 'new-ruling': true, 'r2-d2-where-are-you': true, 'first-player': 2 } },
  { label: 'Rogue One with the Additional Bonus Cards', options: { 'rogue-one': true, 'additional-bonus': true } },
];

/** The card-like tokens of a text (ids such as `jawa-attack-3`), once, to check many secrets against. */
const tokensOf = (text: string): ReadonlySet<string> => new Set(text.split(/[^\w-]+/));

/** Subscribes every seat and the table; each update is checked against what its viewer may not know now (an event's card: before the move too). */
function watchLeaks(host: TableHost<unknown, SpState, never, unknown, unknown>): string[] {
  const leaks: string[] = [];
  let before = host.state;
  let now = host.state;
  const cache = new Map<SpState, Map<string, ReadonlySet<string>>>();
  const secrets = (s: SpState, viewer: string): ReadonlySet<string> => {
    const byViewer = cache.get(s) ?? new Map<string, ReadonlySet<string>>();
    cache.set(s, byViewer);
    const known = byViewer.get(viewer) ?? new Set(secretsFrom(s, viewer));
    byViewer.set(viewer, known);
    return known;
  };
  for (const viewer of [TABLE, ...host.seats.map((s) => s.id)]) {
    host.subscribe(viewer, (update) => {
      if (host.state !== now) {
        cache.delete(before);
        before = now;
        now = host.state;
      }
      const text = JSON.stringify(update);
      const tokens = tokensOf(text);
      const earlier = secrets(before, viewer);
      for (const secret of secrets(host.state, viewer)) {
        if (update.kind === 'events' && !earlier.has(secret)) continue;
        if (tokens.has(secret)) leaks.push(`${viewer} may not know ${secret}: ${text.slice(0, 240)}`);
      }
    });
  }
  return leaks;
}

/** A game of `playHostGame`: the option mix, the seats and the seed that names both. */
export interface HostGame {
  readonly seed: number;
  readonly label: string;
  readonly options: Record<string, boolean | number>;
  readonly players: number;
}

/** Whether mix `options` plays at `players` seats: the base deck is for 2 to 5, six need the bonus cards or Rogue One (README: player counts). */
const plays = (options: Record<string, boolean | number>, players: number): boolean =>
  players >= 2 && players <= 6 && (players < 6 || options['bonus'] === true || options['rogue-one'] === true);

/** The game seed `seed` names (100 m + n: mix m at n players); a seed naming no game is an error. */
export function tableOfSeed(seed: number): HostGame {
  const mix = MIXES[Math.floor(seed / 100)];
  const players = seed % 100;
  if (mix === undefined || !plays(mix.options, players))
    throw new Error(
      `seed ${seed} names no Stolen Plans host game: 100 m + n is mix m (0 to ${MIXES.length - 1}) at n players (2 to 5, 6 with bonus cards or Rogue One)`,
    );
  return { seed, label: mix.label, options: mix.options, players };
}

/** Every game's seed: every mix at every player count it plays. */
export const everyHostGameSeed = (): number[] =>
  MIXES.flatMap((mix, m) => [2, 3, 4, 5, 6].filter((players) => plays(mix.options, players)).map((players) => 100 * m + players));

const BOTS = ['hunter', 'random', 'hunter', 'random', 'hunter', 'random']; // the search bot plays in the stream and terminal games of table-play.test.ts

/** Plays `game` to the end with bots and checks it: finished, every card accounted for, nothing leaked, the end heard. */
export async function playHostGame(game: HostGame): Promise<void> {
  const timer = new FakeTimer();
  const { host } = TableHost.start(
    stolenPlansEntry,
    { seats: seats(BOTS.slice(0, game.players)), options: game.options, seed: game.seed },
    { savePath: null, timer, clock: still() },
  );
  const leaks = watchLeaks(host as never);
  await host.settled();
  await host.close(); // the timer's commands go out one at a time: all are sent once it is closed
  const where = `${game.label}, ${game.players} players`;
  expect(host.result.finished, where).toBe(true);
  expect(cardAccountingProblems(host.state), where).toEqual([]);
  expect(leaks, where).toEqual([]);
  // The game's end is heard: a fanfare for a winner, the lose sound when nobody wins.
  const last = timer.commands.at(-1);
  expect(last, where).toBe(host.result.finished && host.result.winners.length > 0 ? 'PLAY fanfare' : 'PLAY lose');
  for (const c of timer.commands) expect(c, where).toMatch(/^(PLAY (buzz|warn|click|chime|fanfare|lose)|TIMER \d+)$/);
}
