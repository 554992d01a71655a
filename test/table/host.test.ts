// The table host over every toy game and Secret Invasion: whole games with bots; people's moves
// judged (a refusal changes nothing and goes to its sender alone); several movers at once; a
// simultaneous plan with undo and commit; table dice; the timer as an external actor and as a
// table device.
import { describe, expect, it } from 'vitest';
import { sampleOutcome } from '../../host/engine/chance.ts';
import { CHANCE } from '../../host/engine/decisions.ts';
import { randomFrom, seedRng } from '../../host/engine/rng.ts';
import { openChance, toMove } from '../../host/engine/table-game.ts';
import { replayTable } from '../../host/engine/table-play.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHostError, type TableUpdate } from '../../host/table/host.ts';
import { ambushEntry, countdownEntry, gambitEntry, secretInvasionEntry, skirmishEntry } from './entries.ts';
import { bot, FakeTimer, people, person, startTable } from './support.ts';
import type { PlanMove } from '../engine/plan-toy.ts';

const bots = (n: number, bot: string | null = 'random') => Array.from({ length: n }, (_, i) => ({ name: `Bot ${i + 1}`, bot }));

describe('the table host', () => {
  it('plays whole games of every game with bots to the end, and its log replays to the same state', async () => {
    const cases = [
      {
        entry: ambushEntry,
        seats: [
          { name: 'A', bot: 'heuristic' },
          { name: 'B', bot: 'random' },
          { name: 'C', bot: 'search' },
        ],
      },
      { entry: gambitEntry, seats: bots(4) },
      { entry: skirmishEntry, seats: bots(2) },
      {
        entry: secretInvasionEntry,
        seats: [
          { name: 'A', bot: 'tracking' },
          { name: 'B', bot: 'random' },
          { name: 'C', bot: 'tracking' },
        ],
      },
    ] as const;
    for (const { entry, seats } of cases) {
      for (const seed of [1, 2, 3]) {
        // Each entry is used through its own types: a loop over entries of different games.
        const { host } = startTable(entry as typeof ambushEntry, { seats, seed });
        const finished: unknown[] = [];
        host.subscribe(TABLE, (u) => u.kind === 'finished' && finished.push(u.result));
        await host.settled();
        expect(host.result.finished, `${entry.game.meta.id} seed ${seed}`).toBe(true);
        expect(finished).toHaveLength(1);
        expect(replayTable(entry.game as typeof ambushEntry.game, host.log)).toEqual(host.state);
        await host.close();
      }
    }
  });

  it('refuses a bad move with the reason, to its sender alone, and changes nothing', async () => {
    const { host } = startTable(ambushEntry, { seats: [person('Ana'), person('Ben'), bot('Cy', 'heuristic')], seed: 5, options: { 'miss-a-turn': false } });
    const got: Record<string, TableUpdate<unknown, unknown, unknown>[]> = { table: [], p1: [], p2: [] };
    for (const viewer of ['table', 'p1', 'p2'] as const) host.subscribe(viewer, (u) => got[viewer]?.push(u));
    await host.settled();
    expect(toMove(ambushEntry.game, host.state)).toEqual(['p1']);
    const before = { state: host.state, moves: host.log.moves.length };
    for (const k of Object.keys(got)) got[k] = [];
    const cases: [string, unknown, RegExp][] = [
      ['p2', { actor: 'p2', type: 'draw' }, /"p2" is not asked/],
      ['p2', { actor: 'p1', type: 'draw' }, /seat p2 may only make its own moves/],
      ['p1', { actor: 'p1', type: 'attack', card: 'nonsense-1', target: 'p2' }, /./],
      ['p1', 'draw', /a move is a JSON object/],
      ['p1', { actor: 'p1' }, /needs a "type"/],
      ['p3', { actor: 'p3', type: 'draw' }, /played by a bot/],
      [TABLE, { actor: 'p1', type: 'draw' }, /the table has no seat/],
    ];
    for (const [viewer, move, reason] of cases) {
      const submitted = host.submit(viewer, move);
      expect(submitted.ok).toBe(false);
      if (!submitted.ok) expect(submitted.reason).toMatch(reason);
    }
    expect(host.state).toBe(before.state);
    expect(host.log.moves).toHaveLength(before.moves);
    // Each refusal went to the viewer who sent it, and to nobody else.
    expect(got['p2']?.map((u) => u.kind)).toEqual(['rejected', 'rejected']);
    expect(got['p1']?.map((u) => u.kind)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(got['table']?.map((u) => u.kind)).toEqual(['rejected']);
    expect(host.enterDice(TABLE, ['x']).ok).toBe(false);
    expect(() => host.subscribe('p9', () => undefined)).toThrow(/"p9" is not a seat of this game/);
    // A good move is taken: the mover hears it, everyone gets their own snapshot.
    for (const k of Object.keys(got)) got[k] = [];
    expect(host.submit('p1', { actor: 'p1', type: 'draw' })).toEqual({ ok: true });
    expect(got['p1']?.[0]).toEqual({ kind: 'moved', move: { actor: 'p1', type: 'draw' } });
    expect(got['p2']?.some((u) => u.kind === 'moved')).toBe(false);
    expect(got['table']?.some((u) => u.kind === 'snapshot')).toBe(true);
  });

  it('refuses an unknown bot and a wrong table size naming what to fix', () => {
    expect(() => startTable(ambushEntry, { seats: [bot('A', 'clever'), person('B')], seed: 1 })).toThrow(
      /Ambush has no bot "clever" \(its bots are random, heuristic, search\)/,
    );
    expect(() => startTable(ambushEntry, { seats: bots(5), seed: 1 })).toThrow(/Ambush is played by 2 to 4 players, not 5/);
    expect(() => startTable(ambushEntry, { seats: bots(2), seed: 1, options: { burn: 'yes' } })).toThrow(/option "burn" is on or off/);
    expect(TableHostError.name).toBe('TableHostError');
  });

  it('asks several people at once and keeps each plan private: picks, undo, commit', async () => {
    const { host } = startTable(gambitEntry, { seats: people('Ana', 'Ben'), seed: 9 });
    const seen: Record<string, TableUpdate<PlanMove, unknown, unknown>[]> = { table: [], p1: [], p2: [] };
    for (const viewer of ['table', 'p1', 'p2'] as const) host.subscribe(viewer, (u) => seen[viewer]?.push(u));
    await host.settled();
    expect(host.snapshot(TABLE).waitingOn).toEqual(['p1', 'p2']);
    const p1 = host.snapshot('p1');
    const pick = p1.moves.find((m) => m.type === 'pick') as PlanMove & { card: string };
    expect(host.submit('p1', pick).ok).toBe(true);
    expect(host.snapshot('p1').moves.some((m) => m.type === 'undo')).toBe(true);
    expect(host.submit('p1', { actor: 'p1', type: 'undo' }).ok).toBe(true);
    // Ben was told nothing of Ana's pick, nor was the table; Ana saw her own plan change.
    const cards = (updates: readonly TableUpdate<PlanMove, unknown, unknown>[]): string => JSON.stringify(updates);
    expect(cards(seen['p2'] ?? [])).not.toContain(`"${pick.card}"`);
    expect(cards(seen['table'] ?? [])).not.toContain(`"${pick.card}"`);
    expect(cards(seen['p1'] ?? [])).toContain(`"${pick.card}"`);
    // Both plan in steps and commit, in any order; then the reveal.
    for (const seat of ['p2', 'p1'] as const) {
      while (host.snapshot(seat).moves.some((m) => m.type === 'pick' || m.type === 'commit')) {
        const moves = host.snapshot(seat).moves;
        const move = moves.find((m) => m.type === 'commit') ?? moves.find((m) => m.type === 'pick');
        expect(move).toBeDefined();
        expect(host.submit(seat, move).ok).toBe(true);
      }
    }
    // The plans are made: one player at a time turns a card over.
    expect(host.snapshot(TABLE).waitingOn).toHaveLength(1);
    expect(host.snapshot(host.snapshot(TABLE).waitingOn[0] as string).moves.map((m) => m.type)).toEqual(['strike', 'guard']);
    await host.close();
  });

  it('waits for the table dice, refuses dice typed wrong, and plays a whole game on entered dice', async () => {
    const { host } = startTable(skirmishEntry, { seats: bots(2), seed: 4 }, { chance: 'table' });
    const table: TableUpdate<unknown, unknown, unknown>[] = [];
    host.subscribe(TABLE, (u) => table.push(u));
    const random = randomFrom(seedRng(77));
    let entered = 0;
    for (let guard = 0; guard < 5_000 && !host.result.finished; guard++) {
      await host.settled();
      const spec = openChance(skirmishEntry.game, host.state);
      if (spec === null) continue;
      expect(host.snapshot(TABLE).dice).toEqual(spec);
      expect(host.diceWanted()).toBe(true);
      const before = host.log.moves.length;
      const wrong = host.enterDice(TABLE, ['no-such-face']);
      expect(wrong.ok).toBe(false);
      expect(host.log.moves).toHaveLength(before);
      expect(host.enterDice(TABLE, sampleOutcome(spec, random)).ok).toBe(true);
      entered++;
    }
    expect(host.result.finished).toBe(true);
    expect(entered).toBeGreaterThan(3);
    expect(host.log.moves.filter((m) => m.actor === CHANCE)).toHaveLength(entered);
    expect(table.some((u) => u.kind === 'rejected' && /the dice:/.test(u.reason))).toBe(true);
  });

  it('binds the timer as an external actor: its events become its moves, one the rules refuse is a note', async () => {
    const timer = new FakeTimer();
    const { host } = startTable(countdownEntry, { seats: bots(2), seed: 3 }, { timer });
    const table: TableUpdate<unknown, unknown, unknown>[] = [];
    host.subscribe(TABLE, (u) => table.push(u));
    await host.settled();
    expect(host.snapshot(TABLE).waitingOn).toEqual(['timer']);
    expect(host.snapshot(TABLE).prompt).toMatch(/Press the triangle/);
    timer.emit({ name: 'TIME', leftMs: 1000 }); // not started yet: refused, noted
    expect(table.some((u) => u.kind === 'note' && /the timer's TIME was not taken: the timer has not started/.test(u.text))).toBe(true);
    timer.emit({ name: 'START', leftMs: 900_000 });
    timer.emit({ name: 'KEY', button: 'circle' }); // not a move of the game: only shown
    await host.settled();
    if (!host.result.finished) {
      timer.emit({ name: 'TIMEOUT' });
      await host.settled();
      expect(host.result).toMatchObject({ finished: true, summary: 'lost: time ran out' });
    }
    expect(host.log.moves[0]).toEqual({ actor: 'timer', type: 'start', leftMs: 900_000 });
    expect(table.filter((u) => u.kind === 'timer').map((u) => (u.kind === 'timer' ? u.event.name : ''))).toContain('KEY');
    await host.close();
    timer.emit({ name: 'TIMEOUT' }); // closed: no longer listening
  });

  it('binds the timer as a table device: sounds for the events, a turn clock for every new decision, a refusal is a note', async () => {
    const timer = new FakeTimer();
    const { host } = startTable(ambushEntry, { seats: bots(3, 'heuristic'), seed: 8 }, { timer, turnSeconds: 30 });
    const table: TableUpdate<unknown, unknown, unknown>[] = [];
    host.subscribe(TABLE, (u) => table.push(u));
    await host.settled();
    await host.close();
    expect(host.result.finished).toBe(true);
    expect(timer.commands).toContain('TIMER 30');
    expect(timer.commands.at(-1)).toBe('PLAY fanfare');
    expect(timer.commands.filter((c) => c === 'PLAY fanfare')).toHaveLength(1);
    expect(table.filter((u) => u.kind === 'timer-command')).toHaveLength(timer.commands.length);

    const refusing = new FakeTimer();
    refusing.refuse = 'ERR state running';
    const second = startTable(ambushEntry, { seats: bots(2, 'heuristic'), seed: 2 }, { timer: refusing, turnSeconds: 20 }).host;
    const notes: string[] = [];
    second.subscribe(TABLE, (u) => u.kind === 'note' && notes.push(u.text));
    await second.settled();
    await second.close();
    expect(second.result.finished).toBe(true);
    expect(notes.some((n) => /the timer did not take TIMER 20 \(ERR state running\); play goes on/.test(n))).toBe(true);
    // A turn clock running out is a reminder.
    const third = startTable(ambushEntry, { seats: people('Ana', 'Ben'), seed: 2 }, { timer, turnSeconds: 20 });
    const reminders: string[] = [];
    third.host.subscribe(TABLE, (u) => u.kind === 'note' && reminders.push(u.text));
    timer.emit({ name: 'TIMEOUT' });
    expect(reminders[0]).toMatch(/the turn clock ran out for (Ana|Ben)/);
    await third.host.close();
  });

  it('with a pause before every bot move, plays a whole game with a person and bots', async () => {
    const { host } = startTable(ambushEntry, { seats: [person('Ana'), bot('B', 'heuristic'), bot('C', 'random')], seed: 3 }, { botDelayMs: 1 });
    for (let guard = 0; guard < 2_000 && !host.result.finished; guard++) {
      await host.settled();
      const moves = host.snapshot('p1').moves;
      if (moves.length > 0) expect(host.submit('p1', moves[moves.length - 1]).ok).toBe(true);
    }
    expect(host.result.finished).toBe(true);
    expect(new Set(host.log.moves.map((m) => m.actor))).toEqual(new Set(['p1', 'p2', 'p3', 'chance']));
    await host.close();
  });
});
