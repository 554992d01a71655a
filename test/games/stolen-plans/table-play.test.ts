// Stolen Plans at the table: whole games through the table host with bots (2 to 6 players, several
// mixes of option sets: host-games.ts, a few here and every one in table-play.soak.ts), and with scripted people on the JSON stream (public, and one seat's) and
// in the pass-and-play terminal. Every update, line and screen is checked against what its reader
// may not know (`secretsFrom`): a card still secret before and after the move must never appear.
import { describe, expect, it } from 'vitest';
import { stolenPlansEntry } from '../../../host/games/stolen-plans/table-entry.ts';
import { TableHost } from '../../../host/table/host.ts';
import { testSeeds } from '../../support/soak-seeds.ts';
import { runJsonWithPeople, runTerminalWithPeople } from '../../table/support.ts';
import { playHostGame, seats, secretsFrom, still, tableOfSeed } from './host-games.ts';

describe('Stolen Plans through the table host', () => {
  it.each(testSeeds('stolen-plans-host-games').map(tableOfSeed))(
    'plays a whole game with bots ($label, $players players: seed $seed); every card is accounted for, nothing leaks, the timer plays the sounds',
    (table) => playHostGame(table),
  );

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
