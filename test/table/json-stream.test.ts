// The JSON stream front end over the toy games and Secret Invasion: whole games with scripted
// people (the public stream and one seat's stream), the same line types for every game, bad input
// at every prompt refused without a change, table dice, the timer as an external actor, and
// hidden information checked on every line for its reader.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sampleOutcome } from '../../host/engine/chance.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { TABLE } from '../../host/table/entry.ts';
import { runTableJson } from '../../host/table/json-stream.ts';
import { MAX_INPUT_LINE_BYTES } from '../../host/ui/json/stream-io.ts';
import { ambushEntry, countdownEntry, gambitEntry, secretInvasionEntry, skirmishEntry } from './entries.ts';
import { bot, CapturedOutput, FakeTimer, people, person, runJsonWithPeople, startTable, typedInput } from './support.ts';
import type { ChanceSpec } from '../../host/engine/chance.ts';
import { reactionGame } from '../engine/reaction-toy.ts';
import { connectTimer } from '../../host/link/timer-connection.ts';
import { rebelMissionsEntry } from '../../host/games/rebel-missions/table-entry.ts';
import { queensGambitEntry } from '../../host/games/queens-gambit/table-entry.ts';
import { planGame } from '../engine/plan-toy.ts';
import { secretInvasionTable } from '../../host/games/secret-invasion/table-game.ts';
import type { SecretInvasionState } from '../../host/games/secret-invasion/model.ts';
import { isOut } from '../../host/games/secret-invasion/table.ts';

/**
 * Secret Invasion on the old shape reshuffles inside the move that ends a round (whose events show
 * hands the reshuffle hides again) and forgets what a player was shown once they are out: those
 * moves' events are left out, as the game's table-game test does (test/games/secret-invasion/table.test.ts).
 */
function secretInvasionEvents(before: SecretInvasionState, after: SecretInvasionState, reader: string): boolean {
  const out = (s: SecretInvasionState): boolean => isOut(s, reader);
  return before.round === after.round && after.stage !== 'over' && out(before) === out(after);
}

const LINE_TYPES = new Set(['start', 'note', 'game-event', 'table', 'view', 'prompt', 'move', 'rejected', 'error', 'timer-event', 'timer-command', 'result']);

const badLines = (others: readonly string[]) => (seat: string) => [
  'not json',
  '[1, 2]',
  JSON.stringify({ seat, choice: 999 }),
  JSON.stringify({ actor: seat, type: 'no-such-move' }),
  ...others.map((o) => JSON.stringify({ actor: o, type: 'draw' })),
];

describe('the table JSON stream', () => {
  it('plays Ambush to the end on the public stream with two people and a bot; bad input at every prompt is refused and nothing leaks', async () => {
    const { host } = startTable(ambushEntry, { seats: [person('Ana'), person('Ben'), bot('Cy', 'heuristic')], seed: 6 });
    // Besides the plain mistakes, each person tries to play the deck's top card and another's card: the reason must not say where it is.
    const probes = (seat: string): string[] => {
      const deck = host.state.deck[0];
      const other = host.state.hands[seat === 'p1' ? 1 : 0]?.[0];
      return [deck, other].filter((c) => c !== undefined).map((card) => JSON.stringify({ actor: seat, type: 'defend', card }));
    };
    const run = await runJsonWithPeople(host, {
      as: null,
      seed: 1,
      bad: (seat) => [...badLines(['p3'])(seat), ...probes(seat)],
      secretsFrom: reactionGame.secretsFrom,
    });
    expect(run.end).toBe('finished');
    expect(run.leaks).toEqual([]);
    expect(run.records.at(-1)).toMatchObject({ type: 'result', summary: expect.stringMatching(/wins|holds/) });
    for (const r of run.records) expect(LINE_TYPES.has(r['type'] as string), JSON.stringify(r)).toBe(true);
    expect(run.records[0]).toMatchObject({
      type: 'start',
      game: 'ambush',
      as: null,
      players: [
        { id: 'p1', name: 'Ana', bot: null },
        { id: 'p2', name: 'Ben', bot: null },
        { id: 'p3', name: 'Cy', bot: 'heuristic' },
      ],
    });
    expect(run.records[0]).not.toHaveProperty('seed'); // the seed would deal every hand
    // The refusals: each one names the problem; the bot's seat and another seat's moves are not taken.
    const errors = run.records.filter((r) => r['type'] === 'error' || r['type'] === 'rejected');
    expect(errors.some((r) => /no choice 999 in the last prompt/.test(String(r['message'])))).toBe(true);
    expect(errors.some((r) => r['seat'] === 'p3' && /played by a bot/.test(String(r['reason'])))).toBe(true);
    expect(errors.some((r) => /send a menu number, a move as JSON/.test(String(r['message'])))).toBe(true);
    expect(errors.some((r) => /a line of JSON must be an object/.test(String(r['message'])))).toBe(true);
    // Prompts and refusals name their seat; the table's lines carry none.
    for (const r of run.records) {
      if (['prompt', 'view', 'move'].includes(r['type'] as string)) expect(r['seat']).toMatch(/^p[12]$/);
      if (r['type'] === 'table') expect(r).not.toHaveProperty('seat');
    }
    expect(host.log.moves.length).toBeGreaterThan(5);
    // A card tried from the deck and one from another's hand are refused in the same words.
    const probed = run.records.filter((r) => r['type'] === 'rejected' && (r['move'] as { type?: string } | null)?.type === 'defend');
    expect(probed.length).toBeGreaterThan(4);
    const words = new Set(probed.map((r) => String(r['reason']).replace(String((r['move'] as { card: string }).card), 'X')));
    expect([...words].every((w) => !/deck|hand of|holds/.test(w))).toBe(true);
  });

  it('plays Gambit to the end with two people planning at once in small steps, undo included', async () => {
    const { host } = startTable(gambitEntry, { seats: people('Ana', 'Ben'), seed: 2 });
    const run = await runJsonWithPeople(host, { as: null, seed: 4, bad: badLines([]), secretsFrom: planGame.secretsFrom });
    expect(run.end).toBe('finished');
    expect(run.leaks).toEqual([]);
    expect(host.log.moves.some((m) => m.type === 'undo')).toBe(true);
    expect(host.log.moves.filter((m) => m.type === 'commit').length).toBeGreaterThanOrEqual(6);
  });

  it("plays one seat's stream (--as) of every hidden game to the end, every line only what that seat may know", async () => {
    const cases = [
      {
        entry: ambushEntry,
        secretsFrom: reactionGame.secretsFrom,
        seats: [
          { name: 'Ana', bot: null },
          { name: 'B', bot: 'heuristic' },
          { name: 'C', bot: 'search' },
        ],
      },
      {
        entry: gambitEntry,
        secretsFrom: planGame.secretsFrom,
        seats: [
          { name: 'Ana', bot: null },
          { name: 'B', bot: 'random' },
          { name: 'C', bot: 'random' },
          { name: 'D', bot: 'random' },
        ],
      },
      {
        entry: secretInvasionEntry,
        secretsFrom: secretInvasionTable.secretsFrom,
        checkEventsOf: secretInvasionEvents,
        seats: [
          { name: 'Ana', bot: null },
          { name: 'B', bot: 'tracking' },
          { name: 'C', bot: 'random' },
        ],
      },
    ] as const;
    for (const { entry, seats, secretsFrom, ...rest } of cases) {
      const checkEventsOf = 'checkEventsOf' in rest ? (rest.checkEventsOf as never) : undefined;
      // Each case is used through its own types: a loop over entries of different games.
      const { host } = startTable(entry as typeof ambushEntry, { seats, seed: 11 });
      const run = await runJsonWithPeople(host, {
        as: 'p1',
        seed: 3,
        bad: () => ['0', JSON.stringify({ actor: 'p2', type: 'draw' })],
        secretsFrom: secretsFrom as typeof reactionGame.secretsFrom,
        checkEventsOf,
      });
      expect(run.end, entry.game.meta.id).toBe('finished');
      expect(run.leaks, entry.game.meta.id).toEqual([]);
      for (const r of run.records) if (r['type'] !== 'start' && 'seat' in r) expect(r['seat']).toBe('p1');
      expect(run.records.some((r) => r['type'] === 'table')).toBe(false);
      expect(run.records.some((r) => r['type'] === 'error' && /this stream plays p1 only/.test(String(r['message'])))).toBe(true);
      expect(run.records.some((r) => r['type'] === 'error' && /no choice 0/.test(String(r['message'])))).toBe(true);
    }
  });

  it('takes the table dice as {"dice": [...]}, refusing dice typed wrong', async () => {
    const { host } = startTable(skirmishEntry, { seats: [person('Ana'), bot('B', 'random')], seed: 5 }, { chance: 'table' });
    const random = randomFrom(seedRng(9));
    let wrong = 0;
    const run = await runJsonWithPeople(host, {
      as: null,
      seed: 2,
      onRecord: (record, type) => {
        if (record['type'] === 'table' && record['dice'] !== null) {
          if (wrong++ < 2) type(JSON.stringify({ dice: ['not-a-face'] }));
          type(JSON.stringify({ dice: sampleOutcome(record['dice'] as ChanceSpec, random) }));
        }
      },
    });
    expect(run.end).toBe('finished');
    expect(run.records.filter((r) => r['type'] === 'rejected' && /^the dice: /.test(String(r['reason'])) && !('seat' in r))).toHaveLength(2);
    expect(host.log.moves.filter((m) => m.actor === 'chance').length).toBeGreaterThan(2);
  });

  it("turns the timer's events into its moves (Countdown) and shows them on the stream", async () => {
    const timer = new FakeTimer();
    const { host } = startTable(countdownEntry, { seats: [person('Ana'), bot('Ben', 'random')], seed: 5 }, { timer });
    let prompts = 0;
    const run = await runJsonWithPeople(host, {
      as: 'p1',
      seed: 1,
      onRecord: (record) => {
        if (record['type'] === 'start') setImmediate(() => timer.emit({ name: 'START', leftMs: 60_000 }));
        if (record['type'] === 'prompt' && ++prompts === 4) setImmediate(() => timer.emit({ name: 'TIMEOUT' }));
      },
    });
    expect(run.end).toBe('finished');
    expect(run.records.filter((r) => r['type'] === 'timer-event').map((r) => (r['event'] as { name: string }).name)).toContain('START');
    expect(run.records.some((r) => r['type'] === 'game-event' && (r['event'] as { type: string }).type === 'started')).toBe(true);
    expect(host.log.moves[0]).toMatchObject({ actor: 'timer', type: 'start' });
  });

  it('drops an over-long line with an error, says when no menu is open, ends on quit and at the end of input', async () => {
    const { host } = startTable(ambushEntry, { seats: people('Ana', 'Ben'), seed: 1, options: { 'miss-a-turn': false } });
    const input = typedInput();
    const output = new CapturedOutput();
    const ended = runTableJson(host, { input, output }, { as: null });
    input.write(`${'x'.repeat(MAX_INPUT_LINE_BYTES + 10)}\n`);
    input.type(JSON.stringify({ seat: 'p2', choice: 1 }));
    input.type(JSON.stringify({ seat: 'p2', choice: 1, prompt: 1 }));
    input.type(JSON.stringify({ seat: 'p9', choice: 1 }));
    input.type('quit');
    expect(await ended).toBe('quit');
    const records = output.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.some((r) => r['type'] === 'error' && /an input line of \d+ bytes was dropped/.test(String(r['message'])))).toBe(true);
    expect(records.some((r) => r['type'] === 'error' && r['seat'] === 'p2' && /p2 has no menu open/.test(String(r['message'])))).toBe(true);
    expect(records.find((r) => r['type'] === 'error' && r['prompt'] === 1)).toEqual({
      type: 'error',
      seat: 'p2',
      prompt: 1,
      message: 'p2 has no menu open (prompt 1 is closed; nothing was played): wait for its prompt',
    });
    // A seat that is not at the table is told as such, with the seats there are (not as a seat without a menu).
    const p9 = records.find((r) => r['type'] === 'error' && /p9/.test(String(r['message'])));
    expect(p9).toBeDefined();
    expect(p9).not.toHaveProperty('seat');
    expect(String(p9?.['message'])).toMatch(/^there is no seat p9 \(seats: p1, p2\)/);
    expect(String(p9?.['message'])).not.toMatch(/menu/);
    expect(host.log.moves).toHaveLength(0);

    const eof = new PassThrough();
    const second = runTableJson(host, { input: eof, output: new CapturedOutput() }, { as: 'p1' });
    eof.end();
    expect(await second).toBe('quit');
    await expect(runTableJson(host, { input: new PassThrough(), output: new CapturedOutput() }, { as: 'p7' })).rejects.toThrow(
      /--as p7: no such seat \(the seats are p1 \(Ana\), p2 \(Ben\)\)/,
    );
  });

  it("tells on its start line who plays which side (The Queen's Gambit), and null for a game of single seats", async () => {
    const { host } = startTable(queensGambitEntry, { seats: people('Ana', 'Ben'), seed: 2 });
    const input = typedInput();
    const output = new CapturedOutput();
    const ended = runTableJson(host, { input, output }, { as: 'p2' });
    input.type('quit');
    await ended;
    await host.close();
    expect(JSON.parse(output.lines[0] as string)).toMatchObject({
      type: 'start',
      sides: [
        { side: 'Trade Federation', players: ['Ana'] },
        { side: 'Naboo', players: ['Ben'] },
      ],
    });
    const single = startTable(ambushEntry, { seats: people('Ana', 'Ben'), seed: 2 }).host;
    const out2 = new CapturedOutput();
    const input2 = typedInput();
    const ended2 = runTableJson(single, { input: input2, output: out2 }, { as: null });
    input2.type('quit');
    await ended2;
    expect(JSON.parse(out2.lines[0] as string)).toMatchObject({ type: 'start', sides: null });
  });

  it('quit right after a device action ends the stream only after the lines that action owes (its timer event, the prompt it opens)', async () => {
    const connection = await connectTimer({ kind: 'virtual', seed: 3, realTime: false });
    const { host } = startTable(
      rebelMissionsEntry,
      { seats: people('Ana', 'Ben'), seed: 3 },
      { timer: connection.link, assist: connection.assist, now: connection.now },
    );
    try {
      await host.syncTimer();
      await host.settled();
      const input = typedInput();
      const output = new CapturedOutput();
      const ended = runTableJson(host, { input, output }, { as: null });
      // Both lines in one chunk, as a program piping them in sends them: the quit is read before the timer answers.
      input.write(`${JSON.stringify({ action: 'start-timer' })}\nquit\n`);
      expect(await ended).toBe('quit');
      const records = output.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      // The action happened (the timer's START is the match's first timer move) and its lines were all written.
      expect(host.log.moves.some((m) => m.actor === 'timer' && m.type === 'start')).toBe(true);
      expect(records.some((r) => r['type'] === 'timer-event' && (r['event'] as { name: string }).name === 'START')).toBe(true);
      expect(records.some((r) => r['type'] === 'prompt')).toBe(true);
    } finally {
      await host.close();
      await connection.close();
    }
  });

  it('a finished match ends its stream at once with the result; a resumed one starts with the history its reader may see', async () => {
    const { host } = startTable(ambushEntry, { seats: [bot('A', 'heuristic'), bot('B', 'heuristic')], seed: 4 });
    await host.settled();
    const output = new CapturedOutput();
    expect(await runTableJson(host, { input: new PassThrough(), output }, { as: null, resumed: true })).toBe('finished');
    const records = output.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records[0]).toMatchObject({ type: 'start', resumed: true });
    expect(records.at(-1)).toMatchObject({ type: 'result' });
    // The table's history: every event of the game as the table sees it (no dealt card).
    const dealt = records.filter((r) => r['type'] === 'game-event' && (r['event'] as { type: string }).type === 'dealt');
    expect(dealt.length).toBe(2);
    for (const d of dealt) expect((d['event'] as { cards: unknown }).cards).toBeNull();
    expect(host.historyFor(TABLE).length).toBe(records.filter((r) => r['type'] === 'game-event').length);
  });
});

describe('prompt ids on the JSON stream', () => {
  /** Runs Gambit (two people planning at once) on the public stream; `answer` types the replies to each prompt line. */
  async function gambitRun(answer: (prompt: Record<string, unknown>, type: (line: string) => void, count: number) => void) {
    const { host } = startTable(gambitEntry, { seats: people('Ana', 'Ben'), seed: 3 });
    const input = typedInput();
    const records: Record<string, unknown>[] = [];
    let prompts = 0;
    const output = new CapturedOutput((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      records.push(record);
      if (record['type'] === 'prompt') answer(record, (l) => input.type(l), ++prompts);
    });
    const end = await runTableJson(host, { input, output }, { as: null });
    await host.close();
    return { end, records, host };
  }

  it("counts each seat's prompts on its own; an answer to a prompt that is no longer open is refused to that seat alone, and nothing is played", async () => {
    const { records, host } = await gambitRun((prompt, type, count) => {
      const seat = prompt['seat'] as string;
      const id = prompt['id'] as number;
      if (count > 4) return type('quit');
      // Ana sends her answer twice (a double click): the second is for a prompt already answered.
      type(JSON.stringify({ seat, choice: 1, prompt: id }));
      if (seat === 'p1') type(JSON.stringify({ seat, choice: 1, prompt: id }));
    });
    const prompts = records.filter((r) => r['type'] === 'prompt').map((r) => [r['seat'], r['id']]);
    expect(prompts.slice(0, 4)).toEqual([
      ['p1', 1],
      ['p2', 1],
      ['p1', 2],
      ['p2', 2],
    ]);
    const stale = records.filter((r) => r['type'] === 'error');
    expect(stale.length).toBeGreaterThan(0);
    for (const error of stale) {
      expect(error).toMatchObject({ seat: 'p1', prompt: expect.any(Number) });
      expect(String(error['message'])).toMatch(/^prompt \d+ is out of date: p1's open prompt is \d+; nothing was played, answer that one$/);
    }
    // One move per prompt answered: the second copy of each of Ana's answers played nothing.
    const moves = host.log.moves.filter((m) => m.actor === 'p1').length;
    expect(moves).toBe(records.filter((r) => r['type'] === 'move' && r['seat'] === 'p1').length);
    expect(moves).toBe(new Set(records.filter((r) => r['type'] === 'prompt' && r['seat'] === 'p1').map((r) => r['id'])).size - 1);
  });

  it('a prompt shown again with the same menu (another seat moved meanwhile) keeps its id, so an answer on its way to it is taken', async () => {
    const { host } = startTable(ambushEntry, { seats: people('Ana', 'Ben', 'Cy'), seed: 3 });
    const input = typedInput();
    const records: Record<string, unknown>[] = [];
    const answered = new Set<string>();
    const output = new CapturedOutput((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      records.push(record);
      if (record['type'] !== 'prompt') return;
      const key = `${record['seat']} ${record['id']}`;
      if (answered.size >= 24) return input.type('quit');
      if (answered.has(key)) return; // answered already: the answer is on its way
      answered.add(key);
      input.type(JSON.stringify({ seat: record['seat'], choice: 1, prompt: record['id'] }));
    });
    await runTableJson(host, { input, output }, { as: null });
    await host.close();
    expect(records.filter((r) => r['type'] === 'error')).toEqual([]);
    // Each seat's lines in order: a prompt again with the same menu and no move of its own between keeps its id; after its move the id is new.
    let resent = 0;
    for (const seat of ['p1', 'p2', 'p3']) {
      let last: Record<string, unknown> | null = null;
      let movedSince = false;
      for (const r of records.filter((x) => x['seat'] === seat)) {
        if (r['type'] === 'move') movedSince = true;
        if (r['type'] !== 'prompt') continue;
        if (last !== null) {
          const menu = (x: Record<string, unknown>): string => JSON.stringify((x['choices'] as { move: unknown }[]).map((c) => c.move));
          const same = menu(last) === menu(r) && !movedSince;
          if (same) resent++;
          expect(r['id']).toBe(same ? last['id'] : (last['id'] as number) + 1);
        }
        last = r;
        movedSince = false;
      }
    }
    expect(resent).toBeGreaterThan(0);
  });

  it("without an id an answer goes to the seat's newest prompt (as a typed menu number goes to the last prompt); a malformed id is refused", async () => {
    const { records, host } = await gambitRun((prompt, type, count) => {
      const seat = prompt['seat'] as string;
      if (count === 1) type(JSON.stringify({ seat, choice: 1, prompt: 'one' }));
      if (count > 4) return type('quit');
      type(JSON.stringify({ seat, choice: 1 }));
    });
    expect(records.find((r) => r['type'] === 'error')).toMatchObject({
      seat: 'p1',
      message: expect.stringMatching(/^"prompt" is the id of the prompt answered .* not "one"; nothing was played$/),
    });
    expect(host.log.moves.filter((m) => m.actor === 'p1').length).toBeGreaterThan(0);
    expect(host.log.moves.filter((m) => m.actor === 'p2').length).toBeGreaterThan(0);
  });
});
