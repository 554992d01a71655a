// Stolen Plans at the table: whole games through the table host with bots (2 to 6 players, several
// mixes of option sets), and with scripted people on the JSON stream (public, and one seat's) and
// in the pass-and-play terminal. Every update, line and screen is checked against what its reader
// may not know (`secretsFrom`): a card still secret before and after the move must never appear.
import { describe, expect, it } from 'vitest';
import { cardAccountingProblems, stolenPlans } from '../../../host/games/stolen-plans/game.ts';
import { stolenPlansEntry } from '../../../host/games/stolen-plans/table-entry.ts';
import type { SpState } from '../../../host/games/stolen-plans/state.ts';
import { TABLE } from '../../../host/table/entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { FakeTimer, runJsonWithPeople, runTerminalWithPeople } from '../../table/support.ts';

/** A clock that never moves: the scripted people answer every quick window themselves (its running out is table-quick.test.ts's). */
const still = (): ManualClock => new ManualClock(0);

const secretsFrom = (s: SpState, viewer: string): readonly string[] => stolenPlans.secretsFrom(s, viewer);

const seats = (bots: readonly (string | null)[]) => bots.map((bot, i) => ({ name: ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Finn'][i] as string, bot }));

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

describe('Stolen Plans through the table host', () => {
  it('plays whole games with bots at 2 to 6 seats and every option mix; every card is accounted for, nothing leaks, the timer plays the sounds', async () => {
    const bots = ['hunter', 'random', 'hunter', 'random', 'hunter', 'random']; // the search bot plays in the stream and terminal games below
    let games = 0;
    for (const [m, mix] of MIXES.entries()) {
      for (let players = 2; players <= 6; players++) {
        if (players === 6 && Object.keys(mix.options).length === 0) continue; // the base deck is for 2 to 5 (README: player counts)
        // Six players need a larger deck: the bonus cards or Rogue One (README: player counts).
        if (players === 6 && mix.options['bonus'] !== true && mix.options['rogue-one'] !== true) continue;
        const timer = new FakeTimer();
        const { host } = TableHost.start(
          stolenPlansEntry,
          { seats: seats(bots.slice(0, players)), options: mix.options, seed: 100 * m + players },
          { savePath: null, timer, clock: still() },
        );
        const leaks = watchLeaks(host as never);
        await host.settled();
        await host.close(); // the timer's commands go out one at a time: all are sent once it is closed
        const where = `${mix.label}, ${players} players`;
        expect(host.result.finished, where).toBe(true);
        expect(cardAccountingProblems(host.state), where).toEqual([]);
        expect(leaks, where).toEqual([]);
        // The game's end is heard: a fanfare for a winner, the lose sound when nobody wins.
        const last = timer.commands.at(-1);
        expect(last, where).toBe(host.result.finished && host.result.winners.length > 0 ? 'PLAY fanfare' : 'PLAY lose');
        for (const c of timer.commands) expect(c, where).toMatch(/^(PLAY (buzz|warn|click|chime|fanfare|lose)|TIMER \d+)$/);
        games++;
      }
    }
    expect(games).toBe(6 * 4 + 4);
  }, 120_000);

  it('rejects a move of another seat, a move of a bot seat and a card the mover does not hold, each with its reason, changing nothing', async () => {
    const { host } = TableHost.start(stolenPlansEntry, { seats: seats([null, null, 'hunter']), seed: 4 }, { savePath: null, clock: still() });
    await host.settled();
    const before = JSON.stringify(host.state);
    const other = host.state.hands[1]?.[0] as string;
    expect(host.submit('p1', { actor: 'p2', type: 'draw' })).toMatchObject({ ok: false, reason: expect.stringMatching(/own moves/) });
    expect(host.submit('p3', { actor: 'p3', type: 'draw' })).toMatchObject({ ok: false, reason: expect.stringMatching(/bot/) });
    const refused = host.submit('p1', { actor: 'p1', type: 'discard', card: other });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(host.state)).toBe(before);
    await host.close();
  });
});

describe('Stolen Plans on the JSON stream', () => {
  it('plays to the end on the public stream with three people and a bot, bad input at every prompt, every line checked for its reader', async () => {
    for (const [seed, options] of [
      [1, { bonus: true }],
      [2, { 'new-ruling': true, 'there-is-another': true }],
    ] as const) {
      const { host } = TableHost.start(stolenPlansEntry, { seats: seats([null, null, null, 'hunter']), options, seed }, { savePath: null, clock: still() });
      const run = await runJsonWithPeople(host, {
        as: null,
        seed,
        bad: (seat) => ['not json', JSON.stringify({ seat, choice: 999 }), JSON.stringify({ actor: 'p4', type: 'draw' })],
        secretsFrom,
      });
      expect(run.end).toBe('finished');
      expect(run.leaks).toEqual([]);
      expect(run.records.find((r) => r['type'] === 'result')).toMatchObject({ summary: expect.stringMatching(/wins|nobody/) });
      const prompts = run.records.filter((r) => r['type'] === 'prompt');
      expect(prompts.length).toBeGreaterThan(20);
      // A prompt's menu: labels in words, hints with the card's text.
      const choices = prompts.flatMap((p) => p['choices'] as { label: string; hint?: string; move: { type: string } }[]);
      expect(choices.some((c) => c.label === 'Draw a card')).toBe(true);
      expect(choices.some((c) => c.move.type === 'attack' && /^Attack \w+ with .+\(Attack \d+/.test(c.label) && /Attack \d+/.test(c.hint ?? ''))).toBe(true);
      expect(run.records.some((r) => r['type'] === 'error' && /no choice 999/.test(String(r['message'])))).toBe(true);
      expect(run.records.some((r) => r['type'] === 'rejected' && r['seat'] === 'p4' && /played by a bot/.test(String(r['reason'])))).toBe(true);
      await host.close();
    }
  }, 60_000);

  it("plays one seat's stream (--as p2) at 5 seats to the end, every line only what p2 may know", async () => {
    const { host } = TableHost.start(
      stolenPlansEntry,
      { seats: seats(['hunter', null, 'random', 'search', 'hunter']), options: { bonus: true }, seed: 21 },
      { savePath: null, clock: still() },
    );
    const run = await runJsonWithPeople(host, { as: 'p2', seed: 5, bad: () => ['0', JSON.stringify({ actor: 'p1', type: 'draw' })], secretsFrom });
    expect(run.end).toBe('finished');
    expect(run.leaks).toEqual([]);
    for (const r of run.records) if (r['type'] !== 'start' && 'seat' in r) expect(r['seat']).toBe('p2');
    // Others' draws are told without their card; p2's own with it.
    const texts = run.records.filter((r) => r['type'] === 'game-event').flatMap((r) => r['text'] as string[]);
    expect(texts.some((t) => /^Ana draws a card \(\d+ cards? left\)\.$/.test(t))).toBe(true);
    expect(texts.some((t) => /^You draw .+ \(\d+ cards? left\)\.$/.test(t))).toBe(true);
    await host.close();
  }, 60_000);
});

describe('Stolen Plans in the pass-and-play terminal', () => {
  it('plays to the end with three people and two bots, each asked privately, wrong answers asked again, nothing leaks to whoever looks', async () => {
    const { host } = TableHost.start(
      stolenPlansEntry,
      { seats: seats([null, 'hunter', null, 'random', null]), options: { bonus: true, 'new-ruling': true }, seed: 8 },
      { savePath: null, clock: still() },
    );
    const run = await runTerminalWithPeople(host, { seed: 2, secretsFrom, badAnswers: true });
    expect(run.end).toBe('finished');
    expect(run.leaks).toEqual([]);
    expect(new Set(run.passes)).toEqual(new Set(['Ana', 'Cy', 'Eve']));
    expect(run.lines.some((l) => /^Your hand \(\d+ cards?\):$/.test(l))).toBe(true);
    expect(run.lines.some((l) => /^ {2}Ben draws a card \(\d+ cards? left\)\.$/.test(l))).toBe(true);
    await host.close();
  }, 60_000);

  it('plays a two-player game with one person to the end, told from their side without passing the screen', async () => {
    const { host } = TableHost.start(
      stolenPlansEntry,
      { seats: seats([null, 'search']), options: { 'r2-d2-where-are-you': true }, seed: 3 },
      { savePath: null, clock: still() },
    );
    const run = await runTerminalWithPeople(host, { seed: 9, secretsFrom });
    expect(run.end).toBe('finished');
    expect(run.leaks).toEqual([]);
    expect(run.passes).toEqual([]);
    expect(run.lines.some((l) => /^Turn \d+: your turn\.$/.test(l.trim()))).toBe(true);
    await host.close();
  }, 60_000);
});
