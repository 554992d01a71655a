// "Be quick" windows in the table host (Ambush with quick-seconds): counted from the moment the
// window opens, the same for everyone whatever they hold; on the timer with TIMER when one is
// connected; when the time runs out, everyone still asked is passed in seat order with logged
// moves; a resumed match counts an open window again from its full length. All on a manual clock.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayTable } from '../../host/engine/table-play.ts';
import { TABLE } from '../../host/table/entry.ts';
import { TableHost, TIMER_TIMEOUT_GRACE_MS, type HostOptions, type TableUpdate } from '../../host/table/host.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { testTempDir } from '../support/temp-dir.ts';
import { dealtState, type ReactionEvent, type ReactionMove, type ReactionView } from '../engine/reaction-toy.ts';
import { ambushEntry } from './entries.ts';
import { FakeTimer } from './support.ts';

type Update = TableUpdate<ReactionMove, ReactionView, ReactionEvent>;
const people = [
  { name: 'Ana', bot: null },
  { name: 'Ben', bot: null },
  { name: 'Cy', bot: null },
] as const;

function quickMatch(seed: number, options: Partial<HostOptions> = {}, seconds = 5) {
  const clock = new ManualClock(10_000);
  const { host } = TableHost.start(ambushEntry, { seats: people, seed, options: { 'quick-seconds': seconds } }, { savePath: null, clock, ...options });
  const updates = new Map<string, Update[]>();
  for (const viewer of [TABLE, 'p1', 'p2', 'p3']) {
    const list: Update[] = [];
    updates.set(viewer, list);
    host.subscribe(viewer, (u) => list.push(u));
  }
  return { host, clock, updates, all: updates.get(TABLE) as Update[] };
}

describe('a quick window in the table host', () => {
  it("opens with its countdown, the same in every viewer's snapshot; a pass does not stop it for the others", async () => {
    const { host, clock } = quickMatch(3);
    await host.settled();
    const countdown = host.snapshot(TABLE).countdown;
    expect(countdown).toEqual({ window: 'miss-turn', seconds: 5, startedAt: 10_000, endsAt: 15_000 });
    for (const seat of ['p1', 'p2', 'p3']) expect(host.snapshot(seat).countdown).toEqual(countdown);
    clock.pass(2000);
    expect(host.submit('p2', { actor: 'p2', type: 'pass' }).ok).toBe(true);
    expect(host.snapshot(TABLE).countdown).toEqual(countdown);
    expect(host.countdownLeftMs()).toBe(3000);
    clock.pass(2999);
    expect(host.log.moves).toHaveLength(1);
    await host.close();
  });

  it('when the time runs out, everyone still asked is passed, in seat order, as logged moves', async () => {
    const { host, clock, all, updates } = quickMatch(3);
    await host.settled();
    clock.pass(4999);
    expect(host.log.moves).toEqual([]);
    clock.pass(1);
    expect(host.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(all.filter((u) => u.kind === 'time-up')).toEqual([{ kind: 'time-up', window: 'miss-turn', passing: ['p2', 'p3'] }]);
    // The time-up comes before the passes it makes; the passed seat hears of its own move.
    const kinds = all.map((u) => u.kind);
    expect(kinds.indexOf('time-up')).toBeLessThan(kinds.lastIndexOf('events'));
    expect(updates.get('p3')?.some((u) => u.kind === 'moved')).toBe(true);
    expect(host.snapshot(TABLE).countdown).toBeNull();
    expect(host.snapshot('p1').moves.length).toBeGreaterThan(0); // p1's turn goes on
    expect(replayTable(ambushEntry.game, host.log)).toEqual(host.state);
    await host.close();
  });

  it('a window everyone answered closes without a time-up; nothing is left counting', async () => {
    const { host, clock, all } = quickMatch(3);
    await host.settled();
    host.submit('p2', { actor: 'p2', type: 'pass' });
    host.submit('p3', { actor: 'p3', type: 'pass' });
    expect(host.snapshot(TABLE).countdown).toBeNull();
    expect(clock.timers).toHaveLength(0);
    clock.pass(10_000);
    expect(host.log.moves).toHaveLength(2);
    expect(all.some((u) => u.kind === 'time-up')).toBe(false);
    await host.close();
  });

  it('nothing in its timing depends on a hand: tables dealt differently see the same countdown and the same passes', async () => {
    const runs = [];
    for (const seed of [3, 4, 5, 6, 7, 8]) {
      const { host, clock, all } = quickMatch(seed);
      await host.settled();
      const opened = host.snapshot(TABLE).countdown;
      clock.pass(5000);
      runs.push({ opened, moves: host.log.moves, timeUps: all.filter((u) => u.kind === 'time-up'), left: host.countdownLeftMs() });
      await host.close();
    }
    for (const run of runs) expect(run).toEqual(runs[0]);
  });

  it('bots asked in a quick window answer after the usual pause, whatever they hold; the time passes the people still asked', async () => {
    const clock = new ManualClock(0);
    const seats = [
      { name: 'Ana', bot: null },
      { name: 'Ben', bot: 'random' },
      { name: 'Cy', bot: null },
    ];
    const { host } = TableHost.start(ambushEntry, { seats, seed: 3, options: { 'quick-seconds': 5 } }, { savePath: null, clock });
    await host.settled();
    expect(host.log.moves.map((m) => m.actor)).toEqual(['p2']);
    const ben = host.log.moves[0];
    clock.pass(5000);
    // Ben passed: Cy is passed when the time runs out; Ben took it: the window is closed already.
    expect(host.log.moves.slice(1)).toEqual(ben?.type === 'pass' ? [{ actor: 'p3', type: 'pass' }] : []);
    await host.close();
  });

  it('with a timer connected, the window counts down on it (TIMER 5), stops it when answered early (TIMER 0), and ends on its TIMEOUT', async () => {
    const timer = new FakeTimer();
    const { host } = quickMatch(3, { timer });
    await host.settled();
    expect(timer.commands).toEqual(['TIMER 5']);
    host.submit('p2', { actor: 'p2', type: 'pass' });
    host.submit('p3', { actor: 'p3', type: 'pass' });
    await host.settled();
    expect(timer.commands).toEqual(['TIMER 5', 'TIMER 0']);
    await host.close();

    const device = new FakeTimer();
    const second = quickMatch(3, { timer: device });
    await second.host.settled();
    // A TIMEOUT long before the window's time is an older clock's: nothing is passed.
    device.emit({ name: 'TIMEOUT' });
    expect(second.host.log.moves).toEqual([]);
    // At its time the timer says TIMEOUT and the passes follow at once.
    second.clock.pass(5000);
    expect(second.host.log.moves).toEqual([]);
    device.emit({ name: 'TIMEOUT' });
    expect(second.host.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    expect(device.commands).toEqual(['TIMER 5']);
    await second.host.close();
  });

  it('a timer that never says TIMEOUT holds nothing up: the host ends the window a moment later itself', async () => {
    const timer = new FakeTimer();
    const { host, clock } = quickMatch(3, { timer });
    await host.settled();
    clock.pass(5000 + TIMER_TIMEOUT_GRACE_MS - 1);
    expect(host.log.moves).toEqual([]);
    clock.pass(1);
    expect(host.log.moves).toHaveLength(2);
    expect(timer.commands).toEqual(['TIMER 5']);
    await host.close();
  });

  it('with the turn clock, the quick window takes its place on the timer and the turn clock comes back after', async () => {
    const timer = new FakeTimer();
    const { host, clock } = quickMatch(3, { timer, turnSeconds: 60 });
    await host.settled();
    expect(timer.commands).toEqual(['TIMER 5']);
    clock.pass(5000);
    timer.emit({ name: 'TIMEOUT' });
    await host.settled();
    expect(timer.commands).toEqual(['TIMER 5', 'TIMER 60']);
    await host.close();
  });

  it('a resumed match counts a window that was open again from its full length', async () => {
    const dir = testTempDir('quick-resume-');
    const savePath = join(dir, 'ambush.json');
    const clock = new ManualClock(0);
    const { host } = TableHost.start(ambushEntry, { seats: people, seed: 3, options: { 'quick-seconds': 5 } }, { savePath, clock });
    await host.settled();
    host.submit('p2', { actor: 'p2', type: 'pass' });
    clock.pass(4000);
    await host.close();
    expect(clock.timers).toHaveLength(0);
    const resumed = TableHost.resume(ambushEntry, { savePath, clock }).host;
    expect(resumed.snapshot(TABLE).countdown).toEqual({ window: 'miss-turn', seconds: 5, startedAt: 4000, endsAt: 9000 });
    clock.pass(4999);
    expect(resumed.log.moves).toHaveLength(1);
    clock.pass(1);
    expect(resumed.log.moves).toEqual([
      { actor: 'p2', type: 'pass' },
      { actor: 'p3', type: 'pass' },
    ]);
    await resumed.close();
  });

  it('untimed (quick-seconds 0): no countdown, nothing ever passed by the clock', async () => {
    const { host, clock } = quickMatch(3, {}, 0);
    await host.settled();
    expect(host.snapshot(TABLE).countdown).toBeNull();
    clock.pass(60_000);
    expect(host.log.moves).toEqual([]);
    await host.close();
  });

  it('someone asked who may not pass is still waited on after the time runs out; the window goes on untimed and counts no more', async () => {
    // Ambush's Miss a Turn window as if the rules gave Cy no pass (a window the game made so).
    const dealt = dealtState(
      [
        ['attack3-1', 'plans-1', 'defend2-1'],
        ['missturn-1', 'steal-1', 'defend2-2'],
        ['missturn-2', 'steal-2', 'defend3-1'],
      ],
      ['attack3-2', 'attack5-1', 'burn-1'],
      1,
      5,
    );
    const top = dealt.stack[1] as (typeof dealt.stack)[number];
    const state = { ...dealt, stack: [dealt.stack[0] as typeof top, { ...top, mayPass: ['p2'] }] };
    const clock = new ManualClock(0);
    const game = { ...ambushEntry.game, setup: () => ({ state, events: [] }) };
    const { host } = TableHost.start({ ...ambushEntry, game }, { seats: people, seed: 1 }, { savePath: null, clock });
    const table: Update[] = [];
    host.subscribe(TABLE, (u) => table.push(u));
    expect(host.snapshot(TABLE).countdown).toMatchObject({ window: 'miss-turn', seconds: 5 });
    clock.pass(5000);
    expect(host.log.moves).toEqual([{ actor: 'p2', type: 'pass' }]);
    expect(host.snapshot(TABLE).waitingOn).toEqual(['p3']);
    expect(host.snapshot(TABLE).countdown).toBeNull();
    expect(host.countdownLeftMs()).toBeNull();
    expect(table.filter((u) => u.kind === 'snapshot').at(-1)).toMatchObject({ snapshot: { countdown: null } });
    clock.pass(60_000);
    expect(host.log.moves).toHaveLength(1);
    // Cy plays Miss a Turn: the window closes; the next turn's window counts afresh.
    expect(host.submit('p3', { actor: 'p3', type: 'miss-turn', card: 'missturn-2' }).ok).toBe(true);
    expect(host.snapshot(TABLE).countdown).toMatchObject({ window: 'miss-turn', seconds: 5, startedAt: 65_000 });
    await host.close();
  });
});
